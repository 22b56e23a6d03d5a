/**
 * Half-width <-> full-width conversion of kana, letters, digits and symbols (spec section 5),
 * done by encoding-japanese. The library is about 78 KB gzipped in a browser bundle (its
 * character-set tables come with it), so only code that converts widths imports this file;
 * the input schemas use NFKC instead (docs/decisions/0017-text-helpers.md).
 */
import Encoding from 'encoding-japanese';

/** Half-width katakana to full-width (ｶﾞ -> ガ, voiced marks merged). Nothing else changes. */
export function toFullWidthKana(value: string): string {
  return Encoding.toZenkanaCase(value);
}

/** Full-width katakana to half-width (ガ -> ｶﾞ); katakana without a half-width form stay. */
export function toHalfWidthKana(value: string): string {
  return Encoding.toHankanaCase(value);
}

/** Half-width kana, ASCII letters, digits, symbols and the space to their full-width forms. */
export function toFullWidth(value: string): string {
  return Encoding.toZenkakuSpace(Encoding.toZenkakuCase(Encoding.toZenkanaCase(value)));
}

/** Full-width kana, letters, digits, symbols and the ideographic space to half-width. */
export function toHalfWidth(value: string): string {
  return Encoding.toHankakuSpace(Encoding.toHankakuCase(Encoding.toHankanaCase(value)));
}

