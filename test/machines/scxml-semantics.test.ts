import { runInThisContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { otpMachine } from '../../machines/otp.machine';
import { bindParams, js, scxmlSemanticsOf } from '../../machines/scxml-semantics';

/** What an ECMAScript interpreter (SCION) reads from an expression of the export. */
const evaluate = (expr: string): unknown => runInThisContext(`(${expr})`);

describe('SCXMLの式（machines/scxml-semantics.ts）', () => {
  it('値を、インタープリターが同じ値として読むECMAScriptのリテラルにすること', () => {
    const values: unknown[] = [
      '01',
      "it's",
      'two\nlines',
      'back\\slash',
      '',
      0,
      42.5,
      true,
      false,
      null,
      ['01', 2, [null]],
      { paymentMethod: '99', 'request-type': '07', '1st': 1, $x_1: { nested: ['a'] } },
      {},
    ];
    for (const value of values) expect(evaluate(js(value)), js(value)).toEqual(value);
  });

  it('文字列は一重引用符、識別子のキーは引用符なしで、人が書くように書くこと', () => {
    expect(js('07')).toBe("'07'");
    expect(js("it's")).toBe('"it\'s"');
    expect(js(['01', 2])).toBe("['01', 2]");
    expect(js({ code: '07', $x_1: true, 'a-b': 1, '1st': null })).toBe(`{ code: '07', $x_1: true, "a-b": 1, "1st": null }`);
    expect(js({})).toBe('{}');
    expect(js({ gone: undefined })).toBe('{}');
    expect(js(7)).toBe('7');
  });

  it('値のないフィールドは書かず、値そのものがないときはnullとすること', () => {
    expect(evaluate(js({ kept: 1, gone: undefined }))).toStrictEqual({ kept: 1 });
    expect(js(undefined)).toBe('null');
  });

  it('固定の引数で使うガードの式はその引数を束ね、引数がないか事象から計算するときは式のままであること', () => {
    const cond = "params.path === '/Top'";
    const bound = bindParams(cond, { path: '/Top' });
    expect(evaluate(bound)).toBe(true);
    expect(evaluate(bindParams(cond, { path: '/Error' }))).toBe(false);
    expect(bound).toBe(`(function (params) { return (${cond}); })({ path: '/Top' })`);
    expect(bindParams(cond, undefined)).toBe(cond);
    expect(bindParams('_event.data.ok', () => ({ ok: true }))).toBe('_event.data.ok');
  });

  it('機械ごとに宣言した意味を返し、宣言のない機械には何も返さないこと', () => {
    expect(Object.keys(scxmlSemanticsOf(otpMachine)?.guards ?? {})).toContain('canSendByMail');
    expect(scxmlSemanticsOf(createMachine({ id: 'plain' }))).toBeUndefined();
  });
});
