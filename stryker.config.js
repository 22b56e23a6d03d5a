// @ts-check
import mutationFolders from './stryker/folders.json' with { type: 'json' };

/**
 * Mutation report (docs/decisions/0086-stryker-mutation-report.md, docs/testing.md). One folder a
 * run, named by MUTATION_FOLDER; `npm run mutation` runs them in turn and prints the score of each.
 */
const folder = process.env.MUTATION_FOLDER ?? 'navigation-rules';
const mutate = /** @type {Record<string, { mutate: string[] }>} */ (mutationFolders)[folder]?.mutate;
if (!mutate) throw new Error(`MUTATION_FOLDER: ${folder} is none of ${Object.keys(mutationFolders).join(', ')}`);

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  mutate,
  coverageAnalysis: 'perTest',
  ignoreStatic: true,
  incremental: true,
  incrementalFile: `stryker/incremental/${folder}.json`,
  concurrency: 1,
  timeoutMS: 30_000,
  // The first run (every test once, with coverage per test) takes 3-6 min on the shared two cores.
  dryRunTimeoutMinutes: 20,
  reporters: ['html', 'json', 'clear-text', 'progress-append-only'],
  htmlReporter: { fileName: `reports/mutation/${folder}/mutation.html` },
  jsonReporter: { fileName: `reports/mutation/${folder}/mutation.json` },
  // One sandbox folder per report, so two folders can be measured side by side.
  tempDirName: `.stryker-tmp-${folder}`,
  cleanTempDir: 'always',
  ignorePatterns: ['.stryker-tmp*', 'dist', 'reports', 'e2e', 'docs', '.data', 'test-results', 'playwright-report', 'server'],
  thresholds: { high: 90, low: 80, break: null },
};
