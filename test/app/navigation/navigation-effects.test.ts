import type { AnyRouter, HistoryState, ParsedLocation } from '@tanstack/react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from 'xstate';
import { findLivePage } from '../../../machines/page-table';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { bindNavigationEffects, replacesHistoryEntry, stripQueryString } from '../../../src/navigation/navigation-effects';
import { commonStore } from '../../../src/stores/common-store';
import { loadingStore, showLoading } from '../../../src/stores/loading-store';

/**
 * The effects wired to the router's events, against a router reduced to what they use (its
 * events, its history's switch, navigate and the latest location), so each rule is seen alone.
 */
type Listener = (event: { toLocation: Pick<ParsedLocation, 'pathname' | 'searchStr' | 'hash'> }) => void;

function fakeRouter(currentPath: string, canGoBack: boolean, state: HistoryState) {
  const listeners = new Map<string, Set<Listener>>();
  const history: { _ignoreSubscribers?: boolean; canGoBack: () => boolean; location: { pathname: string; state: HistoryState }; back: () => void } = {
    canGoBack: () => canGoBack,
    location: { pathname: currentPath, state },
    back: vi.fn(),
  };
  const navigate = vi.fn((_options: unknown) => Promise.resolve());
  const router = {
    history,
    navigate,
    state: { status: 'idle' as 'idle' | 'pending' },
    latestLocation: { pathname: currentPath },
    subscribe: (event: string, listener: Listener) => {
      const set = listeners.get(event) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  };
  const emit = (event: 'onBeforeNavigate' | 'onResolved', pathname: string, searchStr = '') =>
    listeners.get(event)?.forEach((listener) => listener({ toLocation: { pathname, searchStr, hash: '' } }));
  return { router: router as unknown as AnyRouter, emit, navigate, history, state: router.state };
}

/** A window whose history records each replace and whether the router's history was listening. */
function fakeWindow(pathname: string, routerHistory: { _ignoreSubscribers?: boolean }) {
  const replaced: { url: string; ignored: boolean | undefined }[] = [];
  const win = {
    location: { pathname } as Location,
    history: {
      state: null,
      replaceState: (_state: unknown, _unused: string, url: string) => replaced.push({ url, ignored: routerHistory._ignoreSubscribers }),
    } as unknown as History,
  };
  return { win, replaced };
}

const apply = setup({ types: { events: {} as { type: 'next' } | { type: 'away' } | { type: 'lost' } | { type: 'pause' } } }).createMachine({
  id: 'anshinApply',
  initial: 'apply',
  states: {
    apply: { meta: { route: '/AnshinDataBox/Apply' }, on: { next: 'completed', away: 'provider', lost: 'lost', pause: 'routeless' } },
    provider: { meta: { route: '/Payment/Redirect' }, on: { next: 'completed', pause: 'routeless' } },
    // A state no page shows (between two pages).
    routeless: {},
    completed: { meta: { route: '/AnshinDataBox/Apply/Completed' } },
    lost: { meta: { route: '/NoSuchPage' } },
  },
});

function setUp(currentPath: string, onPageView?: (page: unknown, location: unknown) => void, { canGoBack = true, historyState = {} } = {}) {
  const flows = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: apply }] });
  const { router, emit, navigate, history, state } = fakeRouter(currentPath, canGoBack, historyState);
  const { win, replaced } = fakeWindow(currentPath, history);
  const unbind = bindNavigationEffects(router, { flows, window: win, ...(onPageView === undefined ? {} : { onPageView }) });
  return { flows, emit, navigate, history, replaced, unbind, routerState: state };
}

beforeEach(() => {
  commonStore.reset();
  loadingStore.reset();
});

describe('before a navigation', () => {
  it('ローディングを表示するページへの移動でだけ、ローディングを表示すること', () => {
    const { emit } = setUp('/Top');
    emit('onBeforeNavigate', '/Error');
    expect(loadingStore.get().visible).toBe(false);
    emit('onBeforeNavigate', '/NoSuchPage');
    expect(loadingStore.get().visible).toBe(false);
    emit('onBeforeNavigate', '/Top');
    expect(loadingStore.get().visible).toBe(true);
  });
});

describe('after a page resolved', () => {
  it('ローディングを閉じ、ページ表のページなら内部遷移元を記録し、クエリ文字列をルーターに聞かせずに取り除くこと', () => {
    const pageViews: unknown[][] = [];
    const { emit, replaced, history } = setUp('/Top', (page, location) => pageViews.push([page, location]));
    showLoading();
    emit('onResolved', '/Top', '?from=mail');
    expect(loadingStore.get().visible).toBe(false);
    expect(commonStore.get().internalFrom).toBe('CMN0002');
    expect(replaced).toEqual([{ url: '/Top', ignored: true }]);
    expect(history._ignoreSubscribers).toBe(false);
    expect(pageViews).toEqual([[findLivePage('/Top'), { pathname: '/Top', searchStr: '?from=mail', hash: '' }]]);
  });

  it('ページ表にないページでは内部遷移元を変えず、クエリ文字列も残すこと', () => {
    const { emit, replaced } = setUp('/NoSuchPage');
    commonStore.set({ internalFrom: 'CMN0002' });
    emit('onResolved', '/NoSuchPage', '?a=1');
    expect(commonStore.get().internalFrom).toBe('CMN0002');
    expect(replaced).toEqual([]);
  });

  it('前景のフローの外のページに着いたら、フローを手放し、以後の遷移で引き戻さないこと', () => {
    const { flows, emit, navigate } = setUp('/Top');
    flows.start('anshinApply');
    navigate.mockClear();
    emit('onResolved', '/Top');
    expect(flows.foreground()).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('前景のフローのいるページに着いたら、フローを手放さないこと', () => {
    const { flows, emit, navigate } = setUp('/AnshinDataBox/Apply');
    flows.start('anshinApply');
    emit('onResolved', '/AnshinDataBox/Apply');
    expect(flows.foreground()?.machineId).toBe('anshinApply');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('フローのページが解決する前にフローが次へ進んでいたら、同じ履歴エントリで URL が追いつくこと', () => {
    const { flows, emit, navigate } = setUp('/AnshinDataBox/Apply');
    flows.start('anshinApply').actor.send({ type: 'next' });
    navigate.mockClear();
    emit('onResolved', '/AnshinDataBox/Apply');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: true, state: {} });
    expect(flows.foreground()?.machineId).toBe('anshinApply');
  });

  it('タブの最初の履歴エントリからのフローの移動は、置き換えず積み、そのページを履歴の状態に覚えること（戻るがポータル内にとどまる）', () => {
    const first = setUp('/AnshinDataBox/Apply', undefined, { canGoBack: false });
    first.flows.start('anshinApply').actor.send({ type: 'next' });
    expect(first.navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: false, state: { tabFirstPage: '/AnshinDataBox/Apply' } });
    first.unbind();

    const later = setUp('/AnshinDataBox/Apply');
    later.flows.start('anshinApply').actor.send({ type: 'next' });
    expect(later.navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: true, state: {} });
  });

  it('フローの行き先がページ表にないときは追いかけず、フローを手放すこと', () => {
    const { flows, emit, navigate } = setUp('/AnshinDataBox/Apply');
    flows.start('anshinApply').actor.send({ type: 'lost' });
    navigate.mockClear();
    emit('onResolved', '/AnshinDataBox/Apply');
    expect(navigate).not.toHaveBeenCalled();
    expect(flows.foreground()).toBeUndefined();
  });

  it('カード決済サービスからの戻り先ページでは、戻ったフローのページへ履歴を積んで進むこと', () => {
    const { flows, emit, navigate } = setUp('/Payment/Redirect');
    const flow = flows.start('anshinApply');
    flow.actor.send({ type: 'away' });
    navigate.mockClear();
    emit('onResolved', '/Payment/Redirect');
    expect(navigate).not.toHaveBeenCalled();
    flow.actor.send({ type: 'next' });
    navigate.mockClear();
    emit('onResolved', '/Payment/Redirect');
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: false, state: {} });
    expect(flows.foreground()?.machineId).toBe('anshinApply');
  });

  it('フローがどのページにもいない間は URL を動かさず、フローを手放すこと', () => {
    for (const [path, events] of [['/Payment/Redirect', ['away', 'pause']], ['/AnshinDataBox/Apply', ['pause']]] as const) {
      const { flows, emit, navigate } = setUp(path);
      const flow = flows.start('anshinApply');
      for (const type of events) flow.actor.send({ type });
      navigate.mockClear();
      emit('onResolved', path);
      expect(navigate).not.toHaveBeenCalled();
      expect(flows.foreground()).toBeUndefined();
    }
  });

  it('ページ表にないページに着いたときも、前景のフローを手放すだけであること', () => {
    const { flows, emit, navigate } = setUp('/NoSuchPage');
    flows.start('anshinApply');
    navigate.mockClear();
    emit('onResolved', '/NoSuchPage');
    expect(navigate).not.toHaveBeenCalled();
    expect(flows.foreground()).toBeUndefined();
  });

  it('戻り先ページでも、動いているフローがなければ何もしないこと', () => {
    const { emit, navigate } = setUp('/Payment/Redirect');
    emit('onResolved', '/Payment/Redirect');
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('a flow moving', () => {
  it('フローの遷移で、入口のページからは履歴を積み、フロー内では置き換えて URL が追うこと', () => {
    const { flows, navigate } = setUp('/Top');
    const flow = flows.start('anshinApply');
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply', replace: false, state: {} });
    navigate.mockClear();
    flow.actor.send({ type: 'next' });
    // The fake router stays on /Top: from an entry page the move pushes again.
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: false, state: {} });
  });

  it('フローのページへの遷移がまだ解決していない間にフローが進んだら、そのページを内部遷移元として記録してから URL が追うこと', () => {
    const { flows, navigate, routerState } = setUp('/AnshinDataBox/Apply');
    routerState.status = 'pending';
    let recordedFirst: string | null = null;
    navigate.mockImplementation(() => {
      recordedFirst = commonStore.get().internalFrom;
      return Promise.resolve();
    });
    flows.start('anshinApply').actor.send({ type: 'next' });
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: true, state: {} });
    expect(recordedFirst).toBe(findLivePage('/AnshinDataBox/Apply')?.id);
  });

  it('ほかのページへの遷移が解決していない間や、遷移が済んでいるときのフローの移動は、内部遷移元を変えないこと', () => {
    const { flows, navigate, routerState } = setUp('/Top');
    routerState.status = 'pending';
    flows.start('anshinApply');
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply', replace: false, state: {} });
    expect(commonStore.get().internalFrom).toBeNull();
    const settled = setUp('/AnshinDataBox/Apply');
    settled.flows.start('anshinApply').actor.send({ type: 'next' });
    expect(settled.navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: true, state: {} });
    expect(commonStore.get().internalFrom).toBeNull();
  });

  it('フローがタブの最初のページへ戻ったら、上の履歴エントリを置き換えてから一つ戻り、戻るが空振りしないこと', async () => {
    const onTop = setUp('/AnshinDataBox/Apply/Completed', undefined, { historyState: { tabFirstPage: '/AnshinDataBox/Apply' } });
    onTop.flows.start('anshinApply');
    expect(onTop.navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply', replace: true, state: { tabFirstPage: '/AnshinDataBox/Apply' } });
    await vi.waitFor(() => expect(onTop.history.back).toHaveBeenCalledTimes(1));
    onTop.unbind();

    // Another page of the flow, or no first page remembered: the move replaces and stays.
    const elsewhere = setUp('/AnshinDataBox/Apply/Completed', undefined, { historyState: { tabFirstPage: '/Top' } });
    elsewhere.flows.start('anshinApply');
    const plain = setUp('/AnshinDataBox/Apply/Completed');
    plain.flows.start('anshinApply');
    await Promise.resolve();
    expect(elsewhere.history.back).not.toHaveBeenCalled();
    expect(plain.history.back).not.toHaveBeenCalled();
  });

  it('最初の履歴エントリのページがまだ表示される前にフローが進んだら、そのエントリを置き換えること（戻るで同じ移動を繰り返さない）', () => {
    const { flows, navigate, routerState } = setUp('/AnshinDataBox/Apply', undefined, { canGoBack: false });
    routerState.status = 'pending';
    flows.start('anshinApply').actor.send({ type: 'next' });
    expect(navigate).toHaveBeenCalledWith({ to: '/AnshinDataBox/Apply/Completed', replace: true, state: {} });
  });

  it('URL がすでにフローのページなら移動しないこと', () => {
    const { flows, navigate } = setUp('/AnshinDataBox/Apply');
    flows.start('anshinApply');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('解除した後は、ルーターのイベントにもフローの遷移にも反応しないこと', () => {
    const { flows, emit, navigate, replaced, unbind } = setUp('/Top');
    unbind();
    emit('onBeforeNavigate', '/Top');
    emit('onResolved', '/Top', '?a=1');
    flows.start('anshinApply');
    expect(loadingStore.get().visible).toBe(false);
    expect(commonStore.get().internalFrom).not.toBe('CMN0002');
    expect(replaced).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('history entries of a flow', () => {
  it('フローの入口でもあるそのフローのページからの移動は、履歴を置き換えること', () => {
    const inform = findLivePage('/AnshinDataBox/Cancel/Inform');
    expect(inform?.entry).toBe(true);
    expect(replacesHistoryEntry(inform, 'anshinCancel', false)).toBe(true);
    expect(replacesHistoryEntry(inform, 'anshinApply', false)).toBe(false);
  });
});

describe('query string', () => {
  function windowAt(pathname: string, state: unknown) {
    const calls: { state: unknown; url: string }[] = [];
    const win = {
      location: { pathname } as Location,
      history: { state, replaceState: (next: unknown, _unused: string, url: string) => calls.push({ state: next, url }) } as unknown as History,
    };
    return { win, calls };
  }

  it('? だけのクエリは取り除くものがないこと', () => {
    const { win, calls } = windowAt('/Top', null);
    expect(stripQueryString(win, { pathname: '/Top', searchStr: '?', hash: '' })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('? のないクエリ文字列もそのまま読み、ハッシュは URL に残すこと', () => {
    const { win, calls } = windowAt('/Top', null);
    expect(stripQueryString(win, { pathname: '/Top', searchStr: 'a=1', hash: 'news' })).toBe(true);
    expect(stripQueryString(win, { pathname: '/Top', searchStr: 'q=?', hash: '' })).toBe(true);
    expect(calls).toEqual([
      { state: { strippedSearch: { a: '1' } }, url: '/Top#news' },
      { state: { strippedSearch: { q: '?' } }, url: '/Top' },
    ]);
  });

  it('履歴の状態がオブジェクトでなければ、取り除いたクエリだけを状態にすること', () => {
    const { win, calls } = windowAt('/Top', 'ab');
    stripQueryString(win, { pathname: '/Top', searchStr: '?a=1', hash: '' });
    expect(calls).toEqual([{ state: { strippedSearch: { a: '1' } }, url: '/Top' }]);
  });
});
