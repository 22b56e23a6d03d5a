/**
 * Reads Stryker's JSON report (the mutation-testing-report-schema) into what a tester asks of it:
 * the score per folder and every mutant the tests let live. The score is Stryker's own:
 * (killed + timed out) / (killed + timed out + survived + no coverage); ignored mutants and those
 * that do not compile or crash on load count for nothing (docs/testing.md, mutation report).
 */
import { dirname } from 'node:path';

type MutantStatus = 'Killed' | 'Survived' | 'NoCoverage' | 'Timeout' | 'CompileError' | 'RuntimeError' | 'Ignored' | 'Pending';

type ReportMutant = {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: MutantStatus;
  readonly statusReason?: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
};

export type MutationReport = { readonly files: Readonly<Record<string, { readonly mutants: readonly ReportMutant[] }>> };

export type FolderScore = {
  readonly folder: string;
  readonly killed: number;
  readonly survived: number;
  readonly noCoverage: number;
  readonly ignored: number;
  /** Killed share of the mutants that count, in percent; null when none counts. */
  readonly score: number | null;
};

export type Survivor = {
  readonly file: string;
  readonly line: number;
  readonly mutator: string;
  readonly replacement: string;
  readonly status: 'Survived' | 'NoCoverage';
};

const DETECTED: readonly MutantStatus[] = ['Killed', 'Timeout'];
const UNDETECTED: readonly MutantStatus[] = ['Survived', 'NoCoverage'];

function scoreOf(folder: string, mutants: readonly ReportMutant[]): FolderScore {
  const count = (statuses: readonly MutantStatus[]) => mutants.filter((mutant) => statuses.includes(mutant.status)).length;
  const killed = count(DETECTED);
  const survived = count(['Survived']);
  const noCoverage = count(['NoCoverage']);
  const counted = killed + survived + noCoverage;
  return {
    folder,
    killed,
    survived,
    noCoverage,
    ignored: count(['Ignored']),
    score: counted === 0 ? null : (killed / counted) * 100,
  };
}

/** One line a folder of mutated files (the folder each file sits in), then the whole report as `total`. */
export function scoresByFolder(report: MutationReport): FolderScore[] {
  const byFolder = new Map<string, ReportMutant[]>();
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const folder = dirname(file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), ...mutants]);
  }
  const folders = [...byFolder.entries()].sort(([a], [b]) => a.localeCompare(b));
  return [...folders.map(([folder, mutants]) => scoreOf(folder, mutants)), scoreOf('total', [...byFolder.values()].flat())];
}

export function survivors(report: MutationReport): Survivor[] {
  return Object.entries(report.files)
    .flatMap(([file, { mutants }]) =>
      mutants
        .filter((mutant) => UNDETECTED.includes(mutant.status))
        .map((mutant) => ({
          file,
          line: mutant.location.start.line,
          mutator: mutant.mutatorName,
          replacement: mutant.replacement ?? '',
          status: mutant.status as Survivor['status'],
        })),
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

export function formatScores(scores: readonly FolderScore[]): string {
  const rows = scores.map(({ folder, killed, survived, noCoverage, ignored, score }) =>
    [folder.padEnd(34), (score === null ? 'n/a' : `${score.toFixed(2)} %`).padStart(9), String(killed).padStart(7), String(survived).padStart(9), String(noCoverage).padStart(12), String(ignored).padStart(8)].join(' '),
  );
  const header = ['folder'.padEnd(34), 'score'.padStart(9), 'killed'.padStart(7), 'survived'.padStart(9), 'no coverage'.padStart(12), 'ignored'.padStart(8)].join(' ');
  return [header, ...rows].join('\n');
}
