/**
 * The basket live service バスケットLIVE (service 231, number 03) as the service-flow kit reads it,
 * with its five plans and their tax-included monthly prices: the one list the machines, the views
 * and the server read (docs/flows/basket-live.md, docs/decisions/0069-basket-live-plan-lineup.md).
 * A failure of the entry judge on the mail address alone sends the customer through the
 * mail-address confirmation first (spec section 5); coupons at apply.
 */
import { ServiceNames } from '../api/service-contracts';
import { PlanId, ServiceId, ServiceNumber } from '../codes';
import type { ServiceDefinition } from './service-definition';
import { ServiceRoutes } from './service-routes';

export const BasketLivePlans = [
  { planId: PlanId.BasketLive, name: 'スタンダード', monthlyPrice: 990, includes: 'B1・B2の全試合をライブ配信と見逃し配信で視聴' },
  { planId: PlanId.BasketLive1, name: 'ライト', monthlyPrice: 550, includes: 'お気に入りの1クラブの全試合をライブ配信で視聴（見逃し配信なし）' },
  { planId: PlanId.BasketLive2, name: 'プレミアム', monthlyPrice: 1650, includes: 'スタンダードの内容＋フルHD高画質・マルチアングル・2台で同時視聴' },
  { planId: PlanId.BasketLive3, name: 'ファミリー', monthlyPrice: 2200, includes: 'プレミアムの内容＋4台で同時視聴' },
  { planId: PlanId.BasketLive4, name: '見逃し配信', monthlyPrice: 330, includes: '試合終了後の見逃し配信のみ' },
] as const;

export type BasketLivePlan = (typeof BasketLivePlans)[number];
export type BasketLivePlanId = BasketLivePlan['planId'];

/** A basket live plan by its id (the type makes an unknown id impossible). */
export function basketLivePlan(planId: BasketLivePlanId): BasketLivePlan {
  const plan = BasketLivePlans.find((candidate) => candidate.planId === planId);
  if (plan === undefined) throw new Error(`not a basket live plan: ${planId}`);
  return plan;
}

export const BasketLive = {
  serviceId: ServiceId.BasketLive,
  number: ServiceNumber.BasketLive,
  name: ServiceNames[ServiceId.BasketLive],
  ...ServiceRoutes.basketLive,
  plans: BasketLivePlans,
  firstMonthFree: false,
  mailAddressOnlyFailure: 'confirm',
  coupons: true,
  requirements: { routes: 'SPEC-2.basket-live-routes', price: 'DEC.plan-lineup' },
} as const satisfies ServiceDefinition;
