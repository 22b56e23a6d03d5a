/**
 * The quote a basket live plan change is decided by (request type 20): which way it goes, the
 * monthly difference and the day the new plan takes effect. The confirmation page shows it
 * before the customer commits and the server decides the effective date with the same function
 * (docs/flows/basket-live.md, ADR 0062). Upgrades take effect on the business date and the month
 * is billed at the new plan's full price; downgrades take effect on the 1st of the next month.
 */
import { isCalendarDay } from '../api/current-date';
import { RequestType } from '../codes';

/** The two facts of a plan the quote needs; a service definition's plan has both. */
export type QuotablePlan = { readonly planId: string; readonly monthlyPrice: number };

export type PlanChangeDirection = 'up' | 'down' | 'same';

export type PlanChangeQuote<Plan extends QuotablePlan = QuotablePlan> = {
  readonly current: Plan;
  readonly next: Plan;
  readonly direction: PlanChangeDirection;
  /** next minus current monthly price, tax included, in yen: positive for an upgrade. */
  readonly monthlyDifference: number;
  /** "yyyy/mm/dd" (JST calendar day) on which the next plan becomes the contract's plan. */
  readonly effectiveDate: string;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Reads a "yyyy/mm/dd" business date, rejecting a day the calendar does not have (2026/02/30). */
function calendarDay(businessDate: string): { year: number; month: number; day: number } {
  if (!isCalendarDay(businessDate)) throw new RangeError(`business date is not a calendar day (yyyy/mm/dd): ${businessDate}`);
  const [year, month, day] = businessDate.split('/').map(Number) as [number, number, number];
  return { year, month, day };
}

/** The 1st of the month after the business date; the business date is already a JST day. */
export function firstOfNextMonth(businessDate: string): string {
  const { year, month } = calendarDay(businessDate);
  return month === 12 ? `${year + 1}/01/01` : `${year}/${pad(month + 1)}/01`;
}

function directionOf(difference: number): PlanChangeDirection {
  if (difference > 0) return 'up';
  if (difference < 0) return 'down';
  return 'same';
}

/**
 * Quotes the change from `current` to `next` on `businessDate` ("yyyy/mm/dd", JST).
 * 'same' (the current plan again, as when a pending downgrade is withdrawn) takes effect at once.
 */
export function planChangeQuote<Plan extends QuotablePlan>(current: Plan, next: Plan, businessDate: string): PlanChangeQuote<Plan> {
  calendarDay(businessDate);
  const monthlyDifference = next.monthlyPrice - current.monthlyPrice;
  const direction = directionOf(monthlyDifference);
  const effectiveDate = direction === 'down' ? firstOfNextMonth(businessDate) : businessDate;
  return { current, next, direction, monthlyDifference, effectiveDate };
}

/** A downgrade the contract carries until its effective date ("yyyy/mm/dd"). */
export type PendingPlanChange = { readonly planId: string; readonly effectiveDate: string };

/**
 * The plans a customer may choose: every other plan of the lineup except the one already
 * pending, and the current plan only while a change is pending (choosing it cancels that one).
 */
export function offeredPlanIds<PlanId extends string>(
  lineup: readonly PlanId[],
  currentPlanId: PlanId,
  pending: PendingPlanChange | null,
): PlanId[] {
  const pendingPlanId = pending?.planId ?? null;
  return lineup.filter((planId) => planId !== pendingPlanId && (planId !== currentPlanId || pendingPlanId !== null));
}

/** Request type 20 (spec section 4: change payment plan). */
export const PlanChangeRequestType = RequestType.ChangePaymentPlan;
