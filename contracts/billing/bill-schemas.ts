/**
 * The shape of a monthly bill as the server answers it and the pages read it (ADR 0073): lines
 * with their discounts, payment and tax rate, and the tax per rate. The schemas only: the
 * computation (monthly-bills.ts) and the price list stay on the server's side of the bundle.
 */
import { z } from 'zod/mini';
import { JstMonthSchema } from '../api/jst-month';
import { PaymentMethod, PlanIdSchema, ServiceIdSchema } from '../codes';

/** Consumption tax rates in percent: standard 10, reduced 8 (no service of ours is at 8 yet). */
export const TaxRateSchema = z.literal([10, 8]);
export type TaxRate = z.infer<typeof TaxRateSchema>;

/** Payment method of a bill line: mobile bill (携帯電話料金と合算) or credit card. */
export const BillPaymentSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal(PaymentMethod.WithMobile), cardLast4: z.null() }),
  z.object({ method: z.literal(PaymentMethod.CreditCard), cardLast4: z.string().check(z.regex(/^\d{4}$/)) }),
]);
export type BillPayment = z.infer<typeof BillPaymentSchema>;

export const BillDiscountSchema = z.object({
  /** 「初月無料」 or the coupon's name. */
  label: z.string().check(z.minLength(1)),
  /** Yen taken off the line, tax included; 0 when an earlier discount left nothing. */
  amount: z.int().check(z.nonnegative()),
});
export type BillDiscount = z.infer<typeof BillDiscountSchema>;

export const BillLineSchema = z.object({
  contractId: z.string().check(z.minLength(1)),
  serviceId: ServiceIdSchema,
  serviceName: z.string().check(z.minLength(1)),
  planId: PlanIdSchema,
  planName: z.string().check(z.minLength(1)),
  /** The plan's monthly price, tax included. */
  unitPrice: z.int().check(z.nonnegative()),
  discounts: z.array(BillDiscountSchema),
  /** unitPrice less the discounts, tax included, never negative. */
  amount: z.int().check(z.nonnegative()),
  taxRate: TaxRateSchema,
  payment: BillPaymentSchema,
});
export type BillLine = z.infer<typeof BillLineSchema>;

export const TaxByRateSchema = z.object({
  rate: TaxRateSchema,
  totalIncludingTax: z.int().check(z.nonnegative()),
  /** The consumption tax contained in the total, rounded down. */
  tax: z.int().check(z.nonnegative()),
});
export type TaxByRate = z.infer<typeof TaxByRateSchema>;

export const MonthlyBillSchema = z.object({
  month: JstMonthSchema,
  /** By service id, then contract start. */
  lines: z.array(BillLineSchema).check(z.minLength(1)),
  /** Sum of the lines' amounts, tax included. */
  total: z.int().check(z.nonnegative()),
  /** Highest rate first. */
  taxByRate: z.array(TaxByRateSchema),
});
export type MonthlyBill = z.infer<typeof MonthlyBillSchema>;

