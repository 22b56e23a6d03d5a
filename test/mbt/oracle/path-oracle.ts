/**
 * Replays the spec beside the machine: a flow's transitions as the spec and its flow document
 * state them (`SpecTransition`), each naming its rule, and the pages of `spec-pages.ts`. After
 * every replayed step the oracle says where the flow must be, on which page, and what it must
 * have sent; the model-based run fails the path with the rule's name when the machine differs.
 * It reads the machine only for what a customer or the server would see: the step, the route,
 * the inputs of invoked actors, the notice and error code shown.
 */
import type { AnyMachineSnapshot } from 'xstate';
import type { Invocation, ReplayedStep } from '../../../scripts/mbt/path-replay';
import { routeFor } from '../../../src/flows/flow-registry';
import type { FlowPages } from './spec-pages';

export type OracleEvent = { readonly type: string } & Readonly<Record<string, unknown>>;

/** Stay where you are: a transition without a target (the step is the same page). */
export const Stay = Symbol('stay');

export type SpecTransition<F> = {
  /** The rule, with its source: shown when the machine breaks it or never takes it. */
  readonly rule: string;
  /** A step, or a parent step for all its sub-steps (`cardProvider` covers `cardProvider.away`). */
  readonly from: string;
  /** An event type, or the start of one (`xstate.after.judgeRetryDelay`). */
  readonly on: string;
  readonly when?: (facts: F, event: OracleEvent) => boolean;
  readonly to: string | typeof Stay;
  /** What the flow knows afterwards (the oracle's own record, never the machine's context). */
  readonly then?: (facts: F, event: OracleEvent) => F;
  /** What the snapshot after the step must show; a message when it does not. */
  readonly shows?: (after: AnyMachineSnapshot, facts: F, event: OracleEvent) => string | undefined;
};

export type FlowOracle<F> = {
  readonly flowId: string;
  readonly pages: FlowPages;
  readonly initial: (input: unknown) => { readonly step: string; readonly facts: F };
  /** Absent where no flow document states the transitions yet: then only the pages are checked. */
  readonly transitions?: readonly SpecTransition<F>[];
  /** What every snapshot must show in its step (the request type a page holds); a message when wrong. */
  readonly everyStep?: (after: AnyMachineSnapshot, step: string, facts: F) => string | undefined;
  /** What an invoked actor must receive (operation code, request body); a message when wrong. */
  readonly invocation?: (invocation: Invocation, facts: F) => string | undefined;
};

/** The step a snapshot is in, sub-steps joined by dots: `cardProvider.away`. */
export function stepOf(snapshot: AnyMachineSnapshot): string {
  const parts: string[] = [];
  let value: unknown = snapshot.value;
  while (typeof value === 'object' && value !== null) {
    const [key, inner] = Object.entries(value)[0] ?? [];
    if (key === undefined) break;
    parts.push(key);
    value = inner;
  }
  if (typeof value === 'string') parts.push(value);
  return parts.join('.');
}

function within(step: string, from: string): boolean {
  return step === from || step.startsWith(`${from}.`);
}

function matches(type: string, on: string): boolean {
  return type === on || type.startsWith(`${on}.`);
}

/** The transition the spec gives a step and event, or undefined: the event must be refused there. */
export function specTransition<F>(oracle: FlowOracle<F>, step: string, facts: F, event: OracleEvent): SpecTransition<F> | undefined {
  return oracle.transitions?.find((t) => within(step, t.from) && matches(event.type, t.on) && (t.when?.(facts, event) ?? true));
}

/** The transitions' rules, for the run's "every rule taken". */
export function specRules(oracle: FlowOracle<unknown>): string[] {
  return [...new Set((oracle.transitions ?? []).map((t) => t.rule))];
}

/** Follows one generated path; `taken` collects the rules it saw, for the run's "every rule taken". */
export class PathOracle<F> {
  private step = '';
  private facts: F;

  constructor(
    private readonly oracle: FlowOracle<F>,
    input: unknown,
    private readonly taken: Set<string>,
  ) {
    const start = oracle.initial(input);
    this.step = start.step;
    this.facts = start.facts;
  }

  observe(replayed: ReplayedStep): string[] {
    const problems: string[] = [];
    const actual = stepOf(replayed.after);
    if (this.oracle.transitions === undefined) {
      this.step = actual;
    } else if (replayed.index === 0) {
      if (actual !== this.step) problems.push(`${this.oracle.flowId} starts at ${this.step} (flow document), the machine starts at ${actual}`);
    } else {
      const event = replayed.event as OracleEvent;
      const transition = specTransition(this.oracle, this.step, this.facts, event);
      const expected = transition === undefined ? this.step : transition.to === Stay ? this.step : transition.to;
      if (transition === undefined && actual !== this.step) {
        problems.push(`${refusal(this.oracle, this.step, event)}: ${describe(event)} in ${this.step} must be refused, the machine went to ${actual}`);
      } else if (transition !== undefined && !within(actual, expected)) {
        problems.push(`${transition.rule}: expected ${expected} after ${describe(event)} in ${this.step}, the machine went to ${actual}`);
      }
      if (transition !== undefined) {
        this.taken.add(transition.rule);
        this.facts = transition.then?.(this.facts, event) ?? this.facts;
        const shown = transition.shows?.(replayed.after, this.facts, event);
        if (shown !== undefined) problems.push(`${transition.rule}: ${shown}`);
      }
      this.step = actual;
    }
    const held = this.oracle.everyStep?.(replayed.after, actual, this.facts);
    if (held !== undefined) problems.push(held);
    for (const invocation of replayed.invoked) {
      const wrong = this.oracle.invocation?.(invocation, this.facts);
      if (wrong !== undefined) problems.push(wrong);
    }
    const page = this.oracle.pages.steps[actual];
    const route = routeFor(replayed.after) ?? null;
    if (page === undefined) problems.push(`${actual} is a step no flow document of ${this.oracle.flowId} names`);
    else if (route !== page) problems.push(`page table / flow document: ${actual} is shown on ${String(page)}, the machine shows ${String(route)}`);
    return problems;
  }
}

/** Why the spec refuses an event: the rules for it whose conditions do not hold, or none at all. */
function refusal<F>(oracle: FlowOracle<F>, step: string, event: OracleEvent): string {
  const unmet = (oracle.transitions ?? []).filter((t) => within(step, t.from) && matches(event.type, t.on)).map((t) => t.rule);
  return unmet.length === 0 ? `the flow document gives ${step} no transition on ${event.type}` : `not met: ${unmet.join('; ')}`;
}

function describe(event: OracleEvent): string {
  const { type, ...payload } = event;
  const shown = JSON.stringify(payload, (_key, value: unknown) => (value instanceof Error ? value.message : value));
  return shown === '{}' ? type : `${type} ${shown}`;
}
