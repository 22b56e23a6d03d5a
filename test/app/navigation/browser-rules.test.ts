import { isRedirect, notFound, type redirect } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from 'xstate';
import { ApiRequestError } from '../../../src/api/api-client';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { configureLogger, resetLogger, type MessageLevel } from '../../../src/lib/logger';
import { bindBfcacheReload, bindUnhandledErrors, ReloadGuardMs } from '../../../src/navigation/browser-lifecycle';
import { errorState, throwErrorPage } from '../../../src/navigation/error-redirect';
import { stripQueryString } from '../../../src/navigation/navigation-effects';
import { afterPopState, handleBrowserBack } from '../../../src/navigation/use-back-guard';
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

  it('reloads again exactly when the guard lifetime has passed, and not at all once unbound', () => {
    const { win, target, reload } = fakeWindow();
    let now = 1_000_000;
    const unbind = bindBfcacheReload(win, () => now);
    target.dispatchEvent(pageShow(true));
    now += ReloadGuardMs;
    target.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(2);
    unbind();
    now += ReloadGuardMs;
    target.dispatchEvent(pageShow(true));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('unhandled errors', () => {
  const logged: [MessageLevel, string, unknown][] = [];
  beforeEach(() => {
    logged.length = 0;
    configureLogger({ level: 'DEBUG', sink: (level, message, context) => logged.push([level, message, context]) });
  });
  afterEach(resetLogger);

  const rejection = (reason: unknown) => Object.assign(new Event('unhandledrejection'), { reason });

  it('leave the router\'s own redirects and not-found answers, and aborted requests, alone', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError);
    const redirection: unknown = (() => {
      try {
        throwErrorPage('E0005');
      } catch (thrown) {
        return thrown;
      }
    })();
    target.dispatchEvent(rejection(redirection));
    target.dispatchEvent(rejection(notFound()));
    target.dispatchEvent(rejection(new DOMException('aborted', 'AbortError')));
    expect(showError).not.toHaveBeenCalled();
    expect(logged).toEqual([]);
  });

  it('take any other DOMException, or an error that only calls itself AbortError, to the error page and log it', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError);
    const quota = new DOMException('quota', 'QuotaExceededError');
    target.dispatchEvent(rejection(quota));
    const lookalike = Object.assign(new Error('not a DOMException'), { name: 'AbortError' });
    target.dispatchEvent(rejection(lookalike));
    expect(showError).toHaveBeenCalledTimes(2);
    expect(logged).toEqual([
      // jsdom's DOMException is no Error: it is logged as it is.
      ['ERROR', 'unhandled error', quota],
      ['ERROR', 'unhandled error', { name: 'AbortError', message: 'not a DOMException' }],
    ]);
  });

  it('treat an error with no script file (an inline script) as ours, and log a third-party error as a warning', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('tag'), message: 'tag', filename: 'https://www.googletagmanager.com/gtm.js' }));
    expect(logged).toEqual([['WARN', 'error in a script of another origin', { filename: 'https://www.googletagmanager.com/gtm.js', message: 'tag' }]]);
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('inline'), filename: '' }));
    expect(showError).toHaveBeenCalledTimes(1);
  });

  it('stop listening once unbound', () => {
    const { win, target } = fakeWindow();
    const showError = vi.fn();
    bindUnhandledErrors(win, showError)();
    target.dispatchEvent(rejection(new Error('late')));
    target.dispatchEvent(new ErrorEvent('error', { error: new Error('late'), filename: '' }));
    expect(showError).not.toHaveBeenCalled();
  });

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

describe('the error page', () => {
  it('carries only the extras given, in history state', () => {
    expect(errorState(undefined)).toEqual({});
    expect(Object.keys(errorState('E0005', {}))).toEqual(['errorCode']);
    expect(errorState('E0005', { endDate: '2026-12-01', signOnHref: '/sign-on' })).toEqual({ errorCode: 'E0005', endDate: '2026-12-01', signOnHref: '/sign-on' });
    expect(errorState(undefined, { signOnHref: '/sign-on' })).toEqual({ signOnHref: '/sign-on' });
  });

  it('is a redirect that replaces the page that failed', () => {
    let thrown: unknown;
    try {
      throwErrorPage('E0005', { endDate: '2026-12-01' });
    } catch (error) {
      thrown = error;
    }
    expect(isRedirect(thrown)).toBe(true);
    const { options } = thrown as ReturnType<typeof redirect>;
    expect(options).toMatchObject({ to: '/Error', replace: true, state: { errorCode: 'E0005', endDate: '2026-12-01' } });
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

  it('leaves Back to the browser on a flow page whose flow is not in the foreground, or cannot go back', () => {
    const other = setup({ types: { events: {} as { type: 'wizard.back' } } }).createMachine({
      id: 'anshinResume',
      initial: 'confirm',
      states: { start: {}, confirm: { meta: { route: '/AnshinDataBox/Resume/Confirm' }, on: { 'wizard.back': 'start' } } },
    });
    const flows = createFlowRegistry({ machines: [{ id: 'anshinCancel', machine: cancel }, { id: 'anshinResume', machine: other }] });
    const resume = flows.start('anshinResume');
    expect(handleBrowserBack('/AnshinDataBox/Cancel/Confirm', flows)).toBe(false);
    expect(handleBrowserBack('/Top', flows)).toBe(false);
    expect(resume.actor.getSnapshot().value).toBe('confirm');
    const flow = flows.start('anshinCancel');
    flow.actor.send({ type: 'wizard.back' });
    expect(handleBrowserBack('/AnshinDataBox/Cancel/Inform', flows)).toBe(false);
    expect(commonModalStore.get().visible).toBe(false);
  });

  it('runs the flow\'s Back once, at the next popstate', () => {
    const target = new EventTarget();
    const step = vi.fn();
    afterPopState(target)(step);
    expect(step).not.toHaveBeenCalled();
    target.dispatchEvent(new Event('popstate'));
    target.dispatchEvent(new Event('popstate'));
    expect(step).toHaveBeenCalledTimes(1);
  });

  it('lets Back through on ordinary pages', () => {
    const flows = createFlowRegistry({ machines: [] });
    expect(handleBrowserBack('/Top', flows)).toBe(false);
    expect(handleBrowserBack('/NoSuchPage', flows)).toBe(false);
    expect(commonModalStore.get().visible).toBe(false);
  });
});
