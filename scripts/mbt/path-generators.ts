/**
 * Path generators over a ModelGraph (see docs/decisions/0029-path-generators.md):
 * - `edgeCoverPaths`: one path per explored edge, the shortest prefix to its source plus
 *   the edge: many short tests, each with one reason to fail (vitest);
 * - `transitionTour`: greedy walk with resets covering every edge; a reset is a page load
 *   and a sign-in, so it minimises resets first, then steps (Playwright);
 * - `randomWalk`: seeded random walk until an edge-coverage target, GraphWalker's
 *   `random(edge_coverage(100))`.
 */
import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { TraceBuilder } from '../../machines/mbt/coverage-trace';
import type { GraphEdge, ModelGraph } from './model-graph';

export type PathStep = {
  readonly event: EventObject;
  /** Serialized vertex reached after the event. */
  readonly state: string;
  readonly value: StateValue;
};

/** One run from the initial state: `steps[0]` is `xstate.init`. */
export type ModelPath = {
  readonly name: string;
  readonly steps: readonly PathStep[];
  /** The last step is an event the state refuses (see ModelGraph.refusals). */
  readonly refused?: boolean;
};

export type Walk = {
  /** GraphWalker-style generator name. */
  readonly generator: string;
  readonly stopCondition: string;
  readonly paths: readonly ModelPath[];
  /** Events sent, excluding the initial step of each path. */
  readonly steps: number;
  /** Paths after the first, i.e. page loads plus sign-ins beyond the first in a browser. */
  readonly resets: number;
  readonly edgesCovered: number;
  readonly edgesTotal: number;
};

/** Short, stable text for an event in test names: `type{payload}` without long values. */
export function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  const short = type.replace(/^xstate\./, '');
  if (Object.keys(payload).length === 0) return short;
  const text = JSON.stringify(payload);
  return `${short}${text.length > 60 ? `${text.slice(0, 57)}…` : text}`;
}

/** `init → a → b ⇒ <value>` */
export function describePath(path: ModelPath): string {
  const events = path.steps.slice(1).map((s) => describeEvent(s.event));
  const last = path.steps[path.steps.length - 1];
  return `${['init', ...events].join(' → ')} ⇒ ${last ? JSON.stringify(last.value) : '?'}`;
}

function initialStep(graph: ModelGraph): PathStep {
  const snapshot = graph.vertices.get(graph.initial);
  if (!snapshot) throw new Error(`${graph.entry.id}: initial vertex missing`);
  return { event: { type: 'xstate.init' }, state: graph.initial, value: snapshot.value as StateValue };
}

function stepOf(graph: ModelGraph, edge: GraphEdge): PathStep {
  const snapshot = graph.vertices.get(edge.to);
  if (!snapshot) throw new Error(`${graph.entry.id}: vertex ${edge.to} missing`);
  return { event: edge.event, state: edge.to, value: snapshot.value as StateValue };
}

/** Breadth-first shortest edge sequences from `start` to every reachable vertex. */
function shortestRoutes(graph: ModelGraph, start: string): Map<string, GraphEdge[]> {
  const routes = new Map<string, GraphEdge[]>([[start, []]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const vertex = queue[i] as string;
    const route = routes.get(vertex) ?? [];
    for (const edge of graph.outgoing.get(vertex) ?? []) {
      if (routes.has(edge.to)) continue;
      routes.set(edge.to, [...route, edge]);
      queue.push(edge.to);
    }
  }
  return routes;
}

const countSteps = (paths: readonly ModelPath[]) => paths.reduce((sum, p) => sum + p.steps.length - 1, 0);

function coveredEdges(paths: readonly ModelPath[], graph: ModelGraph): number {
  const ids = new Set<string>();
  for (const path of paths) {
    for (let i = 1; i < path.steps.length; i++) {
      const from = path.steps[i - 1]?.state as string;
      const event = path.steps[i]?.event;
      const edge = (graph.outgoing.get(from) ?? []).find((e) => e.event === event);
      if (edge) ids.add(edge.id);
    }
  }
  return ids.size;
}

/** Guard outcomes an event would record at a vertex, judged without running anything. */
function guardOutcomesOf(graph: ModelGraph, edge: GraphEdge): Set<string> {
  const trace = new TraceBuilder(graph.entry.id, '');
  trace.visitEvent(graph.vertices.get(edge.from) as AnyMachineSnapshot, edge.event);
  return trace.guards;
}

/**
 * One path per explored edge: the shortest route to the edge's source, then the edge.
 * Then, for guard outcomes no edge shows (a lone guard evaluating false, so the event is
 * refused), one path per such outcome that sends the refused event and expects to stay.
 */
export function edgeCoverPaths(graph: ModelGraph): Walk {
  const routes = shortestRoutes(graph, graph.initial);
  const pathTo = (edge: GraphEdge, refused: boolean): ModelPath => {
    const prefix = routes.get(edge.from) ?? [];
    const path: ModelPath = { name: '', steps: [initialStep(graph), ...[...prefix, edge].map((e) => stepOf(graph, e))] };
    return refused ? { ...path, name: `${describePath(path)} (refused)`, refused } : { ...path, name: describePath(path) };
  };
  const paths = graph.edges.map((edge) => pathTo(edge, false));
  const seen = new Set<string>();
  for (const edge of graph.edges) for (const g of guardOutcomesOf(graph, edge)) seen.add(g);
  for (const refusal of graph.refusals) {
    const fresh = [...guardOutcomesOf(graph, refusal)].filter((g) => !seen.has(g));
    if (fresh.length === 0) continue;
    for (const g of fresh) seen.add(g);
    paths.push(pathTo(refusal, true));
  }
  return {
    generator: 'edge_cover(shortest_prefix + edge)',
    stopCondition: 'edge_coverage(100)',
    paths,
    steps: countSteps(paths),
    resets: Math.max(paths.length - 1, 0),
    edgesCovered: coveredEdges(paths, graph),
    edgesTotal: graph.edges.length,
  };
}

/**
 * Greedy transition tour with resets. From the current vertex it takes the nearest
 * uncovered edge, preferring edges after which more uncovered edges are still reachable,
 * so a run ends (and a reset is paid) only when nothing uncovered is reachable any more.
 */
export function transitionTour(graph: ModelGraph): Walk {
  const uncovered = new Set(graph.edges.map((e) => e.id));
  const paths: ModelPath[] = [];
  while (uncovered.size > 0) {
    // Vertices from which some uncovered edge can still be reached.
    const live = new Set<string>();
    const refreshLive = () => {
      live.clear();
      for (const e of graph.edges) if (uncovered.has(e.id)) live.add(e.from);
      let grew = true;
      while (grew) {
        grew = false;
        for (const e of graph.edges) {
          if (live.has(e.to) && !live.has(e.from)) {
            live.add(e.from);
            grew = true;
          }
        }
      }
    };
    let current = graph.initial;
    const steps: PathStep[] = [initialStep(graph)];
    for (;;) {
      refreshLive();
      const routes = shortestRoutes(graph, current);
      let best: { edge: GraphEdge; cost: number } | null = null;
      for (const edge of graph.edges) {
        if (!uncovered.has(edge.id)) continue;
        const route = routes.get(edge.from);
        if (!route) continue;
        // A dead-end edge costs a reset; weigh it above any walk inside the graph.
        const deadEnd = !live.has(edge.to) || (uncovered.size > 1 && onlyLiveThrough(graph, uncovered, edge));
        const cost = route.length + (deadEnd ? 1_000_000 : 0);
        if (best === null || cost < best.cost) best = { edge, cost };
      }
      if (best === null) break;
      const route = [...(routes.get(best.edge.from) ?? []), best.edge];
      for (const e of route) {
        uncovered.delete(e.id);
        steps.push(stepOf(graph, e));
      }
      current = best.edge.to;
    }
    if (steps.length === 1) throw new Error(`${graph.entry.id}: ${uncovered.size} edge(s) unreachable from the initial state`);
    const path: ModelPath = { name: '', steps };
    paths.push({ ...path, name: `tour ${paths.length + 1}: ${describePath(path)}` });
  }
  return {
    generator: 'transition_tour(greedy, resets first)',
    stopCondition: 'edge_coverage(100)',
    paths,
    steps: countSteps(paths),
    resets: Math.max(paths.length - 1, 0),
    edgesCovered: coveredEdges(paths, graph),
    edgesTotal: graph.edges.length,
  };
}

/**
 * A lower bound on the runs of any covering walk: every edge into a vertex without
 * outgoing edges (a final state) ends a run, so no two of them share one.
 */
export function minimumRuns(graph: ModelGraph): number {
  const deadEnds = graph.edges.filter((e) => (graph.outgoing.get(e.to) ?? []).length === 0).length;
  return Math.max(deadEnds, graph.edges.length > 0 ? 1 : 0);
}

/** True when the edge's target reaches uncovered edges only by taking this edge again. */
function onlyLiveThrough(graph: ModelGraph, uncovered: ReadonlySet<string>, edge: GraphEdge): boolean {
  const seen = new Set([edge.to]);
  const queue = [edge.to];
  for (let i = 0; i < queue.length; i++) {
    for (const e of graph.outgoing.get(queue[i] as string) ?? []) {
      if (uncovered.has(e.id) && e.id !== edge.id) return false;
      if (!seen.has(e.to)) {
        seen.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return true;
}

/** mulberry32: a small, seedable PRNG with a uniform [0, 1) output. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * GraphWalker's `random(edge_coverage(N))`: picks a uniformly random outgoing edge until N %
 * of the edges are covered or `maxSteps` is reached; a vertex without outgoing edges
 * (a final state) starts a new path.
 */
export function randomWalk(graph: ModelGraph, options: { seed: number; edgeCoverage?: number; maxSteps?: number }): Walk {
  const target = options.edgeCoverage ?? 100;
  const maxSteps = options.maxSteps ?? 10_000;
  const random = seededRandom(options.seed);
  const covered = new Set<string>();
  const needed = Math.ceil((graph.edges.length * target) / 100);
  const paths: ModelPath[] = [];
  let steps: PathStep[] = [initialStep(graph)];
  let current = graph.initial;
  let total = 0;
  const finish = () => {
    const path: ModelPath = { name: '', steps };
    paths.push({ ...path, name: `random ${paths.length + 1}: ${describePath(path)}` });
  };
  while (covered.size < needed && total < maxSteps) {
    const out = graph.outgoing.get(current) ?? [];
    if (out.length === 0) {
      finish();
      steps = [initialStep(graph)];
      current = graph.initial;
      continue;
    }
    const edge = out[Math.floor(random() * out.length)] as GraphEdge;
    covered.add(edge.id);
    steps.push(stepOf(graph, edge));
    current = edge.to;
    total += 1;
  }
  if (steps.length > 1) finish();
  return {
    generator: `random(seed=${options.seed})`,
    stopCondition: `edge_coverage(${target}) or length(${maxSteps})`,
    paths,
    steps: countSteps(paths),
    resets: Math.max(paths.length - 1, 0),
    edgesCovered: covered.size,
    edgesTotal: graph.edges.length,
  };
}
