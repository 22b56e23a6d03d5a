/** Yen as the portal writes it, on the pages and in the invoice PDFs alike. */
const yen = new Intl.NumberFormat('ja-JP');

/** "1,650円": an amount in yen with thousands separators. */
export function formatYen(amount: number): string {
  return `${yen.format(amount)}円`;
}
