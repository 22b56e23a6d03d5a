import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from 'xstate';
import { ApiRequestError } from '../../../src/api/api-client';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { bindBfcacheReload, bindUnhandledErrors, ReloadGuardMs } from '../../../src/navigation/browser-lifecycle';
import { stripQueryString } from '../../../src/navigation/navigation-effects';
import { handleBrowserBack } from '../../../src/navigation/use-back-guard';
import { commonModalStore } from '../../../src/stores/common-modal-store';
import { loadingStore, showLoading } from '../../../src/stores/loading-store';

function fakeWindow(origin = 'https://portal.example.jp') {
  const target = new EventTarget();
  const reload = vi.fn();
  const win = {
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    location: { origin, reload } as unknown as Location,
    sessionStorage,
  };
  return { win, target, reload };
}

const pageShow = (persisted: boolean) => Object.assign(new Event('pageshow'), { persisted });

beforeEach(() => {
  sessionStorage.clear();
  commonModalStore.reset();
  loadingStore.reset();
});

describe('back-forward cache', () => {
  it('reloads a page restored from the cache, once per guard lifetime', () => {
    const { win, target, reload } = fakeWindow();
    let now = 1_000_000;
    bindBfcacheReload(win, () => now);
    target.dispatchEvent(pageShow(false));
    expect(reload).not.toHaveBeenCalled();
    target.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(1);
    now += ReloadGuardMs - 1;
    target.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(1);
    now += 2;
    target.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('unhandled errors', () => {
  it('hide the overlay and go to the error page with the code of a failed call', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError);
    showLoading();
    const failure = new ApiRequestError({ method: 'GET', path: '/api/x' }, {
      reason: 'http', status: 503, code: 'E0005', endDate: undefined, correlationId: 'c', requestKey: 'k', body: undefined,
    });
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: failure }));
    expect(showError).toHaveBeenCalledWith('E0005');
    expect(loadingStore.get().visible).toBe(false);
  });

  it('go to the error page for an error of our own scripts, but not for a third-party script', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('tag'), filename: 'https://www.googletagmanager.com/gtm.js' }));
    expect(showError).not.toHaveBeenCalled();
    target.dispatchEvent(new ErrorEvent('error', { error: new TypeError('ours'), filename: 'https://portal.example.jp/assets/index.js' }));
    expect(showError).toHaveBeenCalledWith(undefined);
  });
});

describe('query string', () => {
  it('is stripped after the page loaded, kept in history state for a reload', () => {
    window.history.replaceState({ __TSR_key: 'k', __TSR_index: 3 }, '', '/Error?code=E9998&x=1');
    const stripped = stripQueryString(window, { pathname: '/Error', searchStr: '?code=E9998&x=1', hash: '' });
    expect(stripped).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/Error');
    expect(window.history.state).toEqual({ __TSR_key: 'k', __TSR_index: 3, strippedSearch: { code: 'E9998', x: '1' } });
  });

  it('is left alone when there is none, or when the browser is already elsewhere', () => {
    window.history.replaceState(null, '', '/Top');
    expect(stripQueryString(window, { pathname: '/Top', searchStr: '', hash: '' })).toBe(false);
    expect(stripQueryString(window, { pathname: '/Other', searchStr: '?a=1', hash: '' })).toBe(false);
    expect(window.location.pathname).toBe('/Top');
  });
});

describe('browser Back', () => {
  const wizard = setup({ types: { events: {} as { type: 'wizard.back' } | { type: 'wizard.next' } } }).createMachine({
    id: 'anshinApply',
    initial: 'apply',
    states: {
      landing: { meta: { route: '/AnshinDataBox' } },
      apply: { meta: { route: '/AnshinDataBox/Apply' }, on: { 'wizard.back': 'landing', 'wizard.next': 'completed' } },
      completed: { meta: { route: '/AnshinDataBox/Apply/Completed' } },
    },
  });

  const cancel = setup({ types: { events: {} as { type: 'wizard.back' } } }).createMachine({
    id: 'anshinCancel',
    initial: 'confirm',
    states: {
      inform: { meta: { route: '/AnshinDataBox/Cancel/Inform' } },
      confirm: { meta: { route: '/AnshinDataBox/Cancel/Confirm' }, on: { 'wizard.back': 'inform' } },
    },
  });

  it('is the machine\'s own Back on a flow page that does not suppress Back', () => {
    const flows = createFlowRegistry({ machines: [{ id: 'anshinCancel', machine: cancel }] });
    const flow = flows.start('anshinCancel');
    expect(handleBrowserBack('/AnshinDataBox/Cancel/Confirm', flows)).toBe(true);
    expect(flow.actor.getSnapshot().value).toBe('inform');
    expect(commonModalStore.get().visible).toBe(false);
  });

  it('shows W9999 on a Back-suppressed flow page even when the flow could go back, and the flow stays', () => {
    const flows = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: wizard }] });
    const flow = flows.start('anshinApply');
    expect(handleBrowserBack('/AnshinDataBox/Apply', flows)).toBe(true);
    expect(flow.actor.getSnapshot().value).toBe('apply');
    expect(commonModalStore.get()).toMatchObject({ visible: true, title: 'ブラウザの「戻る」ボタンはご利用いただけません。' });
  });

  it('keeps the customer on a Back-suppressed page and shows W9999', () => {
    const flows = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: wizard }] });
    flows.start('anshinApply').actor.send({ type: 'wizard.next' });
    expect(handleBrowserBack('/AnshinDataBox/Apply/Completed', flows)).toBe(true);
    expect(commonModalStore.get()).toMatchObject({
      visible: true,
      title: 'ブラウザの「戻る」ボタンはご利用いただけません。',
      msgList: ['画面内の「戻る」ボタンをご利用ください。'],
    });
  });

  it('lets Back through on ordinary pages', () => {
    const flows = createFlowRegistry({ machines: [] });
    expect(handleBrowserBack('/Top', flows)).toBe(false);
    expect(handleBrowserBack('/NoSuchPage', flows)).toBe(false);
    expect(commonModalStore.get().visible).toBe(false);
  });
});
