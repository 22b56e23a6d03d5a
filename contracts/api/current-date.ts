/** GET /api/getCurrentDate: the server's JST date-time and the business date (spec section 3). */
import { z } from 'zod/mini';

export const JstDateTimeSchema = z.string().check(z.regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/));
export const JstDateSchema = z.string().check(z.regex(/^\d{4}\/\d{2}\/\d{2}$/));

/** A "yyyy/mm/dd" that names a day the calendar has (not 2026/02/30). */
export function isCalendarDay(day: string): boolean {
  if (!JstDateSchema.safeParse(day).success) return false;
  const [year, month, date] = day.split('/').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, date));
  return probe.getUTCFullYear() === year && probe.getUTCMonth() === month - 1 && probe.getUTCDate() === date;
}

export const CurrentDateSchema = z.object({
  /** "yyyy/mm/dd hh:mm:ss" JST; on a dummy date, that date with the current time. */
  currentDate: JstDateTimeSchema,
  /** "yyyy/mm/dd". */
  businessDate: JstDateSchema,
  /** True when the business date is a fixed test date (the spec's dummy-date flag). */
  dummyDate: z.boolean(),
});
export type CurrentDate = z.infer<typeof CurrentDateSchema>;
