/**
 * Coverage universe of a flow and the traces that visit it. Pure TypeScript with no test
 * runner imports, so vitest and Playwright share it.
 *
 * Items and their keys:
 * - state node: its id (`flow.step`), from `getStateNodes`;
 * - transition definition: `sourceId|eventType|index` over every node's transition lists
 *   (`on`, invoke done/error, `after`, `onDone`, `always`);
 * - guard outcome: `<guard>@<transition key>=true|false`;
 * - 1-switch pair: two consecutive explored edges `from|event|to>>from|event|to`;
 * - requirement: an id from `meta.requirements` of a state or a transition;
 * - invariant: the id of a registry invariant (MachineEntry.invariants), checked after every
 *   replayed step; it must be checked at least once and never violated.
 */
import { getStateNodes } from 'xstate/graph';
import type { MachineEntry } from '../../machines/registry';
import { buildChartModel } from '../statecharts/chart-model';
import { edgeKey, stateValueKey } from '../../machines/mbt/coverage-trace';
import type { GraphEdge, ModelGraph } from './model-graph';

export type CoverageItem = { readonly key: string; readonly name: string };

export type CoverageUniverse = {
  readonly machineId: string;
  readonly title: string;
  /** machineVersion of the statechart export: the model the coverage was measured on. */
  readonly modelHash: string;
  readonly states: readonly CoverageItem[];
  readonly transitions: readonly CoverageItem[];
  readonly guardOutcomes: readonly CoverageItem[];
  readonly oneSwitch: readonly CoverageItem[];
  /** Requirement id -> keys (`state:<id>` / `transition:<key>`) of the items citing it. */
  readonly requirements: ReadonlyMap<string, readonly string[]>;
  /** Business rules of the entry: key = invariant id, name = its Japanese description. */
  readonly invariants: readonly CoverageItem[];
};

/** Computes the coverage universe of a registry entry from its machine and explored graph. */
export function computeUniverse(entry: MachineEntry, graph: ModelGraph): CoverageUniverse {
  const chart = buildChartModel(entry);
  const states = getStateNodes(entry.machine.root).map((node) => {
    const s = chart.states.find((x) => x.id === node.id);
    return { key: node.id, name: `${node.id}${s?.title ? ` ${s.title}` : ''}` };
  });
  const transitions = chart.transitions.map((t) => ({
    key: t.key,
    name: `${t.source} ${t.guard ? `${t.label} [${t.guard}]` : t.isElse ? `${t.label} [else]` : t.label} → ${t.targets.join(', ') || '(internal)'}`,
  }));
  const guardOutcomes = chart.transitions
    .filter((t) => t.guard !== null)
    .flatMap((t) => [true, false].map((outcome) => ({ key: `${t.guard}@${t.key}=${outcome}`, name: `${t.guard} = ${outcome} at ${t.source} ${t.label}` })));
  // Pairs of consecutive edges the model can take, named by state value (as a browser run
  // records them); several context-distinct vertices collapse into one state value.
  const valueEdge = (e: GraphEdge) => {
    const from = graph.vertices.get(e.from);
    const to = graph.vertices.get(e.to);
    if (!from || !to) throw new Error(`${entry.id}: edge ${e.id} leaves the explored graph`);
    return edgeKey(stateValueKey(from), e.event.type, stateValueKey(to));
  };
  const pairKeys = new Set<string>();
  for (const first of graph.edges) {
    for (const second of graph.outgoing.get(first.to) ?? []) pairKeys.add(`${valueEdge(first)}>>${valueEdge(second)}`);
  }
  const oneSwitch: CoverageItem[] = [...pairKeys].sort().map((key) => ({ key, name: key.replace('>>', ' >> ') }));
  const requirements = new Map<string, string[]>();
  const cite = (req: string, item: string) => requirements.set(req, [...(requirements.get(req) ?? []), item]);
  for (const s of chart.states) for (const r of s.requirements) cite(r, `state:${s.id}`);
  for (const t of chart.transitions) for (const r of t.requirements) cite(r, `transition:${t.key}`);
  return {
    machineId: entry.id,
    title: entry.title,
    modelHash: chart.machineVersion,
    states,
    transitions,
    guardOutcomes,
    oneSwitch,
    requirements: new Map([...requirements].sort(([a], [b]) => a.localeCompare(b))),
    invariants: (entry.invariants ?? []).map((i) => ({ key: i.id, name: i.description })),
  };
}

