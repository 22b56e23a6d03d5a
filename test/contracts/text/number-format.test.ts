import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  formatGroupedNumber,
  formatMobilePhone,
  formatPostalCode,
  hasValidLuhnCheckDigit,
  isImei,
  luhnCheckDigit,
} from '../../../contracts/text/number-format';
import { isJapaneseMobileNumber } from '../../../contracts/text/mobile-number';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

describe('formatMobilePhone', () => {
  it('formats 11 digits as 3-4-4', () => {
    expect(formatMobilePhone('09012345678')).toBe('090-1234-5678');
  });

  test.prop([digits(11, 11)])('3-4-4 of exactly the same digits', (phone) => {
    const formatted = formatMobilePhone(phone);
    expect(formatted).toMatch(/^\d{3}-\d{4}-\d{4}$/);
    expect(formatted.replaceAll('-', '')).toBe(phone);
  });

  test.prop([fc.string().filter((s) => !/^\d{11}$/.test(s))])('returns anything else unchanged', (value) => {
    expect(formatMobilePhone(value)).toBe(value);
  });
});

describe('formatPostalCode', () => {
  it('formats 7 digits as 3-4', () => {
    expect(formatPostalCode('1000001')).toBe('100-0001');
  });

  test.prop([digits(7, 7)])('3-4 of exactly the same digits', (code) => {
    expect(formatPostalCode(code)).toBe(`${code.slice(0, 3)}-${code.slice(3)}`);
  });

  test.prop([fc.string().filter((s) => !/^\d{7}$/.test(s))])('returns anything else unchanged', (value) => {
    expect(formatPostalCode(value)).toBe(value);
  });
});

describe('isJapaneseMobileNumber', () => {
  it('accepts 070, 080 and 090 numbers in allocated ranges', () => {
    for (const n of ['07012345678', '08012345678', '09012345678']) expect(isJapaneseMobileNumber(n)).toBe(true);
  });

  it('rejects other prefixes, unallocated ranges and wrong lengths', () => {
    for (const n of ['06012345678', '02012345678', '0312345678', '09001234567', '0901234567', '090123456789', '090-1234-5678']) {
      expect(isJapaneseMobileNumber(n)).toBe(false);
    }
  });
});

describe('Luhn and IMEI', () => {
  it('accepts a known IMEI and rejects it with its check digit changed', () => {
    expect(isImei('490154203237518')).toBe(true);
    expect(isImei('490154203237517')).toBe(false);
    expect(isImei('49015420323751')).toBe(false);
    expect(isImei('4901542032375180')).toBe(false);
    expect(isImei('49015420323751a')).toBe(false);
  });

  test.prop([digits(14, 14)])('the computed check digit makes a valid IMEI', (payload) => {
    expect(isImei(`${payload}${luhnCheckDigit(payload)}`)).toBe(true);
  });

  test.prop([digits(14, 14), fc.nat(14), fc.integer({ min: 1, max: 9 })])(
    'any single changed digit is detected',
    (payload, position, delta) => {
      const imei = `${payload}${luhnCheckDigit(payload)}`;
      const changed = (Number(imei[position]) + delta) % 10;
      const typo = `${imei.slice(0, position)}${changed}${imei.slice(position + 1)}`;
      expect(hasValidLuhnCheckDigit(typo)).toBe(false);
    },
  );
});

describe('formatGroupedNumber', () => {
  it('writes amounts as Japanese pages do', () => {
    expect(formatGroupedNumber(1650)).toBe('1,650');
    expect(formatGroupedNumber(0)).toBe('0');
    expect(formatGroupedNumber(999)).toBe('999');
    expect(formatGroupedNumber(1_234_567)).toBe('1,234,567');
    expect(formatGroupedNumber(-4400)).toBe('-4,400');
    expect(formatGroupedNumber(12.25, 1)).toBe('12.3');
    expect(formatGroupedNumber(50, 1)).toBe('50');
    expect(formatGroupedNumber(1.005, 2)).toBe('1.01');
    expect(formatGroupedNumber(999.96, 1)).toBe('1,000');
    expect(formatGroupedNumber(-0.04, 1)).toBe('0');
  });

  // Intl is the reference it replaces (ADR 0107); a value that rounds to zero is "0", never "-0".
  // Large and small doubles, and decimals that sit on a rounding tie as written (1.005, 12.25).
  const numbers = fc.oneof(
    fc.double({ min: -1e15, max: 1e15, noNaN: true }),
    fc.double({ min: -10, max: 10, noNaN: true }),
    fc.integer().map((n) => n / 1000),
    fc.integer().map((n) => n / 100),
  );

  test.prop([numbers, fc.integer({ min: 0, max: 5 })])(
    "writes what Intl.NumberFormat('ja-JP') writes",
    (value, digits) => {
      const intl = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: digits }).format(value);
      expect(formatGroupedNumber(value, digits)).toBe(intl === '-0' ? '0' : intl);
    },
  );

  test.prop([fc.integer({ min: -1e12, max: 1e12 })])('an integer keeps every digit, grouped in threes', (value) => {
    const written = formatGroupedNumber(value);
    expect(Number(written.replaceAll(',', ''))).toBe(value);
    expect(written).toMatch(/^-?\d{1,3}(,\d{3})*$/);
  });
});
