/**
 * Text helpers of spec section 5 that are one-line rules, kept here so server and app agree.
 * Width conversion is in width-conversion.ts (encoding-japanese).
 */

/** Lower-case Latin letters (ASCII and full-width) to upper case; nothing else changes. */
export function toUpperLatin(value: string): string {
  return value.replace(/[a-zａ-ｚ]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x20));
}

/**
 * Hiragana to katakana (ぁ..ゖ, ゝ, ゞ shift by 0x60 to ァ..ヶ, ヽ, ヾ). encoding-japanese's
 * toKatakanaCase does the same, but importing it would bring the whole library into forms.
 */
export function hiraganaToKatakana(value: string): string {
  return value.replace(/[\u3041-\u3096\u309D\u309E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) + 0x60));
}

/** Keeps full-width katakana (ァ to ヺ) and the long-vowel mark ー; drops everything else. */
export function keepKatakana(value: string): string {
  return value.replace(/[^\u30A1-\u30FA\u30FC]/g, '');
}

/** Keeps the digits, full-width ones turned into ASCII first (０９０ -> 090). */
export function keepDigits(value: string): string {
  return value.replace(/[０-９]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0)).replace(/[^0-9]/g, '');
}

/** Hyphens, dashes, minus signs and box-drawing bars a customer may type in place of ー. */
export const DashVariants = '\\-\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u2500\u2501\uFE63\uFF0D\uFF70\u30FC';

const kana = '\u3041-\u3096\u309D\u309E\u30A1-\u30FA\u30FC-\u30FE\uFF66-\uFF9F';
const dashAfterKana = new RegExp(`(?<=[${kana}])[${DashVariants}]`, 'g');

/**
 * Dash variants to the long-vowel mark ー, only right after a kana (or another ー):
 * "ス-パ-" -> "スーパー", but "090-1234" and "A-1" keep their hyphens.
 */
export function dashToLongVowel(value: string): string {
  return value.replace(dashAfterKana, '\u30FC');
}
