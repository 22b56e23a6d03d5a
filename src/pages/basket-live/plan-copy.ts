/** Japanese copy of the basket live plan change: plan lines, the signed difference and the effective day. */
import type { PlanChangeQuote } from '../../../contracts/services/plan-change';
import type { BasketLivePlan } from '../../../contracts/services/basket-live';
import { formatDate } from '../service-flow/service-copy';
import { formatGroupedNumber } from '../../../contracts/text/number-format';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';

/** "+660円" / "−440円" / "0円": the monthly difference with its sign. */
export function signedYen(amount: number): string {
  const digits = formatGroupedNumber(Math.abs(amount));
  if (amount > 0) return `+${digits}円`;
  if (amount < 0) return `−${digits}円`;
  return '0円';
}

/** What the customer should know about when the change happens and what it costs. */
export function quoteNotes(quote: PlanChangeQuote<BasketLivePlan>): string[] {
  const when = formatDate(quote.effectiveDate);
  switch (quote.direction) {
    case 'up':
      return [
        `お手続きの完了後すぐ（本日 ${when}）から${quote.next.name}をご利用いただけます。`,
        `今月分から${quote.next.name}の月額${formatTaxIncludedYen(quote.next.monthlyPrice)}をご請求します。日割りはありません。`,
      ];
    case 'down':
      return [
        `${when}から${quote.next.name}に変わります。それまでは${quote.current.name}をご利用いただけます。`,
        `${when}の属する月の分から${quote.next.name}の月額${formatTaxIncludedYen(quote.next.monthlyPrice)}をご請求します。`,
        '変更日までなら、もう一度プラン変更から予約を取り消せます。',
      ];
    case 'same':
      return [`予約していたプラン変更を取り消し、${quote.current.name}のままご利用いただけます。`];
  }
}
