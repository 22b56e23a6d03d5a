/**
 * The URL follows the machine (issue 8, architecture brief): wherever the customer is inside a
 * flow, the address bar is the route of the flow's current state (`meta.route`) and the page
 * shown is that route's page (its h1 is the page table's title). One assertion for the whole
 * suite: `traced-test.ts` runs it after every browser Back, Forward and reload, `expectPage`
 * after every step, and every test at its end.
 */
import { expect, type Page } from '@playwright/test';
import { findLivePage } from '../../machines/page-table';

type Probe = { path: string; flow: { machineId: string; route: string | undefined } | undefined };

/** Undefined when they agree (or the page is not the published flow's), else what disagrees. */
function disagreement({ path, flow }: Probe): string | undefined {
  const page = findLivePage(path);
  if (page?.flow === undefined || flow === undefined || flow.machineId !== page.flow) return undefined;
  return flow.route === page.path ? undefined : `address bar ${page.path}, machine ${flow.machineId} at ${flow.route ?? '(no route)'}`;
}

export async function expectUrlFollowsMachine(page: Page): Promise<void> {
  if (page.isClosed()) return;
  const probe = () =>
    page.evaluate((): Probe => ({ path: location.pathname, flow: window.__flowRoute }), undefined).catch(() => undefined);
  // A flow's move reaches the address bar a moment later: wait for agreement, fail if it never comes.
  await expect.poll(async () => {
    const seen = await probe();
    return seen === undefined ? undefined : disagreement(seen);
  }, { message: 'the URL follows the machine' }).toBeUndefined();
  const seen = await probe();
  const shown = seen === undefined ? undefined : findLivePage(seen.path);
  if (shown?.flow !== undefined && seen?.flow?.machineId === shown.flow) {
    await expect(page.getByRole('heading', { level: 1 }).first()).toHaveText(shown.title);
  }
}
