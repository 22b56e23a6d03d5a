import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageEndpoints } from '../../contracts/page-endpoints';
import { apiActivity, callApi, configureApiClient, resetApiClient } from '../../src/api/api-client';
import { configureLogger, resetLogger } from '../../src/lib/logger';
import { SettleIdleTimeoutMs, whenSettled, type Activity } from '../../src/lib/when-settled';

/** A page's reads as the query client reports them: a count in flight and a change signal. */
function fakeActivity() {
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  const activity: Activity = {
    isBusy: () => inFlight > 0,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return {
    activity,
    listeners,
    start: () => {
      inFlight += 1;
      notify();
    },
    finish: () => {
      inFlight -= 1;
      notify();
    },
  };
}

function track(promise: Promise<void>) {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  return state;
}

/** Not a moment before the 1 s quiet time has passed; then, without idle callbacks (Node, Safari), a task later. */
async function expectSettledAfterQuietTime(state: { settled: boolean }) {
  await vi.advanceTimersByTimeAsync(999);
  expect(state.settled).toBe(false);
  await vi.advanceTimersByTimeAsync(2);
  expect(state.settled).toBe(true);
}

describe('whenSettled', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the quiet time when nothing is in flight', async () => {
    const page = fakeActivity();
    const state = track(whenSettled(page.activity, 1000));
    await expectSettledAfterQuietTime(state);
    expect(page.listeners.size).toBe(0);
  });

  it('does not settle while a read is in flight, however long it takes', async () => {
    const page = fakeActivity();
    page.start();
    const state = track(whenSettled(page.activity, 1000));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.settled).toBe(false);
    page.finish();
    await expectSettledAfterQuietTime(state);
  });

  it('starts the quiet time again when a read begins before it has passed', async () => {
    const page = fakeActivity();
    const state = track(whenSettled(page.activity, 1000));
    await vi.advanceTimersByTimeAsync(800);
    page.start();
    await vi.advanceTimersByTimeAsync(100);
    page.finish();
    await expectSettledAfterQuietTime(state);
  });

  it('then waits for an idle moment where the browser offers one, with a limit', async () => {
    const requestIdleCallback = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const page = fakeActivity();
    const state = track(whenSettled(page.activity, 1000));
    await vi.advanceTimersByTimeAsync(1000);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: SettleIdleTimeoutMs });
    expect(state.settled).toBe(false);
    (requestIdleCallback.mock.calls[0]?.[0] as () => void)();
    await vi.advanceTimersByTimeAsync(0);
    expect(state.settled).toBe(true);
  });
});

describe("the API's calls as the page activity", () => {
  // The contracts read, as a flow's actor makes it (it does not go through the query cache).
  const read = pageEndpoints.getContracts;
  /** Each call's answer, given when the test says so. */
  const answers: ((status: number) => void)[] = [];
  const answerNext = (status = 200) => answers.shift()?.(status);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    configureLogger({ level: 'NONE' });
    configureApiClient({
      retryDelayMs: 100,
      fetch: () => new Promise<Response>((resolve) => answers.push((status) => resolve(Response.json({ contracts: [] }, { status })))),
    });
  });

  afterEach(() => {
    resetApiClient();
    resetLogger();
    answers.length = 0;
    vi.useRealTimers();
  });

  // A flow's own read and a navigation rule's check do not go through the query cache: the
  // invoice link's flow read the services while the footer's version was already on its way.
  it('is busy while a call made outside the query cache is under way, and settles a quiet time after its answer', async () => {
    const call = callApi(read, { params: { sbSystemId: '1000000017' } });
    const state = track(whenSettled(apiActivity, 1000));
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.settled).toBe(false);
    answerNext();
    await call;
    await expectSettledAfterQuietTime(state);
  });

  it('stays busy between a failed attempt and its retry', async () => {
    const call = callApi(read, { params: { sbSystemId: '1000000017' }, errorHandler: false });
    const state = track(whenSettled(apiActivity, 1000));
    answerNext(503);
    // The retry waits 100 ms; the quiet time has not started.
    await vi.advanceTimersByTimeAsync(1100);
    expect(state.settled).toBe(false);
    answerNext();
    expect(await call).toMatchObject({ ok: true });
    await expectSettledAfterQuietTime(state);
  });

  it('is not busy once a call has failed for good', async () => {
    const call = callApi(read, { params: { sbSystemId: '1000000017' }, errorHandler: false, retries: 0 });
    expect(apiActivity.isBusy()).toBe(true);
    answerNext(500);
    expect(await call).toMatchObject({ ok: false });
    expect(apiActivity.isBusy()).toBe(false);
  });
});
