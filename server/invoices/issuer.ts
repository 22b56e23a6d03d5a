/**
 * The issuer printed on every qualified invoice: the carrier, its registration number as a
 * qualified invoice issuer (登録番号, T and the 13-digit corporate number) and where customers ask.
 * Fictitious for this portal: the number has a valid check digit and a registry code no
 * registry office uses (docs/decisions/0075-invoices.md). A real deployment replaces this file.
 */
export const InvoiceIssuer = {
  name: 'ポータルモバイル株式会社',
  registrationNumber: 'T9999900000017',
  address: '〒105-0011 東京都港区芝公園4-2-8 ポータルタワー',
  contact: 'お客さまセンター 0120-000-000（受付時間 9:00〜20:00）',
} as const;
