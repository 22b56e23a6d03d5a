/**
 * How a bill's facts read in Japanese, on the billing page and in the invoice PDF alike:
 * the month, the way it was paid and the tax line the invoice rules ask for.
 */
import { CreditCardLabel, MobileBillLabel, PaymentMethod } from '../codes';
import { formatYen } from '../text/yen';

import { type BillLine, type BillPayment, type TaxByRate } from './bill-schemas';

/** "2026年11月" of "2026/11". */
export function monthLabel(month: string): string {
  const [year, monthOfYear] = month.split('/');
  return `${year}年${Number(monthOfYear)}月`;
}

/** "携帯電話料金とまとめて支払い" or "クレジットカード（下4桁 7878）", as the rest of the portal names them. */
export function paymentLabel(payment: BillPayment): string {
  return payment.method === PaymentMethod.WithMobile ? MobileBillLabel : `${CreditCardLabel}（下4桁 ${payment.cardLast4}）`;
}

/** "10%対象 1,100円（うち消費税 100円）": the total and tax of one rate (適格請求書の記載事項). */
export function taxLine(entry: TaxByRate): string {
  return `${entry.rate}%対象 ${formatYen(entry.totalIncludingTax)}（うち消費税 ${formatYen(entry.tax)}）`;
}

/** "バスケットLIVE（スタンダード）"; a plan already named after its service stands alone. */
export function lineLabel(line: Pick<BillLine, 'serviceName' | 'planName'>): string {
  return line.planName.startsWith(line.serviceName) ? line.planName : `${line.serviceName}（${line.planName}）`;
}
