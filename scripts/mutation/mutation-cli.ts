/**
 * `npm run mutation [-- [--report-only] <folder>...]`: Stryker's mutation report, one folder at a time
 * (stryker/folders.json: navigation, machines-*, contracts), then the score per folder and every
 * surviving mutant. Reports in reports/mutation/<folder>/ (mutation.html, mutation.json).
 * docs/testing.md explains how to read it; docs/decisions/0086-stryker-mutation-report.md why it
 * runs this way. A report, not a gate: it exits 1 only when Stryker itself fails.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import mutationFolders from '../../stryker/folders.json';
import { formatScores, scoresByFolder, survivors, type MutationReport } from './mutation-summary';

const known = Object.keys(mutationFolders);
const args = process.argv.slice(2);
// --report-only: print the reports already in reports/mutation/ without running Stryker.
const reportOnly = args.includes('--report-only');
const asked = args.filter((arg) => arg !== '--report-only');
// A name picks every folder it starts: `machines` is machines-service-flow, machines-sub-flows, ...
const picked = (name: string) => known.filter((folder) => folder === name || folder.startsWith(`${name}-`));
const unknown = asked.filter((name) => picked(name).length === 0);
if (unknown.length > 0) {
  console.error(`unknown folder: ${unknown.join(', ')} (known: ${known.join(', ')})`);
  process.exit(2);
}
const folders = asked.length > 0 ? [...new Set(asked.flatMap(picked))] : known;

let failed = false;
for (const folder of folders) {
  const started = performance.now();
  if (!reportOnly) {
    const run = spawnSync('npx', ['stryker', 'run'], { stdio: 'inherit', env: { ...process.env, MUTATION_FOLDER: folder } });
    if (run.status !== 0) {
      console.error(`stryker failed on ${folder} (exit ${run.status})`);
      failed = true;
      continue;
    }
  }
  const file = `reports/mutation/${folder}/mutation.json`;
  if (!existsSync(file)) {
    console.error(`${folder}: no report at ${file}`);
    failed = true;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8')) as MutationReport;
  const left = survivors(report);
  console.log(`\n== ${folder}${reportOnly ? '' : ` (${Math.round((performance.now() - started) / 1000)} s)`}: reports/mutation/${folder}/mutation.html`);
  console.log(formatScores(scoresByFolder(report)));
  console.log(`survivors (${left.length}):`);
  for (const { file: path, line, mutator, replacement, status } of left) {
    console.log(`  ${path}:${line} ${mutator}${status === 'NoCoverage' ? ' (no test reaches it)' : ''} -> ${replacement.replace(/\s+/g, ' ').slice(0, 80)}`);
  }
}
process.exit(failed ? 1 : 0);
