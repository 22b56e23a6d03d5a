/**
 * Billing months: "yyyy/mm" calendar months in Japan time, the unit bills are made in, and the
 * "yyyy/mm/dd" days that begin and end them. Pure: the month to bill always comes in as an argument.
 */
import { isCalendarDay } from '../api/current-date';
import { JstMonthSchema } from '../api/jst-month';
import { previousDay } from '../services/continued-use-benefit';

const pad = (value: number) => String(value).padStart(2, '0');

/** A "yyyy/mm" that names a month the calendar has (not 2026/13 or 2026-11). */
export function isCalendarMonth(month: string): boolean {
  return JstMonthSchema.safeParse(month).success;
}

function monthIndex(month: string): number {
  if (!isCalendarMonth(month)) throw new RangeError(`not a month (yyyy/mm): ${month}`);
  const [year, monthOfYear] = month.split('/').map(Number) as [number, number];
  return year * 12 + monthOfYear - 1;
}

function monthAt(index: number): string {
  const month = `${String(Math.floor(index / 12)).padStart(4, '0')}/${pad((index % 12) + 1)}`;
  if (!isCalendarMonth(month)) throw new RangeError(`month out of the years 0000 to 9999: ${month}`);
  return month;
}

/** The "yyyy/mm" a "yyyy/mm/dd" calendar day is in. */
export function monthOf(day: string): string {
  if (!isCalendarDay(day)) throw new RangeError(`not a calendar day (yyyy/mm/dd): ${day}`);
  return day.slice(0, 7);
}

/** The month `count` months later (earlier when negative): 2026/12 + 1 = 2027/01. */
export function addMonths(month: string, count: number): string {
  if (!Number.isInteger(count)) throw new RangeError(`not a whole number of months: ${count}`);
  return monthAt(monthIndex(month) + count);
}

/** Every month from `from` to `to`, both included, oldest first; none when `to` is before `from`. */
export function monthsBetween(from: string, to: string): string[] {
  const first = monthIndex(from);
  const last = monthIndex(to);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, offset) => monthAt(first + offset));
}

/** The month's 1st, "yyyy/mm/01". */
export function firstDayOfMonth(month: string): string {
  monthIndex(month);
  return `${month}/01`;
}

/** The month's last day: 2028/02 gives 2028/02/29. */
export function lastDayOfMonth(month: string): string {
  return previousDay(firstDayOfMonth(addMonths(month, 1)));
}
