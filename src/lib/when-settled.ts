/**
 * Resolves once the page has settled: nothing has been fetching for `quietMs`, then the browser
 * has an idle moment. For work the page does not need in order to show itself (the footer's build
 * version, ADR 0091): started as soon as the first page is decided, its requests went out while
 * the page's own chunks and reads were still in flight, sharing a phone's six connections and its
 * slow link with them, and the page's largest paint waited for them too
 * (docs/decisions/0105-work-after-the-page-settles.md).
 *
 * The quiet time covers what follows a read without being one: React reveals a suspended body up
 * to 300 ms after its data, and a read's answer may start a chunk.
 */
export type Activity = {
  /** True while something the page waits for is in flight (a read). */
  readonly isBusy: () => boolean;
  /** Calls `listener` whenever that may have changed; returns the unsubscribe. */
  readonly subscribe: (listener: () => void) => () => void;
};

export const SettleQuietMs = 1000;
/** The longest wait for an idle moment: a page that is never idle still gets its footer. */
export const SettleIdleTimeoutMs = 2000;

type IdleScheduler = (callback: () => void, options: { timeout: number }) => unknown;

function whenIdle(): Promise<void> {
  const requestIdle = (globalThis as { requestIdleCallback?: IdleScheduler }).requestIdleCallback;
  return new Promise((resolve) => {
    if (typeof requestIdle === 'function') requestIdle(() => resolve(), { timeout: SettleIdleTimeoutMs });
    // Safari has no idle callbacks; the quiet time already waited for the page.
    else setTimeout(resolve, 0);
  });
}

export function whenSettled(activity: Activity, quietMs: number = SettleQuietMs): Promise<void> {
  return new Promise<void>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (activity.isBusy()) return;
      timer = setTimeout(() => {
        unsubscribe();
        resolve();
      }, quietMs);
    };
    const unsubscribe = activity.subscribe(check);
    check();
  }).then(whenIdle);
}
