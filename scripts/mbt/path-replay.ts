/**
 * Replays a generated path against a real actor of the entry's machine. Invoked actors are
 * replaced by deferred promises (`machine.provide`), so `xstate.done.actor.<id>` /
 * `xstate.error.actor.<id>` steps resolve or reject the running invocation; `xstate.after.*`
 * steps advance a SimulatedClock; every other step is `actor.send`. After each step the
 * reached vertex must equal the path's, and every invariant of the entry must hold on the
 * snapshot (the initial one included). Coverage is recorded from `getTransitionData` per
 * step and from `@xstate.microstep` inspection (eventless and internal transitions).
 */
import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateNode,
  type EventObject,
  type InspectionEvent,
} from 'xstate';
import type { InvariantViolation, TraceBuilder } from '../../machines/mbt/coverage-trace';
import type { MachineEntry } from '../../machines/registry';
import { serializerOf } from './model-graph';
import { describeEvent, describePath, type ModelPath } from './path-generators';

type Deferred = { resolve(value: unknown): void; reject(reason: unknown): void };

/** An actor a step invoked, with the input the machine gave it (what the app would send). */
export type Invocation = { readonly src: string; readonly input: unknown };

/** One replayed step as an outside oracle sees it; step 0 is the initial snapshot (`xstate.init`). */
export type ReplayedStep = {
  readonly index: number;
  readonly event: EventObject;
  readonly before: AnyMachineSnapshot | undefined;
  readonly after: AnyMachineSnapshot;
  readonly invoked: readonly Invocation[];
};

/** Judges a replayed step: what is wrong with it, one message per problem; empty when it holds. */
export type StepObserver = (step: ReplayedStep) => readonly string[];

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** Named `src` of every invoke in the machine; inline logic cannot be replaced, so it fails. */
export function invokedSources(entry: MachineEntry): string[] {
  const out = new Set<string>();
  const visit = (node: AnyStateNode) => {
    for (const inv of node.invoke) {
      if (typeof inv.src !== 'string') {
        throw new Error(`${entry.id}: invoke "${inv.id}" in ${node.id} has inline logic; name it in setup({ actors }) so tests can replace it`);
      }
      out.add(inv.src);
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(entry.machine.root as AnyStateNode);
  return [...out].sort();
}

const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class ReplayError extends Error {
  constructor(path: ModelPath, stepIndex: number, message: string) {
    const event = path.steps[stepIndex]?.event;
    super(`${message}\n  at step ${stepIndex} (${event ? describeEvent(event) : '?'}) of ${describePath(path)}`);
    this.name = 'ReplayError';
  }
}

/**
 * Runs every invariant of the entry on one snapshot and records the verdicts in `trace`.
 * A check that throws counts as violated: the rule could not be evaluated on a reachable state.
 */
export function checkInvariants(
  entry: MachineEntry,
  snapshot: AnyMachineSnapshot,
  step: number,
  trace: TraceBuilder,
): InvariantViolation[] {
  const violations: InvariantViolation[] = [];
  for (const invariant of entry.invariants ?? []) {
    let message: string | undefined;
    try {
      message = invariant.check(snapshot);
    } catch (error) {
      message = `the check threw: ${error instanceof Error ? error.message : String(error)}`;
    }
    const violation = trace.visitInvariant(invariant.id, step, message);
    if (violation) violations.push(violation);
  }
  return violations;
}

function describeViolations(entry: MachineEntry, violations: readonly InvariantViolation[]): string {
  const lines = violations.map((v) => {
    const description = entry.invariants?.find((i) => i.id === v.invariant)?.description ?? '';
    return `  ${v.invariant}（${description}）: ${v.message}`;
  });
  return `invariant violated:\n${lines.join('\n')}`;
}

/**
 * Replays one path and records what it visited into `trace`. Throws a ReplayError naming
 * the step when the actor ends anywhere other than the path says, or when an invariant of
 * the entry does not hold after it.
 */
export async function replayPath(entry: MachineEntry, path: ModelPath, trace: TraceBuilder, observe?: StepObserver): Promise<void> {
  const serialize = serializerOf(entry);
  const pending = new Map<string, Deferred>();
  let invoked: Invocation[] = [];
  const actors = Object.fromEntries(
    invokedSources(entry).map((src) => [
      src,
      fromPromise<unknown, unknown>(({ self, signal, input }) => {
        invoked.push({ src, input });
        const promise = new Promise<unknown>((resolve, reject) => pending.set(self.id, { resolve, reject }));
        signal.addEventListener('abort', () => pending.delete(self.id));
        return promise;
      }),
    ]),
  );
  const clock = new SimulatedClock();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.microstep') return;
    trace.visitTransitions(event._transitions);
    trace.visitSnapshot(event.snapshot as AnyMachineSnapshot);
  };
  const machine = entry.machine.provide({ actors } as Parameters<typeof entry.machine.provide>[0]);
  const actor = createActor(machine as AnyActorLogic, { input: entry.input, clock, inspect });
  const snapshot = () => actor.getSnapshot() as AnyMachineSnapshot;
  const check = (index: number, before: AnyMachineSnapshot | undefined) => {
    const current = snapshot();
    if (current.status === 'error') throw new ReplayError(path, index, `the actor failed: ${String(current.error)}`);
    const expected = path.steps[index]?.state;
    const actual = serialize(current);
    if (actual !== expected) throw new ReplayError(path, index, `expected ${expected}, reached ${actual}`);
    trace.visitSettled(current);
    const violations = checkInvariants(entry, current, index, trace);
    if (violations.length > 0) throw new ReplayError(path, index, describeViolations(entry, violations));
    const event = path.steps[index]?.event ?? { type: 'xstate.init' };
    const problems = observe?.({ index, event, before, after: current, invoked }) ?? [];
    invoked = [];
    if (problems.length > 0) throw new ReplayError(path, index, `the spec says otherwise:\n  ${problems.join('\n  ')}`);
  };
  actor.start();
  try {
    trace.visitSnapshot(snapshot());
    check(0, undefined);
    for (let i = 1; i < path.steps.length; i++) {
      const step = path.steps[i];
      if (!step) continue;
      const before = snapshot();
      const event = step.event as { type: string; output?: unknown; error?: unknown };
      trace.visitEvent(before, step.event);
      if (event.type.startsWith(DONE) || event.type.startsWith(ERROR)) {
        const id = event.type.startsWith(DONE) ? event.type.slice(DONE.length) : event.type.slice(ERROR.length);
        const deferred = pending.get(id);
        if (!deferred) throw new ReplayError(path, i, `no invoked actor "${id}" is running in ${serialize(before)}`);
        pending.delete(id);
        if (event.type.startsWith(DONE)) deferred.resolve(event.output);
        else deferred.reject(event.error);
        await settle();
      } else if (event.type.startsWith(AFTER)) {
        const delay = Number(event.type.slice(AFTER.length).split('.')[0]);
        // Named delays cannot be read back from the event type; send the event instead.
        if (Number.isFinite(delay)) clock.increment(delay);
        else actor.send(step.event);
        await settle();
      } else {
        actor.send(step.event);
      }
      check(i, before);
      trace.visitEdge(before, event.type, snapshot());
    }
  } finally {
    actor.stop();
  }
}
