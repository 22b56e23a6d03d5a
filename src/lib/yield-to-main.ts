/**
 * Ends the current task so that the browser can answer a tap and paint before the work goes on.
 * The first navigation's phases (the route's chunk requests, the rules, loading and starting the
 * flow, the page's render) each ran as one long task; on a phone a tap waits for the whole
 * chain (Lighthouse's total blocking time, docs/decisions/0104-yield-between-navigation-phases.md).
 *
 * `scheduler.yield()` where the browser has it (its continuation runs before other queued tasks);
 * elsewhere (Safari, for one) a message-channel task, which is not clamped like a nested `setTimeout`.
 */
type YieldingScheduler = { yield?: () => Promise<void> };

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
