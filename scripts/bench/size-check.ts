/**
 * `npm run size`, run by CI (.ci/run): fails when a page's own chunk passes its budget
 * (15 KB gzip, ../shared/guide/budgets.md) or the first page's JavaScript grows past the
 * ceiling below. The entry's budget is 1.10x the floor; it is at about 1.16x today (issue 8
 * brings it down), so the ceiling is a ratchet: it fails any growth now, and is lowered to the
 * budget as the entry shrinks. The floor is built in the same run, so the ratio does not
 * depend on the machine.
 */
import { ENTRY_BUDGET_RATIO, measureBundles, STEP_BUDGET } from './bundle';

/** Lower it whenever the entry shrinks; never raise it. At ENTRY_BUDGET_RATIO this is the budget itself. */
const ENTRY_CEILING_RATIO = 1.16;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const report = await measureBundles();
const failures: string[] = [];

console.log(`entry ${kb(report.entryGzip)} = ${report.ratio.toFixed(3)}x the floor ${kb(report.floorGzip)} (budget ${ENTRY_BUDGET_RATIO}x, ceiling ${ENTRY_CEILING_RATIO}x)`);
if (report.ratio > ENTRY_CEILING_RATIO) failures.push(`the first page's JavaScript is ${report.ratio.toFixed(3)}x the floor, past the ceiling ${ENTRY_CEILING_RATIO}x`);
for (const page of report.pages) {
  if (page.gzip > STEP_BUDGET) failures.push(`${page.src} is ${kb(page.gzip)}, past ${kb(STEP_BUDGET)}`);
}
const largest = [...report.pages].sort((a, b) => b.gzip - a.gzip)[0];
if (largest !== undefined) console.log(`largest page chunk: ${largest.src} ${kb(largest.gzip)} (budget ${kb(STEP_BUDGET)}); ${report.pages.length} page chunks`);

if (failures.length > 0) {
  console.error(`size budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('size budgets hold');
}
