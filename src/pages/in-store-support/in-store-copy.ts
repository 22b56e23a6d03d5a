/** How the in-store support pages word their figures: the continued-use benefit (ADR 0072) and the visits' times. */
import type { ContinuedUseBenefit } from '../../../contracts/services/continued-use-benefit';
import { formatGroupedNumber } from '../../../contracts/text/number-format';
import { formatDate } from '../service-flow/service-copy';

/** "1,000ポイント". */
export function formatPoints(value: number): string {
  return `${formatGroupedNumber(value)}ポイント`;
}

/** "ご利用12か月" style: whole years and months of use. */
export function formatMonthsOfUse(months: number): string {
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (years === 0) return `${rest}か月`;
  return rest === 0 ? `${years}年` : `${years}年${rest}か月`;
}

/** The grant the current period heads for, as one sentence; null when none is coming. */
export function nextGrantLine(benefit: ContinuedUseBenefit): string | null {
  const next = benefit.next;
  if (next === null) return null;
  return `${formatDate(next.periodEndsOn)}までご利用を続けると、${formatDate(next.grantedOn)}に${formatPoints(next.points)}（ご利用${formatMonthsOfUse(next.milestoneMonths)}の特典）を付与します。`;
}

/** Whether a withdrawal at the end of the business date's month still completes the current period. */
export function monthEndKeepsNextGrant(benefit: ContinuedUseBenefit): boolean {
  return benefit.next !== null && benefit.next.periodEndsOn.slice(0, 7) === benefit.asOf.slice(0, 7);
}

/** The day of a "yyyy/mm/dd hh:mm:ss" time already in Japan time, read as written (not through the device's time zone). */
export function acceptedDay(value: string): string {
  return value.slice(0, 10);
}

/** "2026年3月18日 10:05": a visit's time to the minute. */
export function acceptedAt(value: string): string {
  return `${formatDate(acceptedDay(value))} ${value.slice(11, 16)}`;
}
