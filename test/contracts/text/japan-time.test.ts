import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  formatDateTimeToMinute,
  formatDateTimeToSecond,
  formatIsoDay,
  formatJapaneseDate,
  formatJapaneseMonth,
  inJapan,
} from '../../../contracts/text/japan-time';

// Intl with the Asia/Tokyo zone is the reference these replace (ADR 0107).
const tokyo = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', ...options });
const instants = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2100-12-31T23:59:59Z'), noInvalidDate: true });

describe('Japan time without Intl', () => {
  it('turns the day at 15:00 UTC', () => {
    expect(formatIsoDay(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(formatIsoDay(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(formatJapaneseDate(new Date('2026-12-31T15:00:00Z'))).toBe('2027年1月1日');
    expect(inJapan(new Date('2026-11-27T00:05:03Z'))).toEqual({ year: 2026, month: 11, day: 27, hour: 9, minute: 5, second: 3 });
  });

  test.prop([instants])('writes the day, the month and the moment as Intl does in Asia/Tokyo', (instant) => {
    expect(formatJapaneseDate(instant)).toBe(tokyo({ year: 'numeric', month: 'long', day: 'numeric' }).format(instant));
    expect(formatJapaneseMonth(instant)).toBe(tokyo({ year: 'numeric', month: 'long' }).format(instant));
    expect(formatIsoDay(instant)).toBe(new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant));
    expect(formatDateTimeToMinute(instant)).toBe(
      tokyo({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' }).format(instant),
    );
    expect(formatDateTimeToSecond(instant)).toBe(instant.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }));
  });
});
