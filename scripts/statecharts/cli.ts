/**
 * npm run statecharts                       write docs/statecharts/ from machines/registry.ts
 * npm run statecharts -- --check            exit 1 when the committed exports are stale
 * npm run statecharts -- --diff <rev>       what changed since a git revision
 *                        [--out <dir|file.md>] [--flow <id>]
 * npm run statecharts -- --fixtures --dir <dir>   export the test fixtures (to try the tools)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import type { MachineEntry } from '../../machines/registry';
import { machineRegistry } from '../../machines/registry';
import { buildChartModel, type ChartModel } from './chart-model';
import { diffCharts, diffToMarkdown, diffToSvg } from './chart-diff';
import { DIFF_DIR, renderAll, STATECHARTS_DIR } from './export-all';
import { assertRevision, flowsAtRevision, readCommittedModel } from './git-revision';

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    diff: { type: 'string' },
    out: { type: 'string' },
    flow: { type: 'string' },
    fixtures: { type: 'boolean', default: false },
    dir: { type: 'string' },
  },
});

async function loadEntries(): Promise<readonly MachineEntry[]> {
  if (!values.fixtures) return machineRegistry;
  // The committed exports are the registry's; fixtures must never overwrite them.
  if (!values.dir) throw new Error('--fixtures needs --dir <folder outside docs/statecharts>');
  const { fixtureRegistry } = await import('../../test/mbt/fixtures/fixture-registry');
  return fixtureRegistry;
}

function writeFile(path: string, text: string) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

async function exportAll(entries: readonly MachineEntry[], dir: string) {
  const started = performance.now();
  const files = await renderAll(entries);
  const flowIds = new Set(entries.map((e) => e.id));
  if (values.check) {
    const stale = [...files].filter(([path, text]) => !existsSync(join(dir, path)) || readFileSync(join(dir, path), 'utf8') !== text);
    if (stale.length > 0) {
      console.error(`Stale statechart exports (run \`npm run statecharts\`):\n  ${stale.map(([p]) => p).join('\n  ')}`);
      process.exitCode = 1;
    } else console.log(`${files.size} statechart files are up to date.`);
    return;
  }
  // Folders of flows that left the registry would otherwise linger as stale documentation.
  if (existsSync(dir)) {
    for (const name of readdirSync(dir, { withFileTypes: true })) {
      if (name.isDirectory() && name.name !== DIFF_DIR && !flowIds.has(name.name)) rmSync(join(dir, name.name), { recursive: true });
    }
  }
  for (const [path, text] of files) writeFile(join(dir, path), text);
  console.log(`Wrote ${files.size} files for ${entries.length} flow(s) to ${dir} in ${Math.round(performance.now() - started)} ms.`);
}

async function diffAll(entries: readonly MachineEntry[], revision: string) {
  assertRevision(revision);
  const current = new Map<string, ChartModel>(entries.map((e) => [e.id, buildChartModel(e)]));
  const ids = [...new Set([...current.keys(), ...flowsAtRevision(revision)])].filter((id) => !values.flow || id === values.flow).sort();
  const outFile = values.out?.endsWith('.md') ? values.out : null;
  const outDir = outFile ? dirname(outFile) : (values.out ?? join(values.dir ?? STATECHARTS_DIR, DIFF_DIR));
  const sections: string[] = [];
  for (const id of ids) {
    const before = readCommittedModel(revision, id);
    const after = current.get(id) ?? null;
    const diff = diffCharts(before, after);
    const markdown = diffToMarkdown(diff, revision);
    sections.push(markdown);
    const svgName = outFile ? `${basename(outFile, '.md')}-${id}.svg` : `${id}.svg`;
    writeFile(join(outDir, svgName), await diffToSvg(before, after, revision));
    if (!outFile) writeFile(join(outDir, `${id}.md`), `# Statechart changes\n\n${markdown}\n![changes](./${svgName})\n`);
  }
  const text = `# Statechart changes since ${revision}\n\n${sections.join('\n') || 'No flows.\n'}`;
  if (outFile) writeFile(outFile, text);
  console.log(text);
  console.error(`Diff written to ${outFile ?? outDir}`);
}

const entries = await loadEntries();
if (values.diff) await diffAll(entries, values.diff);
else await exportAll(entries, values.dir ?? STATECHARTS_DIR);
