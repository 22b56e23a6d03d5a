import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  DefaultError,
  describeError,
  ErrorCatalogue,
  ErrorCode,
  isErrorTime,
  maintenanceDetail,
  maintenanceEndHour,
} from '../../contracts/error-catalogue';

const japanese = /[\u3040-\u30ff\u4e00-\u9fff]/;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const validDate = fc.date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2098, 11, 31)), noInvalidDate: true });
const format = (d: Date) =>
  `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;

describe('catalogue', () => {
  it('holds every spec code of section 8', () => {
    for (const code of ['W0007', 'W0008', 'W0010', 'W0011', 'W0012', 'W9999', 'E0005', 'E0008', 'E9997', 'E9998', 'E9999']) {
      expect(ErrorCatalogue).toHaveProperty(code);
    }
  });

  it.each(Object.entries(ErrorCatalogue))('%s has a Japanese message, a Japanese or empty detail and an error status', (_, entry) => {
    expect(entry.message).toMatch(japanese);
    if (entry.detail !== '') expect(entry.detail).toMatch(japanese);
    expect(entry.httpStatus).toBeGreaterThanOrEqual(400);
    expect(entry.httpStatus).toBeLessThan(600);
  });

  it('has an entry for every ErrorCode and nothing else', () => {
    expect(Object.keys(ErrorCatalogue).sort()).toEqual(Object.values(ErrorCode).sort());
  });

  it('gives E0008 an empty detail (spec section 8)', () => {
    expect(ErrorCatalogue.E0008.detail).toBe('');
  });
});

describe('isErrorTime', () => {
  test.prop([validDate])('accepts every real date-time written yyyy/mm/dd hh:mm:ss', (date) => {
    expect(isErrorTime(format(date))).toBe(true);
  });

  it('rejects other shapes and impossible dates', () => {
    for (const bad of [
      '',
      '2026-11-21 10:00:00',
      '2026/11/21 10:00',
      '2026/11/21T10:00:00',
      '2026/1/21 10:00:00',
      ' 2026/11/21 10:00:00',
      '2026/02/30 10:00:00',
      '2026/13/01 10:00:00',
      '2026/11/21 24:00:00',
      '2026/11/21 10:60:00',
      '2026/11/21 10:00:60',
    ]) {
      expect(isErrorTime(bad), bad).toBe(false);
    }
  });
});

describe('E0005 maintenance end hour', () => {
  it.each([
    ['2026/11/21 05:00:00', 5],
    ['2026/11/21 05:29:59', 5],
    ['2026/11/21 05:30:00', 6],
    ['2026/11/21 05:59:59', 6],
    ['2026/11/21 00:10:00', 0],
    ['2026/11/21 22:30:00', 23],
    ['2026/11/21 23:29:00', 23],
    ['2026/11/21 23:30:00', 0],
    ['2026/11/21 23:59:59', 0],
  ])('%s -> %i', (endDate, hour) => {
    expect(maintenanceEndHour(endDate)).toBe(hour);
  });

  test.prop([validDate])('is the hour, plus one from minute 30, modulo 24', (date) => {
    fc.pre(!format(date).includes('9999'));
    const expected = (date.getUTCHours() + (date.getUTCMinutes() >= 30 ? 1 : 0)) % 24;
    expect(maintenanceEndHour(format(date))).toBe(expected);
    expect(maintenanceDetail(format(date))).toContain(`${expected}時`);
  });

  it.each([[null], [undefined], [''], ['   '], ['9999/12/31 23:59:59'], ['2026/11/21 09:99:99'], ['2099/99/99 99:99:99'], ['2026/11/21'], ['soon']])(
    'gives an empty detail for %j',
    (endDate) => {
      expect(maintenanceEndHour(endDate)).toBeNull();
      expect(maintenanceDetail(endDate)).toBe('');
    },
  );

  it('gives an empty detail when 9999 appears anywhere, even in an otherwise valid time', () => {
    expect(isErrorTime('2026/11/21 09:59:59')).toBe(true);
    expect(maintenanceDetail('2026/11/21 09:59:59')).not.toBe('');
    // The spec: "contains 9999" -> empty; 9999 as a year is the sentinel for "end unknown".
    expect(isErrorTime('9999/01/01 10:00:00')).toBe(true);
    expect(maintenanceDetail('9999/01/01 10:00:00')).toBe('');
  });
});

describe('describeError', () => {
  it('uses the catalogue, the E0005 detail rule and the default for unknown codes', () => {
    expect(describeError('W0010')).toEqual({ message: ErrorCatalogue.W0010.message, detail: ErrorCatalogue.W0010.detail });
    expect(describeError('E0005', '2026/11/21 23:45:00')).toEqual({
      message: ErrorCatalogue.E0005.message,
      detail: '0時頃に終了する予定です。終了後にもう一度お試しください。',
    });
    expect(describeError('E0005')).toEqual({ message: ErrorCatalogue.E0005.message, detail: '' });
    expect(describeError('X1234')).toEqual(DefaultError);
    expect(describeError(undefined)).toEqual(DefaultError);
    // Inherited object keys are not codes.
    expect(describeError('toString')).toEqual(DefaultError);
    expect(describeError('__proto__')).toEqual(DefaultError);
    expect(DefaultError.message).toMatch(japanese);
  });
});
