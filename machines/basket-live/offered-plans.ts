/**
 * The plans a basket live customer may change to now (ADR 0062): the machine's guard and the
 * plan choice on the page read the same rule. Its own module so the page does not load the machine.
 */
import { BasketLivePlans, type BasketLivePlanId } from '../../contracts/services/basket-live';
import { offeredPlanIds } from '../../contracts/services/plan-change';
import type { PlanChangeContract } from './plan-change.machine';

const lineup: readonly BasketLivePlanId[] = BasketLivePlans.map((plan) => plan.planId);

/** The plans the customer may choose now (none before the contract is loaded). */
export function offeredPlans(contract: PlanChangeContract | null): readonly BasketLivePlanId[] {
  if (contract?.planId == null) return [];
  return offeredPlanIds(lineup, contract.planId, contract.pendingPlan);
}

/** offeredPlans as ECMAScript over the `contract` datamodel variable, for the SCXML export (ADR 0076). */
export const offeredPlansExpr = `(contract === null || contract.planId == null ? [] : ${JSON.stringify(lineup)}.filter(function (planId) { var pending = contract.pendingPlan == null ? null : contract.pendingPlan.planId; return planId !== pending && (planId !== contract.planId || pending !== null); }))`;
