/**
 * The URL follows the machine (issue 8, architecture brief): wherever the customer is inside a
 * flow, the address bar is the route of the flow's current state (`meta.route`) and the page
 * shown is that route's page (its h1 is the page table's title). One assertion for the whole
 * suite: `traced-test.ts` runs it after every browser Back, Forward and reload, `expectPage`
 * after every step, and every test at its end.
 */
import { expect, type Page } from '@playwright/test';
import { findLivePage } from '../../machines/page-table';

/** What the page says of itself: where the address bar is, and the flows' routes since the document loaded. */
type Probe = { path: string; traced: boolean; routes: Record<string, string | undefined> };

/**
 * Undefined when they agree, else what disagrees. A page of a flow agrees only once that flow's
 * run in this document is at the page: after a reload, before the app has restored the run, the
 * check waits for it; a run that never comes, or rests elsewhere, fails.
 */
function disagreement({ path, routes }: Probe): string | undefined {
  const page = findLivePage(path);
  if (page?.flow === undefined) return undefined;
  if (!(page.flow in routes)) return `address bar ${page.path}, but no run of ${page.flow} in this document`;
  const route = routes[page.flow];
  return route === page.path ? undefined : `address bar ${page.path}, machine ${page.flow} at ${route ?? '(no route)'}`;
}

export async function expectUrlFollowsMachine(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const probe = () =>
    page
      .evaluate((): Probe => ({ path: location.pathname, traced: window.__xstateTraceEnabled === true, routes: window.__flowRoutes ?? {} }), undefined)
      .catch(() => undefined);
  // A page without the trace (a tab a test opened itself) publishes no runs: nothing to compare.
  if ((await probe())?.traced === false) return;
  // A flow's move reaches the address bar a moment later: wait for agreement, fail if it never comes.
  await expect.poll(async () => {
    const seen = await probe();
    return seen === undefined ? undefined : disagreement(seen);
  }, { message: 'the URL follows the machine' }).toBeUndefined();
  const seen = await probe();
  const shown = seen === undefined ? undefined : findLivePage(seen.path);
  if (shown?.flow !== undefined) await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(shown.title);
}
