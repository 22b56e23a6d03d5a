/**
 * Renders every export of every registered machine in memory, keyed by path relative to
 * docs/statecharts/. The CLI writes the result; the freshness test compares it with disk.
 */
import type { MachineEntry } from '../../machines/registry';
import { buildChartModel, canonicalJson, type ChartModel } from './chart-model';
import { toGraphWalker } from './graphwalker-export';
import { exportFileNames, toIndexMarkdown, toReadme } from './index-markdown';
import { toMermaid } from './mermaid-export';
import { toScxml } from './scxml-export';
import { toSvg } from './svg-export';

export const STATECHARTS_DIR = 'docs/statecharts';
/** Folder of `--diff` output inside STATECHARTS_DIR; not a flow. */
export const DIFF_DIR = 'diff';

/** All files of one flow, keyed `<id>/<file>`. */
export async function renderFlow(model: ChartModel, entry: MachineEntry): Promise<Map<string, string>> {
  const files = exportFileNames(model.id);
  const out = new Map<string, string>();
  out.set(`${model.id}/${files.json}`, `${canonicalJson(model, 2)}\n`);
  out.set(`${model.id}/${files.mermaid}`, toMermaid(model));
  out.set(`${model.id}/${files.svg}`, await toSvg(model));
  out.set(`${model.id}/${files.scxml}`, toScxml(model, entry));
  out.set(`${model.id}/${files.graphwalker}`, `${canonicalJson(toGraphWalker(model), 2)}\n`);
  out.set(`${model.id}/${files.index}`, toIndexMarkdown(model));
  return out;
}

/** Every export file of the given entries plus the README, keyed by relative path. */
export async function renderAll(entries: readonly MachineEntry[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.id !== entry.machine.id) throw new Error(`registry entry ${entry.id}: machine id is ${entry.machine.id}`);
    if (ids.has(entry.id)) throw new Error(`registry entry ${entry.id} is registered twice`);
    if (entry.id === DIFF_DIR) throw new Error(`a flow may not be called ${DIFF_DIR}`);
    ids.add(entry.id);
  }
  const models = entries.map(buildChartModel);
  const out = new Map<string, string>();
  for (const [index, model] of models.entries()) {
    for (const [path, text] of await renderFlow(model, entries[index] as MachineEntry)) out.set(path, text);
  }
  out.set('README.md', toReadme(models));
  return out;
}
