import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';
import { flowNavigation } from '../../../src/navigation/navigation-effects';

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

