/**
 * `test` with the XState model-coverage trace switched on for every page of the test and
 * attached at the end (e2e/README.md, e2e/support/coverage-reporter.ts), and the URL checked
 * against the flow's machine after every browser Back, Forward and reload and at the end of
 * every test (url-follows-machine.ts).
 */
import { test as base, type Page } from '@playwright/test';
import { attachXstateTrace, enableXstateTrace } from './coverage-reporter';
import { expectUrlFollowsMachine } from './url-follows-machine';

/** Page moves the browser makes by itself, each followed by the URL check. */
function checkAfterBrowserMoves(page: Page): void {
  for (const name of ['goBack', 'goForward', 'reload'] as const) {
    const move = page[name].bind(page);
    page[name] = async (options) => {
      const response = await move(options);
      await expectUrlFollowsMachine(page);
      return response;
    };
  }
}

export const test = base.extend<{ xstateTrace: void }>({
  xstateTrace: [
    async ({ page }, use, testInfo) => {
      await enableXstateTrace(page);
      checkAfterBrowserMoves(page);
      await use();
      if (testInfo.status === testInfo.expectedStatus) await expectUrlFollowsMachine(page);
      await attachXstateTrace(page, testInfo);
    },
    { auto: true },
  ],
});

export { expect, type Page } from '@playwright/test';
