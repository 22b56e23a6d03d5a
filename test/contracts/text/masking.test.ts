import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { maskCardNumber, maskMailAddress, maskPhoneNumber } from '../../../contracts/text/masking';
import { TextInputError } from '../../../contracts/text/text-input-error';

const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });

describe('maskCardNumber', () => {
  it('shows only the last 4 and keeps the length', () => {
    expect(maskCardNumber('4242424242424242')).toBe('************4242');
    expect(maskCardNumber('36227206271667')).toBe('**********1667');
    expect(maskCardNumber('4242 4242 4242 4242')).toBe('************4242');
    expect(maskCardNumber('411111******1111')).toBe('************1111');
  });

  test.prop([digits(14, 16)])('masks every 14 to 16 character number to asterisks and its last 4', (card) => {
    const masked = maskCardNumber(card);
    expect(masked).toHaveLength(card.length);
    expect(masked.slice(-4)).toBe(card.slice(-4));
    expect(masked.slice(0, -4)).toMatch(/^\*+$/);
  });

  test.prop([fc.oneof(digits(0, 13), digits(17, 30))])('throws an internal error for any other length', (card) => {
    expect(() => maskCardNumber(card)).toThrow(TextInputError);
  });

  it('marks the error as internal (A0500)', () => {
    const error = (() => {
      try {
        maskCardNumber('1234');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ code: 'A0500' });
  });
});

describe('maskPhoneNumber', () => {
  it('masks all but the last 4 digits and keeps the hyphens', () => {
    expect(maskPhoneNumber('090-1234-5678')).toBe('***-****-5678');
    expect(maskPhoneNumber('09012345678')).toBe('*******5678');
    expect(maskPhoneNumber('０９０１２３４５６７８')).toBe('*******5678');
  });

  it('needs a value', () => {
    expect(() => maskPhoneNumber('')).toThrow(TextInputError);
    expect(() => maskPhoneNumber('   ')).toThrow(TextInputError);
    expect(() => maskPhoneNumber('---')).toThrow(TextInputError);
  });

  test.prop([digits(5, 15)])('never shows more than the last 4 digits', (phone) => {
    const masked = maskPhoneNumber(phone);
    expect(masked).toHaveLength(phone.length);
    expect(masked.replace(/\*/g, '')).toBe(phone.slice(-4));
  });
});

describe('maskMailAddress', () => {
  it('shows the first 2 characters of the local part and the domain', () => {
    expect(maskMailAddress('taro.yamada@example.jp')).toBe('ta*********@example.jp');
    expect(maskMailAddress('abc@example.jp')).toBe('ab*@example.jp');
    // Spec section 5: the first 2 characters are shown, so a local part of 2 or fewer has nothing masked.
    expect(maskMailAddress('ab@example.jp')).toBe('ab@example.jp');
    expect(maskMailAddress('a@example.jp')).toBe('a@example.jp');
  });

  it('needs a value of the form local@domain', () => {
    for (const bad of ['', '  ', 'no-at-sign', '@example.jp', 'taro@']) {
      expect(() => maskMailAddress(bad)).toThrow(TextInputError);
    }
  });

  const local = fc.string({ unit: fc.constantFrom(...'abcxyz019._+-'), minLength: 3, maxLength: 40 });
  const domain = fc.domain();
  test.prop([local, domain])('keeps the first 2, masks the rest of the local part, keeps the domain', (l, d) => {
    const masked = maskMailAddress(`${l}@${d}`);
    expect(masked).toBe(`${l.slice(0, 2)}${'*'.repeat(l.length - 2)}@${d}`);
  });
});
