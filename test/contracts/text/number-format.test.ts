import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
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
