/**
 * Dates and times as the portal shows them, in Japan time, without Intl: the first Intl
 * formatter a page builds starts ICU, 50-100 ms of main thread before the first paint on this
 * class of machine (docs/decisions/0107-no-intl-on-the-first-paint.md). Japan has kept one offset,
 * UTC+9 without daylight saving, since 1952, so a fixed offset is exact for every date shown.
 */
export const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

export type JapanTime = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The calendar fields of an instant on a clock in Japan. */
export function inJapan(instant: Date): JapanTime {
  const shifted = new Date(instant.getTime() + JAPAN_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
  };
}

const pad2 = (value: number) => String(value).padStart(2, '0');

/** "2026年11月27日". */
export function formatJapaneseDate(instant: Date): string {
  const { year, month, day } = inJapan(instant);
  return `${year}年${month}月${day}日`;
}

/** "2026年11月". */
export function formatJapaneseMonth(instant: Date): string {
  const { year, month } = inJapan(instant);
  return `${year}年${month}月`;
}

/** "2026-11-27": the Japan calendar day as the API writes days. */
export function formatIsoDay(instant: Date): string {
  const { year, month, day } = inJapan(instant);
  return `${year}-${pad2(month)}-${pad2(day)}`;
}

/** "2026/11/27 09:05". */
export function formatDateTimeToMinute(instant: Date): string {
  const { year, month, day, hour, minute } = inJapan(instant);
  return `${year}/${pad2(month)}/${pad2(day)} ${pad2(hour)}:${pad2(minute)}`;
}

/** "2026/11/27 9:05:03", as Japanese devices write a moment. */
export function formatDateTimeToSecond(instant: Date): string {
  const { year, month, day, hour, minute, second } = inJapan(instant);
  return `${year}/${month}/${day} ${hour}:${pad2(minute)}:${pad2(second)}`;
}
