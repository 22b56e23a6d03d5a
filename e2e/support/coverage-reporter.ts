/**
 * Model coverage of a Playwright run. Tests switch tracing on and attach what the app's
 * flows recorded (src/demo/xstate-trace.ts); this reporter merges the attachments into
 * the same GraphWalker-shaped report as the vitest run, in reports/coverage/e2e/.
 *
 * playwright.config.ts:  reporter: [['list'], ['./e2e/support/coverage-reporter.ts']]
 * in a spec or fixture:  test.beforeEach(({ page }) => enableXstateTrace(page));
 *                        test.afterEach(({ page }, testInfo) => attachXstateTrace(page, testInfo));
 */
import { join } from 'node:path';
import type { Page, TestInfo } from '@playwright/test';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { machineRegistry } from '../../machines/registry';
import { buildCoverageReport } from '../../scripts/mbt/coverage-report';
import type { CoverageTrace, TestStatus } from '../../machines/mbt/coverage-trace';
import { computeUniverse } from '../../scripts/mbt/coverage-universe';
import { buildModelGraph } from '../../scripts/mbt/model-graph';
import { COVERAGE_ROOT, writeCoverageReport } from '../../scripts/mbt/report-writers';

export const XSTATE_TRACE_ATTACHMENT = 'xstate-trace';
/** Where the e2e report and its raw traces go; `npm run coverage` merges from here. */
export const E2E_COVERAGE_DIR = join(COVERAGE_ROOT, 'e2e');

/** Makes the app's flow actors record coverage on every page of this test. */
export async function enableXstateTrace(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__xstateTraceEnabled = true;
  });
}

/**
 * Attaches what the page's flows recorded to the test, for the reporter to merge. A test that ends
 * on a page loaded afresh where no flow runs (e.g. Top opened by its URL) has no buffer in the
 * window yet: the tab's stored copy (src/demo/xstate-trace.ts) still holds the recording.
 */
export async function attachXstateTrace(page: Page, testInfo: TestInfo): Promise<void> {
  const traces = await page
    .evaluate(() => {
      if (window.__xstateTrace !== undefined) return window.__xstateTrace.traces;
      const stored = window.sessionStorage.getItem('__xstateTrace');
      return stored === null ? [] : (JSON.parse(stored) as NonNullable<Window['__xstateTrace']>).traces;
    })
    .catch(() => []);
  await testInfo.attach(XSTATE_TRACE_ATTACHMENT, { body: JSON.stringify(traces), contentType: 'application/json' });
}

function statusOf(result: TestResult): TestStatus {
  if (result.status === 'passed') return 'passed';
  return result.status === 'skipped' ? 'skipped' : 'failed';
}

export type XstateCoverageReporterOptions = {
  /** Defaults to reports/coverage/e2e, which `npm run coverage` merges from. */
  readonly outputDir?: string;
};

export default class XstateCoverageReporter implements Reporter {
  private readonly traces: CoverageTrace[] = [];
  private readonly outputDir: string;

  constructor(options: XstateCoverageReporterOptions = {}) {
    this.outputDir = options.outputDir ?? E2E_COVERAGE_DIR;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const name = test.titlePath().filter(Boolean).join(' › ');
    for (const attachment of result.attachments) {
      if (attachment.name !== XSTATE_TRACE_ATTACHMENT || !attachment.body) continue;
      const recorded = JSON.parse(attachment.body.toString('utf8')) as CoverageTrace[];
      const error = result.error?.message;
      for (const trace of recorded) {
        this.traces.push({ ...trace, test: name, status: statusOf(result), ...(error ? { error } : {}) });
      }
    }
  }

  onEnd(result: FullResult): void {
    const universes = machineRegistry.map((entry) => computeUniverse(entry, buildModelGraph(entry)));
    const report = buildCoverageReport(universes, this.traces, {
      run: 'e2e',
      source: `playwright (${result.status})`,
      generator: 'playwright specs (transition_tour when generated)',
      stopCondition: 'all specs run',
    });
    const files = writeCoverageReport(report, this.traces, this.outputDir);
    console.log(`xstate model coverage of the e2e run: ${files[1]}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
