/**
 * The basket live service バスケットLIVE (service 231, number 03) as the service-flow kit reads it,
 * with its five plans and their tax-included monthly prices (docs/flows/basket-live.md,
 * docs/decisions/0069-basket-live-plan-lineup.md), kept in its entry of the service catalogue.
 * A failure of the entry judge on the mail address alone sends the customer through the
 * mail-address confirmation first (spec section 5); coupons at apply.
 */
import { ServiceCatalogue } from './catalogue';
import type { ServiceDefinition } from './service-definition';

export const BasketLive = ServiceCatalogue.basketLive satisfies ServiceDefinition;

export const BasketLivePlans = BasketLive.plans;

export type BasketLivePlan = (typeof BasketLivePlans)[number];
export type BasketLivePlanId = BasketLivePlan['planId'];

/** A basket live plan by its id (the type makes an unknown id impossible). */
export function basketLivePlan(planId: BasketLivePlanId): BasketLivePlan {
  const plan = BasketLivePlans.find((candidate) => candidate.planId === planId);
  if (plan === undefined) throw new Error(`not a basket live plan: ${planId}`);
  return plan;
}
