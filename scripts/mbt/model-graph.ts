/**
 * The explored graph of a registry entry: vertices are serialized snapshots, edges the
 * events (with their payload fixtures) that change something. Built once with
 * `getAdjacencyMap` from `xstate/graph` and shared by every generator.
 */
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { __unsafe_getAllOwnEventDescriptors } from 'xstate';
import { getAdjacencyMap } from 'xstate/graph';
import type { MachineEntry } from '../../machines/registry';
import { descriptorMatches } from '../../machines/mbt/transition-key';

export type GraphEdge = {
  /** `<from>::<serialized event>`; unique within the graph. */
  readonly id: string;
  readonly from: string;
  readonly to: string;
  readonly event: EventObject;
};

export type ModelGraph = {
  readonly entry: MachineEntry;
  readonly initial: string;
  readonly vertices: ReadonlyMap<string, AnyMachineSnapshot>;
  readonly edges: readonly GraphEdge[];
  readonly outgoing: ReadonlyMap<string, readonly GraphEdge[]>;
  /**
   * Events a vertex listens to but refuses (every guard false): `to` equals `from`. They are
   * not edges, but sending them is the only way to see a lone guard evaluate false.
   */
  readonly refusals: readonly GraphEdge[];
  /** Milliseconds spent in getAdjacencyMap. */
  readonly buildMs: number;
};

/** Vertex identity of a snapshot: the entry's serializer, or the state value alone. */
export function serializerOf(entry: MachineEntry): (snapshot: AnyMachineSnapshot) => string {
  return entry.serializeState ?? ((snapshot) => JSON.stringify(snapshot.value));
}

/**
 * The entry's variants (MachineEntry.variants) as entries of their own: same machine, events,
 * serializer and invariants, another input. Their coverage counts for the entry's machine.
 */
export function variantEntries(entry: MachineEntry): MachineEntry[] {
  return (entry.variants ?? []).map((variant) => ({
    ...entry,
    title: `${entry.title}（${variant.title}）`,
    input: variant.input,
    variants: [],
  }));
}

/** `after` events carry no payload, so the model synthesizes them from the machine itself. */
export function afterEvents(machine: AnyStateMachine): EventObject[] {
  const out: EventObject[] = [];
  const visit = (node: AnyStateMachine['root']) => {
    for (const type of node.transitions.keys()) if (type.startsWith('xstate.after.')) out.push({ type });
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return out;
}

/** The events the model sends: the entry's payload fixtures plus the machine's `after` events. */
export function modelEvents(entry: MachineEntry): EventObject[] {
  const fixtures = [...entry.events];
  for (const after of afterEvents(entry.machine)) if (!fixtures.some((e) => e.type === after.type)) fixtures.push(after);
  return fixtures;
}

/** Raised by the machine itself; never a fixture. */
const internalEvent = (type: string) => type === '' || type.startsWith('xstate.done.state.') || type === 'xstate.init';

/**
 * Event types some reachable state listens to but `entry.events` has no fixture for.
 * Without this check the traversal would simply never take those transitions and the
 * coverage numbers would be the only hint.
 */
export function missingFixtures(entry: MachineEntry, vertices: Iterable<AnyMachineSnapshot>): string[] {
  const events = modelEvents(entry);
  const missing = new Set<string>();
  for (const snapshot of vertices) {
    if (snapshot.status !== 'active') continue;
    for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot) as string[]) {
      if (internalEvent(descriptor)) continue;
      if (!events.some((e) => descriptorMatches(descriptor, e.type))) {
        missing.add(`${descriptor} (listened to in ${JSON.stringify(snapshot.value)})`);
      }
    }
  }
  return [...missing].sort();
}

/**
 * Explores a registry entry. Throws when a reachable state listens to an event type that
 * has no payload fixture in `entry.events`.
 */
export function buildModelGraph(entry: MachineEntry, options: { limit?: number } = {}): ModelGraph {
  const serialize = serializerOf(entry);
  const started = performance.now();
  const adjacency = getAdjacencyMap(entry.machine, {
    events: modelEvents(entry),
    // A machine in a final state ignores every event at runtime, but `can` and the pure
    // traversal still take root-level transitions out of it; the model must not.
    filterEvents: (snapshot, event) => snapshot.status === 'active' && (snapshot as AnyMachineSnapshot).can(event),
    serializeState: (snapshot) => serialize(snapshot as AnyMachineSnapshot),
    input: entry.input,
    limit: options.limit ?? 10_000,
  });
  const buildMs = performance.now() - started;
  // The map is keyed by serialized vertex; its typing hides the index signature.
  const byKey = adjacency as unknown as Record<string, { state: unknown; transitions: Record<string, { event: unknown; state: unknown }> }>;
  const keys = Object.keys(byKey);
  const initial = keys[0];
  if (initial === undefined) throw new Error(`${entry.id}: the model has no initial state`);
  const vertices = new Map<string, AnyMachineSnapshot>();
  const edges: GraphEdge[] = [];
  const outgoing = new Map<string, GraphEdge[]>();
  for (const key of keys) {
    const vertex = byKey[key];
    if (!vertex) continue;
    vertices.set(key, vertex.state as AnyMachineSnapshot);
    const list: GraphEdge[] = [];
    for (const [eventKey, t] of Object.entries(vertex.transitions)) {
      const edge: GraphEdge = { id: `${key}::${eventKey}`, from: key, to: serialize(t.state as AnyMachineSnapshot), event: t.event as EventObject };
      list.push(edge);
      edges.push(edge);
    }
    outgoing.set(key, list);
  }
  const events = modelEvents(entry);
  const refusals: GraphEdge[] = [];
  for (const [key, snapshot] of vertices) {
    if (snapshot.status !== 'active') continue;
    const listened = __unsafe_getAllOwnEventDescriptors(snapshot) as string[];
    for (const event of events) {
      if (!listened.some((d) => descriptorMatches(d, event.type)) || snapshot.can(event)) continue;
      refusals.push({ id: `${key}::refused::${JSON.stringify(event)}`, from: key, to: key, event });
    }
  }
  const missing = missingFixtures(entry, vertices.values());
  if (missing.length > 0) {
    throw new Error(
      `${entry.id}: no payload fixture in entry.events for:\n  ${missing.join('\n  ')}\n` +
        'Add one event per guarded branch and per invoke outcome to the registry entry, or the coverage would pass without the branch.',
    );
  }
  return { entry, initial, vertices, edges, outgoing, refusals, buildMs };
}
