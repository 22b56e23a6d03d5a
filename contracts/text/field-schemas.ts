/**
 * zod schemas for the customer-entered fields of spec sections 5 and 9, with Japanese
 * messages. Input is NFKC-normalised first, so full-width digits, full-width or half-width
 * hyphens and half-width kana are accepted; the output is the canonical form the API stores
 * (digits only; full-width katakana). MobilePhoneSchema is in mobile-phone-schema.ts, apart,
 * because of the weight of its phone-number metadata.
 */
import { z } from 'zod/mini';
import { dashToLongVowel, DashVariants, hiraganaToKatakana } from './japanese-text';
import { isImei } from './number-format';

const separators = new RegExp(`[\\s${DashVariants}]`, 'g');

/** NFKC, then spaces and every hyphen/dash variant removed: "０９０－１２３４ー５６７８" -> "09012345678". */
export function normalizeDigitInput(value: string): string {
  return value.normalize('NFKC').replace(separators, '');
}

/** A digits-only field: NFKC, separators removed, then required, digits, exact length, `extra`. */
export function digitField(label: string, digits: number, extra?: { check: (value: string) => boolean; error: string }) {
  const inner = z.string().check(
    z.minLength(1, { error: `${label}を入力してください。`, abort: true }),
    z.regex(/^\d+$/, { error: `${label}は数字で入力してください。`, abort: true }),
    z.length(digits, { error: `${label}は${digits}桁で入力してください。`, abort: true }),
  );
  return z.pipe(
    z.pipe(z.string({ error: `${label}を入力してください。` }), z.transform(normalizeDigitInput)),
    extra ? inner.check(z.refine(extra.check, { error: extra.error })) : inner,
  );
}

/** 7 digits. Output: digits only (format with formatPostalCode for display). */
export const PostalCodeSchema = digitField('郵便番号', 7);
export type PostalCode = z.infer<typeof PostalCodeSchema>;

/** 15 digits whose last digit is the Luhn check digit. */
export const ImeiSchema = digitField('IMEI', 15, {
  check: isImei,
  error: 'IMEIに誤りがあります。端末に表示された15桁の番号をご確認ください。',
});
export type Imei = z.infer<typeof ImeiSchema>;

/** Longest kana name part we accept (our decision; the spec shows no limit). */
export const KanaNameMaxLength = 30;

/**
 * One part of a name in katakana (セイ or メイ). Half-width kana and hiragana become full-width
 * katakana, and a dash typed after a kana becomes ー.
 */
export const KatakanaNameSchema = z.pipe(
  z.pipe(
    z.string({ error: 'フリガナを入力してください。' }),
    z.transform((value: string) => dashToLongVowel(hiraganaToKatakana(value.normalize('NFKC').trim()))),
  ),
  z
    .string()
    .check(
      z.minLength(1, { error: 'フリガナを入力してください。', abort: true }),
      z.regex(/^[\u30A1-\u30FA\u30FC]+$/, { error: 'フリガナは全角カタカナで入力してください。', abort: true }),
      z.maxLength(KanaNameMaxLength, { error: `フリガナは${KanaNameMaxLength}文字以内で入力してください。` }),
    ),
);
export type KatakanaName = z.infer<typeof KatakanaNameSchema>;

/** A mail address (NFKC, trimmed). */
export const MailAddressSchema = z.pipe(
  z.pipe(z.string({ error: 'メールアドレスを入力してください。' }), z.transform((value: string) => value.normalize('NFKC').trim())),
  z.pipe(
    z
      .string()
      .check(
        z.minLength(1, { error: 'メールアドレスを入力してください。', abort: true }),
        z.maxLength(254, { error: 'メールアドレスは254文字以内で入力してください。', abort: true }),
      ),
    z.email({ error: 'メールアドレスの形式が正しくありません。' }),
  ),
);
export type MailAddress = z.infer<typeof MailAddressSchema>;
