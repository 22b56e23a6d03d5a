/**
 * `npm run mutants [-- <id>...]`: the standing mutation check of the model-based run (ADR 0077).
 * Copies the tree (tracked and new files, node_modules linked) to a temporary folder, runs the
 * model-based suite there unmutated (it must pass), then once per mutant with the mutation
 * applied (it must fail); prints killed/survived with the first failure message and exits 1
 * when a mutant survives or the unmutated run fails. Only test/mbt/model-based.test.ts runs.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { applyMutant, mutants, type Mutant } from './mutants';

const root = process.cwd();
const SUITE = 'test/mbt/model-based.test.ts';

function copyTree(): string {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const target = mkdtempSync(join(tmpdir(), 'mutants-'));
  for (const file of listed.stdout.split('\0')) {
    if (file === '' || file === 'node_modules') continue;
    mkdirSync(dirname(join(target, file)), { recursive: true });
    cpSync(join(root, file), join(target, file));
  }
  symlinkSync(realpathSync(join(root, 'node_modules')), join(target, 'node_modules'));
  return target;
}

type Run = { readonly passed: boolean; readonly seconds: number; readonly firstFailure: string };

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** The first failure's message: the lines after the first error name, without colours. */
function firstFailure(output: string): string {
  const lines = output.replace(ansi, '').split('\n');
  const start = lines.findIndex((line) => /^(ReplayError|AssertionError|Error):/.test(line.trim()));
  if (start < 0) return '';
  return lines
    .slice(start, start + 4)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('at step') && !line.startsWith('❯'))
    .join(' ')
    .slice(0, 300);
}

function runSuite(tree: string): Run {
  const started = performance.now();
  const result = spawnSync(join(tree, 'node_modules/.bin/vitest'), ['run', '--project', 'unit', SUITE, '--bail', '1'], {
    cwd: tree,
    encoding: 'utf8',
    env: { ...process.env, MBT_RUN: 'mutants', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  return { passed: result.status === 0, seconds: (performance.now() - started) / 1000, firstFailure: firstFailure(output) };
}

function withMutant<T>(tree: string, mutant: Mutant, run: () => T): T {
  const path = join(tree, mutant.file);
  const original = readFileSync(path, 'utf8');
  writeFileSync(path, applyMutant(mutant, original));
  try {
    return run();
  } finally {
    writeFileSync(path, original);
  }
}

function main(): number {
  const only = process.argv.slice(2);
  const chosen = only.length === 0 ? mutants : mutants.filter((m) => only.includes(m.id));
  const tree = copyTree();
  try {
    const baseline = runSuite(tree);
    console.info(`unmutated: ${baseline.passed ? 'passed' : 'FAILED'} in ${baseline.seconds.toFixed(1)} s`);
    if (!baseline.passed) {
      console.error(`the model-based run fails without a mutation, so no mutant can be judged: ${baseline.firstFailure}`);
      return 1;
    }
    let survivors = 0;
    for (const mutant of chosen) {
      const run = withMutant(tree, mutant, () => runSuite(tree));
      if (run.passed) survivors += 1;
      console.info(`${run.passed ? 'SURVIVED' : 'killed  '} ${mutant.id} (${run.seconds.toFixed(1)} s): ${mutant.title}`);
      if (!run.passed) console.info(`         ${run.firstFailure}`);
    }
    console.info(`${chosen.length - survivors}/${chosen.length} mutants killed by ${SUITE}`);
    return survivors === 0 ? 0 : 1;
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

process.exitCode = main();
