/**
 * Japan Standard Time helpers. JST has no daylight saving, so a fixed +9 h offset is exact.
 */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

function jstParts(date: Date) {
  const shifted = new Date(date.getTime() + JST_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

/** "yyyy/mm/dd hh:mm:ss" in JST: the spec's error-time format (E0005 endDate, current date). */
export function formatJstDateTime(date: Date): string {
  const p = jstParts(date);
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
  const p = jstParts(date);
  const firstOfNextMonthJst = Date.UTC(p.year, p.month, 1) - JST_OFFSET_MS;
  return new Date(firstOfNextMonthJst - 1000);
}

/** 00:00 JST of a "yyyy/mm/dd" calendar day (a downgrade takes effect then). */
export function startOfJstDay(day: string): Date {
  const [year, month, date] = day.split('/').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) - JST_OFFSET_MS);
}
