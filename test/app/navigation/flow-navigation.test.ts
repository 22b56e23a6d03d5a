import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { findLivePage } from '../../../machines/page-table';
import { flowNavigation, replacesHistoryEntry } from '../../../src/navigation/navigation-effects';

const flow = setup({
  types: { context: {} as { errorCode: string | null }, events: {} as { type: 'fail'; code: string } },
}).createMachine({
  context: { errorCode: null },
  initial: 'confirm',
  states: {
    confirm: { meta: { route: '/AnshinDataBox/Apply' }, on: { fail: { target: 'failed', actions: assign({ errorCode: ({ event }) => event.code }) } } },
    failed: { meta: { route: '/Error' } },
  },
});

/** An entry above the tab's first one, not made by a flow. */
const inside = { path: '/Top', state: {}, firstEntry: false };

describe('the URL following a flow', () => {
  it('フローがエラーページへ進むと、マシンが持つエラーコードを履歴の状態で渡すこと', () => {
    const actor = createActor(flow).start();
    actor.send({ type: 'fail', code: 'W0011' });
    expect(flowNavigation('/Error', actor.getSnapshot(), true, inside)).toEqual({ to: '/Error', replace: true, state: { errorCode: 'W0011' } });
  });

  it('エラーコードがなければ状態は空で、既定のメッセージになること', () => {
    const actor = createActor(flow).start();
    expect(flowNavigation('/Error', actor.getSnapshot(), false, inside)).toEqual({ to: '/Error', replace: false, state: {} });
  });

  it('エラーページ以外へは経路だけで移動すること', () => {
    const actor = createActor(flow).start();
    expect(flowNavigation('/AnshinDataBox/Apply', actor.getSnapshot(), true, inside)).toEqual({ to: '/AnshinDataBox/Apply', replace: true, state: {} });
  });

  it('タブの最初の履歴エントリの上に積む移動は、そのページを履歴の状態に覚え、以後の置き換えでも引き継ぐこと', () => {
    const actor = createActor(flow).start();
    const first = { path: '/Sumahosetup-support/Service/Detail', state: {}, firstEntry: true };
    const pushed = flowNavigation('/Sumahosetup-support/SupportHistory', actor.getSnapshot(), false, first);
    expect(pushed.state).toEqual({ tabFirstPage: '/Sumahosetup-support/Service/Detail' });
    const next = flowNavigation('/Sumahosetup-support/SupportHistory/Detail', actor.getSnapshot(), true, { path: '/Sumahosetup-support/SupportHistory', state: pushed.state, firstEntry: false });
    expect(next.state).toEqual({ tabFirstPage: '/Sumahosetup-support/Service/Detail' });
    actor.send({ type: 'fail', code: 'W0011' });
    expect(flowNavigation('/Error', actor.getSnapshot(), true, { path: '/Sumahosetup-support/SupportHistory', state: pushed.state, firstEntry: false }).state)
      .toEqual({ errorCode: 'W0011', tabFirstPage: '/Sumahosetup-support/Service/Detail' });
  });

  it('最初の履歴エントリを置き換える移動（表示前に先へ進んだフロー）は、覚えるページを持たないこと', () => {
    const actor = createActor(flow).start();
    const first = { path: '/Invoice', state: {}, firstEntry: true };
    expect(flowNavigation('/Invoice/Services', actor.getSnapshot(), true, first).state).toEqual({});
  });
});


describe('history entries while a flow moves', () => {
  const page = (path: string) => {
    const entry = findLivePage(path);
    if (entry === undefined) throw new Error(`no live page ${path}`);
    return entry;
  };

  it('フロー内の移動は履歴を置き換えること', () => {
    expect(replacesHistoryEntry(page('/AnshinDataBox/Apply'), 'anshinApply', false)).toBe(true);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Update/Confirm'), 'anshinChangePayment', false)).toBe(true);
  });

  it('カード決済サービスからの戻り先ページを離れるときは履歴を積み、戻るがポータル内にとどまること', () => {
    expect(replacesHistoryEntry(page('/Payment/Redirect'), 'anshinApply', false)).toBe(false);
    expect(replacesHistoryEntry(page('/Payment/Cancel/Redirect'), 'anshinChangePayment', false)).toBe(false);
  });

  it('タブの最初の履歴エントリ（URLの直接入力、ブックマーク、サインオンからの戻り）からの移動は、置き換えずに積むこと', () => {
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Confirm'), 'anshinCancel', true)).toBe(false);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Inform'), 'anshinCancel', true)).toBe(false);
    expect(replacesHistoryEntry(page('/Sumahosetup-support/Service/Detail'), 'inStoreSupportHistory', true)).toBe(false);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Confirm'), 'anshinCancel', false)).toBe(true);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Inform'), 'anshinCancel', false)).toBe(true);
  });

  it('入口のページから始まるフローは履歴を積むこと', () => {
    expect(replacesHistoryEntry(page('/Top'), 'anshinApply', false)).toBe(false);
    expect(replacesHistoryEntry(undefined, 'anshinApply', false)).toBe(false);
  });
});
