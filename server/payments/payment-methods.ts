/**
 * The payment methods a customer can use now (GET payment/methods), sorted by value (spec
 * sections 3 and 9): the mobile bill, the card a live contract already pays with (last 4 digits
 * only, spec section 5) and a new card entered at the provider.
 */
import type { PaymentMethodEntry } from '../../contracts/api/payment';
import { CreditCardLabel, MobileBillLabel, PaymentMethod, type ServiceIdValue } from '../../contracts/codes';
import type { ContractRow } from '../contracts/contract-repository';
import { currentJstMonth, expiryLabel } from './card-expiry';

export const NewCreditCardLabel = '新しいクレジットカード';

/** The card shown as "registered": the requested service's own card first, else the latest used. */
export function registeredCardRow(rows: readonly ContractRow[], serviceId: ServiceIdValue | undefined, now: Date): ContractRow | undefined {
  const cards = rows
    .filter((row) => row.status !== 'withdrawn' && row.paymentMethod === PaymentMethod.CreditCard && row.cardLast4 !== null)
    .filter((row) => row.cardTokenEffectiveDate === null || row.cardTokenEffectiveDate >= currentJstMonth(now))
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  return cards.find((row) => row.serviceId === serviceId) ?? cards[0];
}

export function paymentMethodList(rows: readonly ContractRow[], serviceId: ServiceIdValue | undefined, now: Date = new Date()): PaymentMethodEntry[] {
  const list: PaymentMethodEntry[] = [
    { value: PaymentMethod.WithMobile, label: MobileBillLabel, details: ['毎月の携帯電話料金とあわせてご請求します。'] },
    {
      value: PaymentMethod.NewCreditCard,
      label: NewCreditCardLabel,
      details: ['カード決済サービスの画面でカード情報をご入力いただきます。当サイトにカード番号は保存されません。'],
    },
  ];
  const card = registeredCardRow(rows, serviceId, now);
  if (card?.cardLast4 != null) {
    list.push({
      value: PaymentMethod.CreditCard,
      label: CreditCardLabel,
      details: [
        `**** **** **** ${card.cardLast4}`,
        ...(card.cardTokenEffectiveDate === null ? [] : [`有効期限 ${expiryLabel(card.cardTokenEffectiveDate)}`]),
      ],
    });
  }
  return list.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
}
