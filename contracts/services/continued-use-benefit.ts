/**
 * The continued-use benefit (継続利用特典) of the in-store support service, computed from the
 * contract's own dates and the business date (docs/decisions/0072-in-store-support.md):
 * every 6 months of continuous use earn points, granted on the day the 6 months are complete;
 * each full year earns 1,000 points and each half year between them 500. The server answers it
 * with the contract (GET contracts) and dates a reckoning-date withdrawal (request type 06) by it,
 * so what the pages show and what the server does cannot differ.
 * Days are "yyyy/mm/dd" calendar days in Japan time, as the business date is.
 */
import { z } from 'zod/mini';
import { JstDateSchema } from '../api/current-date';

export const BenefitPeriodMonths = 6;

/** Points for the grant at `milestoneMonths` months of use. */
export function benefitPoints(milestoneMonths: number): number {
  return milestoneMonths % 12 === 0 ? 1000 : 500;
}

export const BenefitGrantSchema = z.object({
  /** Months of continuous use the grant is for: 6, 12, 18... */
  milestoneMonths: z.int().check(z.positive()),
  /** The day the points were (or will be) granted. */
  grantedOn: JstDateSchema,
  points: z.int().check(z.positive()),
});
export type BenefitGrant = z.infer<typeof BenefitGrantSchema>;

export const ContinuedUseBenefitSchema = z.object({
  /** The business date it was computed on. */
  asOf: JstDateSchema,
  /** The first day of use. */
  startedOn: JstDateSchema,
  /** Whole months of continuous use up to the business date, or up to the last day of use. */
  monthsOfUse: z.int().check(z.nonnegative()),
  /** Granted so far, newest first. */
  grants: z.array(BenefitGrantSchema),
  totalPoints: z.int().check(z.nonnegative()),
  /**
   * The grant the current period is heading for, with the period's last day (the reckoning date a
   * request type 06 withdrawal takes effect on); null when the contract has ended, or is to end,
   * before the period is complete.
   */
  next: z.nullable(z.extend(BenefitGrantSchema, { periodEndsOn: JstDateSchema })),
});
export type ContinuedUseBenefit = z.infer<typeof ContinuedUseBenefitSchema>;

type Day = { readonly year: number; readonly month: number; readonly day: number };

function parseDay(value: string): Day {
  const [year, month, day] = value.split('/').map(Number) as [number, number, number];
  return { year, month, day };
}

const pad = (value: number) => String(value).padStart(2, '0');
const formatDay = (value: Day) => `${value.year}/${pad(value.month)}/${pad(value.day)}`;

/** The same day `months` later; the month's last day when it is shorter (01/31 + 1 month = 02/28). */
export function addMonths(value: string, months: number): string {
  const start = parseDay(value);
  const monthIndex = start.month - 1 + months;
  const year = start.year + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return formatDay({ year, month, day: Math.min(start.day, lastDay) });
}

/** The day before. */
export function previousDay(value: string): string {
  const { year, month, day } = parseDay(value);
  const date = new Date(Date.UTC(year, month - 1, day - 1));
  return formatDay({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() });
}

/** Whole months from `from` to `to` (the same day of a later month completes a month). */
function wholeMonths(from: string, to: string): number {
  if (to < from) return 0;
  let months = 0;
  while (addMonths(from, months + 1) <= to) months += 1;
  return months;
}

export type BenefitInput = {
  readonly startedOn: string;
  /** The last day of use: the day a withdrawal took, or will take, effect; null while none is set. */
  readonly lastDayOfUse: string | null;
  /** The business date. */
  readonly today: string;
};

/**
 * The benefit of one contract. A grant is earned when the contract is in use through the whole
 * period, its last day included, and is granted the next day; a withdrawal that takes effect on
 * the period's last day keeps it.
 */
export function continuedUseBenefit({ startedOn, lastDayOfUse, today }: BenefitInput): ContinuedUseBenefit {
  const grants: BenefitGrant[] = [];
  let next: ContinuedUseBenefit['next'] = null;
  for (let milestone = BenefitPeriodMonths; ; milestone += BenefitPeriodMonths) {
    const grantedOn = addMonths(startedOn, milestone);
    const periodEndsOn = previousDay(grantedOn);
    const completes = lastDayOfUse === null || lastDayOfUse >= periodEndsOn;
    if (!completes) break;
    const grant = { milestoneMonths: milestone, grantedOn, points: benefitPoints(milestone) };
    if (grantedOn > today) {
      next = { ...grant, periodEndsOn };
      break;
    }
    grants.unshift(grant);
  }
  const end = lastDayOfUse !== null && lastDayOfUse < today ? lastDayOfUse : today;
  return {
    asOf: today,
    startedOn,
    monthsOfUse: wholeMonths(startedOn, end),
    grants,
    totalPoints: grants.reduce((sum, grant) => sum + grant.points, 0),
    next,
  };
}
