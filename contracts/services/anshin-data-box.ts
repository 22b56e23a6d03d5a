/**
 * The data storage service あんしんデータボックス (service 223, number 02, plan 225) as the
 * service-flow kit reads it (docs/flows/anshin-data-box.md): one plan, 550 yen a month including
 * tax with the application month free, a mail-address-only failure of the entry judge ignored
 * (spec section 5), coupons at apply.
 */
import { AnshinPrice } from '../api/anshin-data-box';
import { ServiceNames } from '../api/service-contracts';
import { PlanId, ServiceId, ServiceNumber } from '../codes';
import type { ServiceDefinition } from './service-definition';
import { ServiceRoutes } from './service-routes';

export const AnshinDataBox = {
  serviceId: ServiceId.DataStorage,
  number: ServiceNumber.DataStorage,
  name: ServiceNames[ServiceId.DataStorage],
  ...ServiceRoutes.anshinDataBox,
  plans: [
    {
      planId: PlanId.DataStorage,
      name: 'あんしんデータボックス（標準プラン）',
      monthlyPrice: AnshinPrice.monthlyYenTaxIncluded,
      includes: '写真・動画・連絡先・カレンダーのバックアップと復元',
    },
  ],
  firstMonthFree: AnshinPrice.firstMonthFree,
  mailAddressOnlyFailure: 'ignore',
  coupons: true,
  requirements: { routes: 'SPEC-2.anshin-routes', price: 'DEC.price' },
} as const satisfies ServiceDefinition;
