/**
 * What one test visited, in a JSON-serializable shape that vitest replays, the browser
 * recorder and the Playwright reporter all produce. It lives in machines/ because it is pure
 * xstate code that both the app's recorder (src/) and the tooling (scripts/) need, and both
 * may import machines/; no Node imports, no test runner.
 * Item keys are described in scripts/mbt/coverage-universe.ts.
 */
import type { AnyMachineSnapshot, AnyStateNode, AnyTransitionDefinition, EventObject } from 'xstate';
import { candidateList, descriptorMatches, guardName, transitionKey } from './transition-key';

export type TestStatus = 'passed' | 'failed' | 'skipped';

/** A business rule (registry invariant) that did not hold after a replayed step. */
export type InvariantViolation = {
  readonly invariant: string;
  /** Index of the path step after which it was checked (0 = the initial snapshot). */
  readonly step: number;
  readonly message: string;
};

/** What one test (a replayed path, or one Playwright test) visited. JSON-serializable. */
export type CoverageTrace = {
  readonly machineId: string;
  readonly test: string;
  status: TestStatus;
  error?: string;
  readonly states: string[];
  readonly transitions: string[];
  readonly guards: string[];
  /** Consecutive explored-edge pairs (1-switch). */
  readonly pairs: string[];
  steps: number;
  /** Invariant id -> snapshots it was checked on; absent where nothing checks (browser runs). */
  readonly invariants?: Record<string, number>;
  readonly violations?: InvariantViolation[];
};

/**
 * Vertex identity for 1-switch pairs: the state value alone. The model's graph tells vertices
 * apart by context too, but a browser run only sees the app's snapshots, whose context holds
 * live data; both sides can agree on the state value.
 */
export const stateValueKey = (snapshot: AnyMachineSnapshot) => JSON.stringify(snapshot.value);

/** Edge identity for 1-switch pairs: payload- and context-free, so browser runs can match it. */
export const edgeKey = (from: string, eventType: string, to: string) => `${from}|${eventType}|${to}`;

/** Accumulates one test's visits; `toTrace()` gives the serializable result. */
export class TraceBuilder {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  readonly guards = new Set<string>();
  readonly pairs = new Set<string>();
  readonly invariantChecks = new Map<string, number>();
  readonly violations: InvariantViolation[] = [];
  private lastEdge: string | null = null;
  steps = 0;

  constructor(
    readonly machineId: string,
    readonly test: string,
  ) {}

  /** Continues a trace recorded earlier (e.g. before a page reload). */
  static fromTrace(trace: CoverageTrace): TraceBuilder {
    const builder = new TraceBuilder(trace.machineId, trace.test);
    for (const s of trace.states) builder.states.add(s);
    for (const t of trace.transitions) builder.transitions.add(t);
    for (const g of trace.guards) builder.guards.add(g);
    for (const p of trace.pairs) builder.pairs.add(p);
    for (const [id, count] of Object.entries(trace.invariants ?? {})) builder.invariantChecks.set(id, count);
    builder.violations.push(...(trace.violations ?? []));
    builder.steps = trace.steps;
    return builder;
  }

  /**
   * One invariant checked on the snapshot after path step `step`: `message` is its verdict
   * (undefined = it held). Returns the violation, if any, so the caller can fail the test.
   */
  visitInvariant(invariant: string, step: number, message: string | undefined): InvariantViolation | undefined {
    this.invariantChecks.set(invariant, (this.invariantChecks.get(invariant) ?? 0) + 1);
    if (message === undefined) return undefined;
    const violation = { invariant, step, message };
    this.violations.push(violation);
    return violation;
  }

  /** Active state nodes of a snapshot (the machine root excluded). */
  visitSnapshot(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.parent) this.states.add(node.id);
  }

  /**
   * A snapshot at rest (after a macrostep): no eventless transition of an active node is
   * enabled, so every guard of their `always` lists evaluated false. Without this, the false
   * outcome of the last `always` candidate is never seen (nothing after it is taken).
   */
  visitSettled(snapshot: AnyMachineSnapshot): void {
    for (const node of snapshot._nodes as AnyStateNode[]) for (const t of node.always ?? []) this.guardOutcome(t, false);
  }

  /** Transitions taken in one microstep; earlier guarded candidates of each list were false. */
  visitTransitions(taken: readonly AnyTransitionDefinition[]): void {
    for (const t of taken) {
      this.transitions.add(transitionKey(t));
      const list = candidateList(t);
      const index = list.indexOf(t);
      list.slice(0, index).forEach((earlier) => this.guardOutcome(earlier, false));
      this.guardOutcome(t, true);
    }
  }

  /**
   * One macrostep of an external event, as `getTransitionData` sees it from the snapshot
   * before. Besides the taken transitions this records every guard evaluated false on the
   * way: from each active leaf up to the node whose transition was taken (or the root).
   */
  visitEvent(before: AnyMachineSnapshot, event: EventObject): void {
    const taken = before.machine.getTransitionData(before, event) as AnyTransitionDefinition[];
    this.visitTransitions(taken);
    const takenSources = new Set(taken.map((t) => t.source));
    const leaves = (before._nodes as AnyStateNode[]).filter((n) => n.type === 'atomic' || n.type === 'final');
    for (const leaf of leaves) {
      for (let node: AnyStateNode | undefined = leaf; node; node = node.parent) {
        if (takenSources.has(node)) break;
        for (const [descriptor, list] of node.transitions) {
          if (descriptorMatches(descriptor, event.type)) list.forEach((t) => this.guardOutcome(t, false));
        }
      }
    }
  }

  /** A macrostep from one snapshot to the next; consecutive edges form 1-switch pairs. */
  visitEdge(from: AnyMachineSnapshot, eventType: string, to: AnyMachineSnapshot): void {
    const edge = edgeKey(stateValueKey(from), eventType, stateValueKey(to));
    if (this.lastEdge !== null) this.pairs.add(`${this.lastEdge}>>${edge}`);
    this.lastEdge = edge;
    this.steps += 1;
  }

  /** Starts a new run within the same test (after a reset): no pair spans the reset. */
  reset(): void {
    this.lastEdge = null;
  }

  private guardOutcome(t: AnyTransitionDefinition, outcome: boolean): void {
    if (t.guard === undefined) return;
    this.guards.add(`${guardName(t.guard)}@${transitionKey(t)}=${outcome}`);
  }

  toTrace(status: TestStatus, error?: string): CoverageTrace {
    const sorted = (s: Set<string>) => [...s].sort();
    return {
      machineId: this.machineId,
      test: this.test,
      status,
      ...(error === undefined ? {} : { error }),
      states: sorted(this.states),
      transitions: sorted(this.transitions),
      guards: sorted(this.guards),
      pairs: sorted(this.pairs),
      steps: this.steps,
      ...(this.invariantChecks.size === 0
        ? {}
        : { invariants: Object.fromEntries([...this.invariantChecks].sort(([a], [b]) => a.localeCompare(b))) }),
      ...(this.violations.length === 0 ? {} : { violations: [...this.violations] }),
    };
  }
}
