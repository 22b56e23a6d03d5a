/**
 * The billing calls (spec section 7): GET billing/history lists the months billed, newest first;
 * POST billing/summary answers one month's bill with its lines; POST 3g/billing/summary answers a
 * legacy 3G line's month as the old billing system keeps it, per service without lines.
 * Bills are computed from the contracts (contracts/billing/monthly-bills.ts,
 * docs/decisions/0073-billing-model.md); the current month is an estimate until it closes.
 */
import { z } from 'zod/mini';
import { JstMonthSchema } from './jst-month';

import { BillPaymentSchema, MonthlyBillSchema, TaxByRateSchema } from '../billing/bill-schemas';
import { ServiceIdSchema } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { JstDateSchema } from './current-date';

/** Months a history page lists: a year, the span the chart shows. */
export const BillingHistoryPageSize = 12;

export const LineGenerationSchema = z.enum(['3g', '4g', '5g']);
export type LineGeneration = z.infer<typeof LineGenerationSchema>;

export const BilledMonthSchema = z.object({
  month: JstMonthSchema,
  /** Tax included. */
  total: z.int().check(z.nonnegative()),
  /** False for the current month: its bill is an estimate until the month closes. */
  closed: z.boolean(),
  /** The ways the month was paid, each once. */
  payments: z.array(BillPaymentSchema).check(z.minLength(1)),
});
export type BilledMonth = z.infer<typeof BilledMonthSchema>;

export const BillingHistoryQuerySchema = z.strictObject({
    /** The page before this month ("yyyy/mm"); the newest page without it. */
    before: z.optional(JstMonthSchema),
  });

export const BillingHistoryResponseSchema = z.object({
  /** The business date the bills were computed on. */
  asOf: JstDateSchema,
  lineGeneration: LineGenerationSchema,
  /** Newest first, at most BillingHistoryPageSize. */
  months: z.array(BilledMonthSchema).check(z.maxLength(BillingHistoryPageSize)),
  /** The `before` of the next (older) page; null on the last page. */
  nextBefore: z.nullable(JstMonthSchema),
});
export type BillingHistoryResponse = z.infer<typeof BillingHistoryResponseSchema>;

export const BillingSummaryRequestSchema = z.strictObject({ month: JstMonthSchema });

export const BillingSummaryResponseSchema = z.extend(MonthlyBillSchema, {
  asOf: JstDateSchema,
  closed: z.boolean(),
});
export type BillingSummaryResponse = z.infer<typeof BillingSummaryResponseSchema>;

/** A 3G line's month: the old system keeps a total per service, not the plan and discount lines. */
export const LegacyBillingSummaryResponseSchema = z.object({
  asOf: JstDateSchema,
  month: JstMonthSchema,
  closed: z.boolean(),
  services: z
    .array(z.object({ serviceId: ServiceIdSchema, serviceName: z.string().check(z.minLength(1)), amount: z.int().check(z.nonnegative()), payment: BillPaymentSchema }))
    .check(z.minLength(1)),
  total: z.int().check(z.nonnegative()),
  taxByRate: z.array(TaxByRateSchema),
});
export type LegacyBillingSummaryResponse = z.infer<typeof LegacyBillingSummaryResponseSchema>;

export const billingHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/billing/history',
  retry: true,
  summary: 'ご利用料金の履歴（月ごと・新しい順）',
  params: CustomerParams,
  query: BillingHistoryQuerySchema,
  body: NoBody,
  response: BillingHistoryResponseSchema,
});

export const billingSummaryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/billing/summary',
  retry: true,
  read: true,
  summary: 'ある月のご利用料金の明細',
  params: CustomerParams,
  query: NoQuery,
  body: BillingSummaryRequestSchema,
  response: BillingSummaryResponseSchema,
});

export const legacyBillingSummaryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/3g/billing/summary',
  retry: true,
  read: true,
  summary: '3G回線のある月のご利用料金（サービスごとの合計）',
  params: CustomerParams,
  query: NoQuery,
  body: BillingSummaryRequestSchema,
  response: LegacyBillingSummaryResponseSchema,
});
