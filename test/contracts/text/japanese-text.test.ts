import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import Encoding from 'encoding-japanese';
import {
  dashToLongVowel,
  DashVariants,
  hiraganaToKatakana,
  keepDigits,
  keepKatakana,
  toUpperLatin,
} from '../../../contracts/text/japanese-text';

const printableAscii = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});

describe('toUpperLatin', () => {
  it('upper-cases ASCII and full-width Latin letters only', () => {
    expect(toUpperLatin('abcＡｂｃ1-ß')).toBe('ABCＡＢＣ1-ß');
  });

  test.prop([fc.string()])('leaves no lower-case Latin letter, keeps the length, is idempotent', (value) => {
    const upper = toUpperLatin(value);
    expect(upper).not.toMatch(/[a-zａ-ｚ]/);
    expect(upper).toHaveLength(value.length);
    expect(toUpperLatin(upper)).toBe(upper);
  });
});

describe('hiraganaToKatakana', () => {
  it('shifts hiragana to katakana and leaves the rest', () => {
    expect(hiraganaToKatakana('やまだ たろう ゝゞ ヤマダ 山田 ー')).toBe('ヤマダ タロウ ヽヾ ヤマダ 山田 ー');
  });

  test.prop([fc.string({ unit: fc.integer({ min: 0x3000, max: 0x30ff }).map((c) => String.fromCharCode(c)) })])(
    'agrees with encoding-japanese’s toKatakanaCase on hiragana',
    (value) => {
      const hiraganaOnly = value.replace(/[^\u3041-\u3096]/g, '');
      expect(hiraganaToKatakana(hiraganaOnly)).toBe(Encoding.toKatakanaCase(hiraganaOnly));
    },
  );
});

describe('keepKatakana and keepDigits', () => {
  it('keep what they name', () => {
    expect(keepKatakana('ヤマダ 太郎 たろう タロー123')).toBe('ヤマダタロー');
    expect(keepDigits('〒１００-0001 東京')).toBe('1000001');
  });

  test.prop([fc.string()])('keepKatakana leaves only katakana and is idempotent', (value) => {
    const kept = keepKatakana(value);
    expect(kept).toMatch(/^[\u30a1-\u30fa\u30fc]*$/);
    expect(keepKatakana(kept)).toBe(kept);
  });

  test.prop([fc.string()])('keepDigits leaves only ASCII digits, one per digit of the input', (value) => {
    const kept = keepDigits(value);
    expect(kept).toMatch(/^[0-9]*$/);
    expect(kept).toHaveLength((value.match(/[0-9０-９]/g) ?? []).length);
  });
});

describe('dashToLongVowel', () => {
  it('turns a dash after a kana into ー and leaves other hyphens alone', () => {
    expect(dashToLongVowel('ス-パ-')).toBe('スーパー');
    expect(dashToLongVowel('すｰぱ―')).toBe('すーぱー');
    expect(dashToLongVowel('ｽ-ﾊﾟ-')).toBe('ｽーﾊﾟー');
    expect(dashToLongVowel('090-1234-5678')).toBe('090-1234-5678');
    expect(dashToLongVowel('A-1 -ア')).toBe('A-1 -ア');
  });

  it.each([...DashVariants.replace('\\-', '-')].map((dash) => [dash]))('converts %s after a kana', (dash) => {
    expect(dashToLongVowel(`カ${dash}ド`)).toBe('カード');
  });

  test.prop([printableAscii])('changes nothing in text without kana', (value) => {
    expect(dashToLongVowel(value)).toBe(value);
  });
});
