/** GET /api/get_master_data/method: the payment method master, sorted by value. */
import type { FastifyInstance } from 'fastify';
import { CreditCardLabel, MobileBillLabel, PaymentMethod } from '../../contracts/codes';
import type { PaymentMethodEntry } from '../../contracts/api/payment-method-master';
import { endpoints } from '../../contracts/endpoints';
import { registerEndpoint } from './register-endpoint';

const paymentMethods: readonly PaymentMethodEntry[] = [
  {
    value: PaymentMethod.CreditCard,
    label: CreditCardLabel,
    details: [
      'ご本人名義のクレジットカードをご利用ください。',
      'カード情報はカード決済サービスの画面でご入力いただきます。当サイトにカード番号は保存されません。',
    ],
  },
  {
    value: PaymentMethod.WithMobile,
    label: MobileBillLabel,
    details: ['毎月の携帯電話料金とあわせてご請求します。'],
  },
];

export function registerMasterDataRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getPaymentMethodMaster, () => ({
    paymentMethodList: [...paymentMethods]
      .sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .map((entry) => ({ ...entry, details: [...entry.details] })),
  }));
}
