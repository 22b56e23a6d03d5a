/**
 * The in-store smartphone support flat-rate service スマホ設定サポート定額 (service 237, plans
 * 238, 239 and 241) as the service-flow kit reads it (docs/flows/sumahosetup-support.md). It is
 * applied for in a shop, never in the portal: contracts/lifecycle.ts offers it only the cancel,
 * so the kit builds its cancel flow alone; the application settings below are never read by a
 * flow. Charged from the month of application, like every service but data storage. The plan
 * lineup and prices are our decision (docs/decisions/0072-in-store-support.md).
 */
import { ServiceNames } from '../api/service-contracts';
import { PlanId, ServiceId } from '../codes';
import type { ServiceDefinition } from './service-definition';
import { ServiceRoutes } from './service-routes';

export const InStoreSupportPlans = [
  { planId: PlanId.InStoreSupport238, name: 'ライト', monthlyPrice: 550, includes: 'ショップでの設定サポートを月1回まで' },
  { planId: PlanId.InStoreSupport239, name: 'スタンダード', monthlyPrice: 1100, includes: 'ショップでの設定サポートを月3回まで・データ移行を含む' },
  { planId: PlanId.InStoreSupport241, name: 'プレミアム', monthlyPrice: 1650, includes: 'ショップでの設定サポートを回数無制限・データ移行と周辺機器の設定を含む' },
] as const;

export const InStoreSupport = {
  serviceId: ServiceId.InStoreSupport,
  // The spec gives this service no number; nothing the portal sends needs one.
  number: null,
  name: ServiceNames[ServiceId.InStoreSupport],
  ...ServiceRoutes.inStoreSupport,
  plans: InStoreSupportPlans,
  firstMonthFree: false,
  mailAddressOnlyFailure: 'ignore',
  coupons: false,
  requirements: { routes: 'SPEC-2.in-store-support-routes', price: 'DEC.in-store-support-lineup' },
} as const satisfies ServiceDefinition;
