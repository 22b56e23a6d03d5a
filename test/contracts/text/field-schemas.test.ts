import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import {
  ImeiSchema,
  KanaNameMaxLength,
  KatakanaNameSchema,
  MailAddressSchema,
  normalizeDigitInput,
  PostalCodeSchema,
} from '../../../contracts/text/field-schemas';
import { isJapaneseMobileNumber } from '../../../contracts/text/mobile-number';
import { MobilePhoneSchema } from '../../../contracts/text/mobile-phone-schema';
import { formatMobilePhone, formatPostalCode, luhnCheckDigit } from '../../../contracts/text/number-format';
import { toFullWidth } from '../../../contracts/text/width-conversion';

const digits = (length: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

function firstMessage(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('normalizeDigitInput', () => {
  it('removes spaces and every hyphen variant after NFKC', () => {
    expect(normalizeDigitInput('０９０－１２３４ー５６７８')).toBe('09012345678');
    expect(normalizeDigitInput(' 090‐1234—5678 ')).toBe('09012345678');
  });
});

describe('MobilePhoneSchema', () => {
  it('accepts half-width, full-width, hyphenated and spaced input and outputs the digits', () => {
    for (const input of ['09012345678', '090-1234-5678', '０９０－１２３４－５６７８', '090 1234 5678', '090ー1234ー5678']) {
      expect(MobilePhoneSchema.parse(input)).toBe('09012345678');
    }
  });

  it.each([
    ['', '携帯電話番号を入力してください。'],
    ['090-1234-567a', '携帯電話番号は数字で入力してください。'],
    ['090-1234-567', '携帯電話番号は11桁で入力してください。'],
    ['060-1234-5678', '070、080、090で始まる携帯電話番号を入力してください。'],
    ['090-0123-4567', '070、080、090で始まる携帯電話番号を入力してください。'],
    [undefined, '携帯電話番号を入力してください。'],
  ])('rejects %j with a Japanese message', (input, message) => {
    expect(firstMessage(MobilePhoneSchema, input)).toBe(message);
  });

  test.prop([fc.constantFrom('070', '080', '090'), digits(8)])(
    'any valid number, formatted and widened, parses back to its digits',
    (prefix, rest) => {
      const phone = `${prefix}${rest}`;
      fc.pre(isJapaneseMobileNumber(phone));
      expect(MobilePhoneSchema.parse(toFullWidth(formatMobilePhone(phone)))).toBe(phone);
    },
  );
});

describe('PostalCodeSchema', () => {
  it('accepts 7 digits in any width, with or without the hyphen', () => {
    expect(PostalCodeSchema.parse('100-0001')).toBe('1000001');
    expect(PostalCodeSchema.parse('１００－０００１')).toBe('1000001');
  });

  it('rejects other input with Japanese messages', () => {
    expect(firstMessage(PostalCodeSchema, '')).toBe('郵便番号を入力してください。');
    expect(firstMessage(PostalCodeSchema, '100-001')).toBe('郵便番号は7桁で入力してください。');
    expect(firstMessage(PostalCodeSchema, '〒100-0001')).toBe('郵便番号は数字で入力してください。');
  });

  test.prop([digits(7)])('every formatted, widened code parses back', (code) => {
    expect(PostalCodeSchema.parse(toFullWidth(formatPostalCode(code)))).toBe(code);
  });
});

describe('ImeiSchema', () => {
  it('accepts a 15-digit IMEI with a valid check digit', () => {
    expect(ImeiSchema.parse('49-015420-323751-8')).toBe('490154203237518');
  });

  it('rejects a wrong length or a wrong check digit', () => {
    expect(firstMessage(ImeiSchema, '49015420323751')).toBe('IMEIは15桁で入力してください。');
    expect(firstMessage(ImeiSchema, '490154203237517')).toBe(
      'IMEIに誤りがあります。端末に表示された15桁の番号をご確認ください。',
    );
  });

  test.prop([digits(14)])('every payload with its check digit is accepted', (payload) => {
    const imei = `${payload}${luhnCheckDigit(payload)}`;
    expect(ImeiSchema.parse(toFullWidth(imei))).toBe(imei);
  });
});

describe('KatakanaNameSchema', () => {
  it('turns half-width kana and hiragana into full-width katakana and a dash after a kana into ー', () => {
    expect(KatakanaNameSchema.parse('ﾔﾏﾀﾞ')).toBe('ヤマダ');
    expect(KatakanaNameSchema.parse('やまだ')).toBe('ヤマダ');
    expect(KatakanaNameSchema.parse(' ス-ザン ')).toBe('スーザン');
  });

  it('rejects anything that is not katakana, with Japanese messages', () => {
    expect(firstMessage(KatakanaNameSchema, '')).toBe('フリガナを入力してください。');
    expect(firstMessage(KatakanaNameSchema, '山田')).toBe('フリガナは全角カタカナで入力してください。');
    expect(firstMessage(KatakanaNameSchema, 'ヤマ ダ')).toBe('フリガナは全角カタカナで入力してください。');
    expect(firstMessage(KatakanaNameSchema, 'ア'.repeat(KanaNameMaxLength + 1))).toBe(
      `フリガナは${KanaNameMaxLength}文字以内で入力してください。`,
    );
  });

  test.prop([fc.string({ unit: fc.integer({ min: 0x30a1, max: 0x30f6 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: KanaNameMaxLength })])(
    'katakana names are accepted unchanged',
    (name) => {
      expect(KatakanaNameSchema.parse(name)).toBe(name.normalize('NFKC'));
    },
  );
});

describe('MailAddressSchema', () => {
  it('normalises full-width input and rejects what is not an address', () => {
    expect(MailAddressSchema.parse(' ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ ')).toBe('taro@example.jp');
    expect(firstMessage(MailAddressSchema, '')).toBe('メールアドレスを入力してください。');
    expect(firstMessage(MailAddressSchema, 'taro@')).toBe('メールアドレスの形式が正しくありません。');
  });
});
