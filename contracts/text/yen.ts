/** Yen as the portal writes it, on the pages and in the invoice PDFs alike. */
import { formatGroupedNumber } from './number-format';

/** "1,650円": an amount in yen with thousands separators. */
export function formatYen(amount: number): string {
  return `${formatGroupedNumber(amount)}円`;
}

/** "550円(税込)": a tax-inclusive price in the form Japanese price display rules accept (総額表示). */
export function formatTaxIncludedYen(amount: number): string {
  return `${formatYen(amount)}(税込)`;
}
