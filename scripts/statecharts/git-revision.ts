/**
 * Reads committed statechart exports at a git revision, for `--diff`.
 */
import { execFileSync } from 'node:child_process';
import { parseChartModel, type ChartModel } from './chart-model';
import { DIFF_DIR, STATECHARTS_DIR } from './export-all';

const git = (args: string[], cwd: string) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Throws a readable error when the revision does not name a commit. */
export function assertRevision(revision: string, cwd = process.cwd()): void {
  try {
    git(['rev-parse', '--verify', '--quiet', `${revision}^{commit}`], cwd);
  } catch {
    throw new Error(`not a git revision: ${revision}`);
  }
}

/** The committed JSON export of a flow at a revision; null when the flow did not exist then. */
export function readCommittedModel(revision: string, id: string, cwd = process.cwd()): ChartModel | null {
  let text: string;
  try {
    text = git(['show', `${revision}:${STATECHARTS_DIR}/${id}/${id}.json`], cwd);
  } catch {
    return null;
  }
  return parseChartModel(text);
}

/** Flow folders under docs/statecharts at a revision. */
export function flowsAtRevision(revision: string, cwd = process.cwd()): string[] {
  try {
    return git(['ls-tree', '--name-only', `${revision}:${STATECHARTS_DIR}`], cwd)
      .split('\n')
      .filter((name) => name !== '' && name !== DIFF_DIR && !name.includes('.'));
  } catch {
    return [];
  }
}
