/**
 * A qualified invoice made from a month's bill (ADR 0073) for one cfService (docs/decisions/0075-invoices.md):
 * the lines of its service (CF04: every line), numbered and dated so that the same month always
 * gives the same invoice, issued on the 1st of the month after the billing month.
 */
import { CfServiceScope } from '../../contracts/api/invoice';
import type { CfService } from '../../contracts/api/invoice-parameter';
import { ServiceNames } from '../../contracts/api/service-contracts';
import { paymentLabel } from '../../contracts/billing/bill-labels';
import { addMonths, firstDayOfMonth, lastDayOfMonth } from '../../contracts/billing/billing-month';
import { taxByRate } from '../../contracts/billing/monthly-bills';
import { type BillLine, type MonthlyBill } from '../../contracts/billing/bill-schemas';
import type { InvoiceDocument } from './invoice-pdf';
import { InvoiceIssuer } from './issuer';

/** What CF04 is called: every option service of the month on one invoice. */
export const AllServicesName = 'オプションサービス（まとめて）';

export function invoiceName(cfService: CfService): string {
  const serviceId = CfServiceScope[cfService];
  return serviceId === null ? AllServicesName : ServiceNames[serviceId];
}

/** The bill's lines one invoice covers; none when the service was not billed that month. */
export function invoiceLines(bill: MonthlyBill, cfService: CfService): BillLine[] {
  const serviceId = CfServiceScope[cfService];
  return serviceId === null ? bill.lines : bill.lines.filter((line) => line.serviceId === serviceId);
}

/** The invoices of a month: each service billed, then CF04 when two or more services were. */
export function invoicesOf(bill: MonthlyBill): CfService[] {
  const single = (['CF01', 'CF02', 'CF03'] as const).filter((cfService) => invoiceLines(bill, cfService).length > 0);
  return single.length > 1 ? [...single, 'CF04'] : single;
}

export const invoiceNumberOf = (sbSystemId: string, month: string, cfService: CfService) =>
  `INV-${month.replace('/', '')}-${sbSystemId}-${cfService}`;

/** Invoices of a month are issued on the 1st of the next month. */
export const issuedOnOf = (month: string) => firstDayOfMonth(addMonths(month, 1));

export function invoiceDocument(input: {
  readonly bill: MonthlyBill;
  readonly cfService: CfService;
  readonly sbSystemId: string;
  readonly recipientName: string;
}): InvoiceDocument {
  const { bill, cfService } = input;
  const lines = invoiceLines(bill, cfService);
  if (lines.length === 0) throw new RangeError(`no ${cfService} line in the bill of ${bill.month}`);
  const payments = [...new Set(lines.map((line) => paymentLabel(line.payment)))];
  return {
    invoiceNumber: invoiceNumberOf(input.sbSystemId, bill.month, cfService),
    issuedOn: issuedOnOf(bill.month),
    billingMonth: bill.month,
    billingPeriod: { from: firstDayOfMonth(bill.month), to: lastDayOfMonth(bill.month) },
    issuer: InvoiceIssuer,
    recipient: { name: input.recipientName },
    title: `適格請求書（${invoiceName(cfService)}）`,
    lines: lines.map((line) => ({
      description: line.serviceName,
      planName: line.planName,
      unitPrice: line.unitPrice,
      // A discount that took nothing off (an earlier one had already) is not a line of the invoice.
      discounts: line.discounts.filter((discount) => discount.amount > 0),
      amount: line.amount,
      taxRate: line.taxRate,
    })),
    total: lines.reduce((sum, line) => sum + line.amount, 0),
    taxByRate: taxByRate(lines),
    paymentMethod: payments.join('・'),
  };
}
