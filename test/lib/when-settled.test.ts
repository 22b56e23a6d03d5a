import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, queryActivity } from '../../src/api/query-client';
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

describe('the query client as the page activity', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is busy while a read is in flight and settles a quiet time after its answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const client = createQueryClient();
    let answer: (value: string) => void = () => undefined;
    const read = client.fetchQuery({ queryKey: ['usage'], queryFn: () => new Promise<string>((resolve) => (answer = resolve)) });
    const state = track(whenSettled(queryActivity(client), 1000));
    await vi.advanceTimersByTimeAsync(5000);
    expect(state.settled).toBe(false);
    answer('ok');
    await read;
    await expectSettledAfterQuietTime(state);
  });
});
