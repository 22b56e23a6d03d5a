/**
 * npm run coverage: the testers' one command. Runs the vitest model-based suite (which
 * writes reports/coverage/vitest/), merges the Playwright traces when an e2e run left
 * reports/coverage/e2e/traces.json, and prints where the reports are.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { modelEntries } from '../../test/mbt/model-entries';
import { buildCoverageReport } from './coverage-report';
import type { CoverageTrace } from '../../machines/mbt/coverage-trace';
import { computeUniverse } from './coverage-universe';
import { buildModelGraph } from './model-graph';
import { COVERAGE_ROOT, writeCoverageReport } from './report-writers';

const vitestDir = join(COVERAGE_ROOT, 'vitest');
const e2eTraces = join(COVERAGE_ROOT, 'e2e', 'traces.json');
const combinedDir = join(COVERAGE_ROOT, 'combined');

const vitest = spawnSync('npx', ['vitest', 'run', '--project', 'unit', 'test/mbt/model-based.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, MBT_RUN: 'vitest' },
});

const readTraces = (path: string) => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as CoverageTrace[]) : null);
const lines = [`model-based (vitest): ${resolve(vitestDir, 'report.html')}`];
const fromVitest = readTraces(join(vitestDir, 'traces.json'));
const fromE2e = readTraces(e2eTraces);
if (fromE2e && fromVitest) {
  const { entries, source } = modelEntries();
  const universes = entries.map((entry) => computeUniverse(entry, buildModelGraph(entry)));
  const report = buildCoverageReport(universes, [...fromVitest, ...fromE2e], {
    run: 'combined',
    source: `vitest (${source}) + playwright`,
    generator: 'edge_cover(shortest_prefix + edge) + playwright specs',
    stopCondition: 'edge_coverage(100) + all specs run',
  });
  writeCoverageReport(report, [...fromVitest, ...fromE2e], combinedDir);
  lines.push(`e2e (Playwright):     ${resolve(COVERAGE_ROOT, 'e2e', 'report.html')}`);
  lines.push(`combined:             ${resolve(combinedDir, 'report.html')}`);
} else {
  lines.push(`e2e (Playwright):     none yet (no ${e2eTraces}; see e2e/README.md)`);
}
lines.push('Each folder also holds report.json (GraphWalker-shaped), junit.xml and traces.json.');
console.log(`\nCoverage reports:\n  ${lines.join('\n  ')}`);
process.exitCode = vitest.status ?? 1;
