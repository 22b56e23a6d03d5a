import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { toFullWidth, toFullWidthKana, toHalfWidth, toHalfWidthKana } from '../../../contracts/text/width-conversion';

const printableAscii = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
});
// Half-width katakana base letters ｦ..ﾝ and the half-width long-vowel mark.
const halfKana = fc.string({
  unit: fc.integer({ min: 0xff66, max: 0xff9d }).map((code) => String.fromCharCode(code)),
  minLength: 1,
});

describe('width conversion', () => {
  it('converts kana, letters, digits, symbols and spaces both ways', () => {
    expect(toFullWidth('ｶﾞｽ ﾊﾟｰｸ A1!')).toBe('ガス　パーク　Ａ１！');
    expect(toHalfWidth('ガス　パーク　Ａ１！')).toBe('ｶﾞｽ ﾊﾟｰｸ A1!');
    expect(toFullWidthKana('ｶﾞｽ A1')).toBe('ガス A1');
    expect(toHalfWidthKana('ガス　Ａ１')).toBe('ｶﾞｽ　Ａ１');
  });

  test.prop([printableAscii])('ASCII survives a round trip through full width', (value) => {
    expect(toHalfWidth(toFullWidth(value))).toBe(value);
  });

  test.prop([printableAscii])('full width leaves no printable ASCII behind', (value) => {
    expect(toFullWidth(value)).not.toMatch(/[\x20-\x7e]/);
  });

  test.prop([halfKana])('half-width kana survive a round trip through full-width kana', (value) => {
    const full = toFullWidthKana(value);
    expect(full).not.toMatch(/[\uff66-\uff9f]/);
    expect(toHalfWidthKana(full)).toBe(value);
  });
});

