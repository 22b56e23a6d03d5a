/**
 * `test` with the XState model-coverage trace switched on for every page of the test and
 * attached at the end (e2e/README.md, e2e/support/coverage-reporter.ts).
 */
import { test as base } from '@playwright/test';
import { attachXstateTrace, enableXstateTrace } from './coverage-reporter';

export const test = base.extend<{ xstateTrace: void }>({
  xstateTrace: [
    async ({ page }, use, testInfo) => {
      await enableXstateTrace(page);
      await use();
      await attachXstateTrace(page, testInfo);
    },
    { auto: true },
  ],
});

export { expect, type Page } from '@playwright/test';
