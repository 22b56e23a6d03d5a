/**
 * Hierarchy helpers shared by the renderers: children per parent, ancestor chains and where
 * an edge must live so that drawings can hold it (its lowest common container).
 */
import type { ChartModel, ChartState, ChartTransition } from './chart-model';

/** Pseudo-state for transitions declared on the machine root ("from any state"). */
export const ANY_STATE = '__any__';

export type ChartTree = {
  readonly byId: ReadonlyMap<string, ChartState>;
  readonly children: ReadonlyMap<string | null, readonly ChartState[]>;
  /** Proper ancestors from the outermost down; empty for top-level states. */
  ancestors(id: string): string[];
};

export function buildTree(model: Pick<ChartModel, 'states'>): ChartTree {
  const byId = new Map(model.states.map((s) => [s.id, s]));
  const children = new Map<string | null, ChartState[]>();
  for (const s of [...model.states].sort((a, b) => a.order - b.order)) {
    const parent = s.parent !== null && byId.has(s.parent) ? s.parent : null;
    const list = children.get(parent) ?? [];
    list.push(s);
    children.set(parent, list);
  }
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    let cursor = byId.get(id)?.parent ?? null;
    while (cursor !== null && byId.has(cursor)) {
      chain.unshift(cursor);
      cursor = byId.get(cursor)?.parent ?? null;
    }
    return chain;
  };
  return { byId, children, ancestors };
}

export type PlacedEdge = {
  readonly transition: ChartTransition;
  /** Container the edge is drawn in; null for the top level. */
  readonly container: string | null;
  /** Drawn endpoints: the real states, or the ancestors that are children of the container. */
  readonly from: string;
  readonly to: string;
  /** True when an endpoint had to be lifted to an enclosing state. */
  readonly lifted: boolean;
};

function commonPrefix(a: string[], b: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.min(a.length, b.length) && a[i] === b[i]; i++) out.push(a[i] as string);
  return out;
}

/**
 * Places every drawn edge of a transition (one per target; targetless transitions are
 * self-loops). `lift` moves endpoints up to the children of the container, for renderers
 * such as Mermaid that cannot link states of different composite states.
 */
export function placeEdges(tree: ChartTree, t: ChartTransition, rootId: string, lift: boolean): PlacedEdge[] {
  const fromRoot = t.source === rootId || !tree.byId.has(t.source);
  const targets = t.targets.length > 0 ? t.targets : [t.source];
  return targets.map((target) => {
    if (fromRoot) {
      const chain = [...tree.ancestors(target), target];
      const to = lift ? (chain[0] as string) : target;
      return { transition: t, container: null, from: ANY_STATE, to, lifted: to !== target };
    }
    const a = tree.ancestors(t.source);
    const b = tree.ancestors(target);
    const common = commonPrefix(a, b);
    const container = common.length > 0 ? (common[common.length - 1] as string) : null;
    if (!lift) return { transition: t, container, from: t.source, to: target, lifted: false };
    const depth = common.length;
    const from = [...a, t.source][depth] ?? t.source;
    const to = [...b, target][depth] ?? target;
    return { transition: t, container, from, to, lifted: from !== t.source || to !== target };
  });
}
