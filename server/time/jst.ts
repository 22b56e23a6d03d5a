/**
 * Japan Standard Time as the API writes it; the calendar fields come from the one place that
 * computes them (contracts/text/japan-time.ts: a fixed +9 h offset, exact since JST has no
 * daylight saving).
 */
import { inJapan, JAPAN_OFFSET_MS } from '../../contracts/text/japan-time';

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** "yyyy/mm/dd hh:mm:ss" in JST: the spec's error-time format (E0005 endDate, current date). */
export function formatJstDateTime(date: Date): string {
  const p = inJapan(date);
  return `${p.year}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** "yyyy/mm/dd" in JST. */
export function formatJstDate(date: Date): string {
  return formatJstDateTime(date).slice(0, 10);
}

/** "hh:mm:ss" in JST. */
export function formatJstTime(date: Date): string {
  return formatJstDateTime(date).slice(11);
}

/** The last second of the JST month that contains `date` (a month-end withdrawal takes effect then). */
export function endOfJstMonth(date: Date): Date {
  const p = inJapan(date);
  const firstOfNextMonthJst = Date.UTC(p.year, p.month, 1) - JAPAN_OFFSET_MS;
  return new Date(firstOfNextMonthJst - 1000);
}

/** 00:00 JST of a "yyyy/mm/dd" calendar day (a downgrade takes effect then). */
export function startOfJstDay(day: string): Date {
  const [year, month, date] = day.split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - JAPAN_OFFSET_MS);
}
