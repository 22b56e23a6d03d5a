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

describe('the URL following a flow', () => {
  it('フローがエラーページへ進むと、マシンが持つエラーコードを履歴の状態で渡すこと', () => {
    const actor = createActor(flow).start();
    actor.send({ type: 'fail', code: 'W0011' });
    expect(flowNavigation('/Error', actor.getSnapshot(), true)).toEqual({ to: '/Error', replace: true, state: { errorCode: 'W0011' } });
  });

  it('エラーコードがなければ状態は空で、既定のメッセージになること', () => {
    const actor = createActor(flow).start();
    expect(flowNavigation('/Error', actor.getSnapshot(), false)).toEqual({ to: '/Error', replace: false, state: {} });
  });

  it('エラーページ以外へは経路だけで移動すること', () => {
    const actor = createActor(flow).start();
    expect(flowNavigation('/AnshinDataBox/Apply', actor.getSnapshot(), true)).toEqual({ to: '/AnshinDataBox/Apply', replace: true });
  });
});


describe('history entries while a flow moves', () => {
  const page = (path: string) => {
    const entry = findLivePage(path);
    if (entry === undefined) throw new Error(`no live page ${path}`);
    return entry;
  };

  it('フロー内の移動は履歴を置き換えること', () => {
    expect(replacesHistoryEntry(page('/AnshinDataBox/Apply'), 'anshinApply')).toBe(true);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Update/Confirm'), 'anshinChangePayment')).toBe(true);
  });

  it('カード決済サービスからの戻り先ページを離れるときは履歴を積み、戻るがポータル内にとどまること', () => {
    expect(replacesHistoryEntry(page('/Payment/Redirect'), 'anshinApply')).toBe(false);
    expect(replacesHistoryEntry(page('/Payment/Cancel/Redirect'), 'anshinChangePayment')).toBe(false);
  });

  it('戻るを抑止するページへの移動は、タブの最初の履歴エントリなら置き換えないこと', () => {
    const completed = page('/AnshinDataBox/Cancel/Completed');
    const confirm = page('/AnshinDataBox/Cancel/Confirm');
    expect(completed.backForwardDeter).toBe(true);
    expect(confirm.backForwardDeter).toBe(false);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Confirm'), 'anshinCancel', { to: completed, firstEntry: true })).toBe(false);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Confirm'), 'anshinCancel', { to: completed, firstEntry: false })).toBe(true);
    expect(replacesHistoryEntry(page('/AnshinDataBox/Cancel/Inform'), 'anshinCancel', { to: confirm, firstEntry: true })).toBe(true);
  });

  it('入口のページから始まるフローは履歴を積むこと', () => {
    expect(replacesHistoryEntry(page('/Top'), 'anshinApply')).toBe(false);
    expect(replacesHistoryEntry(undefined, 'anshinApply')).toBe(false);
  });
});
