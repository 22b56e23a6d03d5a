/**
 * Replays generated paths in SCION, a standard SCXML interpreter, on the exported chart (ADR
 * 0076) and compares the configuration after every step with the state XState reached.
 * Services and child charts are not run: as in `replayPath`, their outcomes are the path's own
 * `done.invoke.<id>` / `error.execution` steps (a child chart is replayed on its own paths).
 * The machine runs alongside (replayPath), so SCION is compared with XState's snapshot, and the
 * data the chart's `<assign>`s write (request types, operation inputs) must equal XState's context.
 */
import type { AnyMachineSnapshot, AnyStateNode, EventObject, StateValue } from 'xstate';
import { errorCodeOf } from '../../machines/flow-errors';
import { TraceBuilder } from '../../machines/mbt/coverage-trace';
import type { MachineEntry } from '../../machines/registry';
import { bindParams, scxmlSemanticsOf } from '../../machines/scxml-semantics';
import { describeEvent, type ModelPath } from '../mbt/path-generators';
import { replayPath } from '../mbt/path-replay';
import { canonicalJson } from './chart-model';
import { scion, type Invoker, type ScionEvent, type ScionModel, type ScionStatechart } from './scion';
import { SCXML_INVOKE_TYPE, SERVICE_INVOKE_TYPE } from './scxml-export';

// The replay plays every invoked party itself, so an invoke starts nothing; cancelling it is a no-op.
const silent: Invoker = (_session, _invoke, _context, done) => done(null, { cancel() {} });
scion.core.InterpreterScriptingContext.invokers[SERVICE_INVOKE_TYPE] = silent;
scion.core.InterpreterScriptingContext.invokers[SCXML_INVOKE_TYPE] = silent;

/**
 * SCION schedules `<send delay>` with the global timers; a session runs its calls under this
 * clock instead, so a replay decides when a delay has passed.
 */
class VirtualTimers {
  private now = 0;
  private nextId = 1;
  private readonly pending = new Map<number, { at: number; run: () => void }>();

  within<T>(call: () => T): T {
    const saved = { setTimeout: globalThis.setTimeout, clearTimeout: globalThis.clearTimeout };
    globalThis.setTimeout = ((run: () => void, ms = 0) => {
      const id = this.nextId++;
      this.pending.set(id, { at: this.now + Number(ms), run });
      return id;
    }) as unknown as typeof setTimeout;
    globalThis.clearTimeout = ((id: number) => void this.pending.delete(id)) as unknown as typeof clearTimeout;
    try {
      return call();
    } finally {
      globalThis.setTimeout = saved.setTimeout;
      globalThis.clearTimeout = saved.clearTimeout;
    }
  }

  advance(ms: number): void {
    this.now += ms;
    for (;;) {
      const due = [...this.pending].filter(([, t]) => t.at <= this.now).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) return;
      this.pending.delete(due[0]);
      this.within(due[1].run);
    }
  }
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

/** The SCXML event for an XState step: payload as `_event.data`, invoke outcomes from their invoke. */
export function scionEventOf(event: EventObject): ScionEvent {
  const { type, ...payload } = event as EventObject & { output?: unknown; error?: unknown };
  if (type.startsWith(DONE)) return { name: `done.invoke.${type.slice(DONE.length)}`, data: payload.output, invokeid: type.slice(DONE.length) };
  if (type.startsWith(ERROR)) return { name: 'error.execution', data: { errorCode: errorCodeOf(payload.error) }, invokeid: type.slice(ERROR.length) };
  return { name: type, data: payload };
}

/** Atomic state ids of an XState state value, as SCXML ids (`<machine>.<path>`). */
export function leafIds(machineId: string, value: StateValue): string[] {
  if (typeof value === 'string') return [`${machineId}.${value}`];
  return Object.entries(value).flatMap(([key, child]) => (child === undefined ? [] : leafIds(`${machineId}.${key}`, child)));
}

/** Milliseconds of an `xstate.after.<delay>.<state>` event: a number or one of the machine's named delays. */
function delayOf(entry: MachineEntry, type: string): number {
  const name = type.slice(AFTER.length).split('.')[0] ?? '';
  const value = Number.isFinite(Number(name)) ? Number(name) : (entry.machine.implementations.delays as Record<string, unknown>)[name];
  if (typeof value !== 'number') throw new Error(`${entry.id}: delay ${name} is not a number`);
  return value;
}

/** One SCION session of an exported chart, driven by XState events. */
export class ScionSession {
  private readonly timers = new VirtualTimers();
  private readonly chart: ScionStatechart;
  readonly errors: unknown[] = [];

  constructor(
    private readonly entry: MachineEntry,
    model: ScionModel,
    params: Record<string, unknown>,
  ) {
    this.chart = new scion.core.Statechart(model, { params: structuredClone(params) });
    this.chart.on('onError', (error) => this.errors.push(error));
    this.timers.within(() => this.chart.start());
  }

  /** An `after` step lets exactly its delay pass (nothing may fire a millisecond earlier); any other step is sent as its SCXML event. */
  send(event: EventObject): void {
    if (!event.type.startsWith(AFTER)) {
      this.timers.within(() => this.chart.gen(scionEventOf(event)));
      return;
    }
    const delay = delayOf(this.entry, event.type);
    const state = () => JSON.stringify([this.configuration(), this.data()]);
    const before = state();
    this.timers.advance(delay - 1);
    if (state() !== before) this.errors.push(`${event.type} fired before ${delay} ms`);
    this.timers.advance(1);
  }

  configuration(): string[] {
    return [...this.chart.getConfiguration()].sort();
  }

  data(): Record<string, unknown> {
    return this.chart.getSnapshot()[3];
  }
}

export type ScionMismatch = { readonly path: string; readonly step: number; readonly event: string; readonly difference: string };

function at(value: unknown, location: string): unknown {
  return location.split('.').reduce<unknown>((v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** Every location the chart's `<assign>`s write: where SCION's data must equal XState's context. */
export function assignedLocations(entry: MachineEntry): string[] {
  const actions = scxmlSemanticsOf(entry.machine)?.actions ?? {};
  return [...new Set(Object.values(actions).flatMap((assigns) => assigns.map(([location]) => location)))].sort();
}

/** How SCION differs from the XState snapshot: configuration, then assigned data; null when it does not. */
export function differenceFrom(entry: MachineEntry, session: ScionSession, snapshot: AnyMachineSnapshot, locations: readonly string[]): string | null {
  if (session.errors.length > 0) return `SCION raised ${JSON.stringify(session.errors[0])}`;
  const expected = leafIds(entry.machine.id, snapshot.value as StateValue).sort();
  const actual = session.configuration();
  if (JSON.stringify(expected) !== JSON.stringify(actual)) return `configuration ${actual.join(' ')}, XState ${expected.join(' ')}`;
  const data = session.data();
  for (const location of locations) {
    const mine = JSON.stringify(at(data, location) ?? null);
    const theirs = JSON.stringify(at(snapshot.context, location) ?? null);
    if (mine !== theirs) return `${location} is ${mine}, XState ${theirs}`;
  }
  return null;
}

/** Evaluates a chart condition as SCION would: over the datamodel, with `_event`. */
export function evaluateCond(cond: string, data: Record<string, unknown>, event: ScionEvent): unknown {
  const names = Object.keys(data);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the chart's own ECMAScript, as the interpreter runs it
  const evaluate = new Function('_event', ...names, `return (${cond});`) as (...args: unknown[]) => unknown;
  return evaluate(event, ...names.map((name) => data[name]));
}

type GuardObject = { type: string; params?: unknown };

/**
 * Every guarded candidate the event meets in the active states, decided by the machine's guard
 * and by its chart condition on SCION's data: the first that disagree, or null. Checks the
 * candidates an earlier one shadows too, so a condition is held to its guard on every path.
 */
export function guardDisagreement(entry: MachineEntry, snapshot: AnyMachineSnapshot, event: EventObject, data: Record<string, unknown>): string | null {
  const conds = scxmlSemanticsOf(entry.machine)?.guards ?? {};
  const guards = entry.machine.implementations.guards as Record<string, (args: unknown, params: unknown) => boolean>;
  const scionEvent = scionEventOf(event);
  for (const node of snapshot._nodes as AnyStateNode[]) {
    for (const t of node.transitions.get(event.type) ?? []) {
      if (t.guard === undefined) continue;
      const guard = (typeof t.guard === 'string' ? { type: t.guard } : t.guard) as GuardObject;
      const args = { context: snapshot.context as unknown, event };
      const params = typeof guard.params === 'function' ? (guard.params as (a: unknown) => unknown)(args) : guard.params;
      const implementation = guards[guard.type];
      const cond = conds[guard.type];
      if (!implementation || !cond) return `${guard.type} has no ${implementation ? 'SCXML condition' : 'implementation'}`;
      const machine = implementation(args, params) === true;
      let chart: unknown;
      try {
        chart = evaluateCond(bindParams(cond.cond, guard.params), data, scionEvent);
      } catch (error) {
        return `${guard.type}'s condition threw ${error instanceof Error ? error.message : String(error)}`;
      }
      if (chart !== machine) return `${guard.type} is ${machine} in XState, its condition ${JSON.stringify(chart)} (${node.id})`;
    }
  }
  return null;
}

/**
 * When the machine has ended with an output, the `<donedata>` of the final it ended in, evaluated
 * on the step's event and SCION's data, must be that output (what an invoking chart receives).
 */
export function doneDataDifference(entry: MachineEntry, snapshot: AnyMachineSnapshot, event: EventObject, data: Record<string, unknown>): string | null {
  if (snapshot.status !== 'done' || snapshot.output === undefined || typeof snapshot.value !== 'string') return null;
  const params = scxmlSemanticsOf(entry.machine)?.done?.[snapshot.value] ?? { outcome: `'${snapshot.value}'` };
  const scionEvent = scionEventOf(event);
  const done = Object.fromEntries(Object.entries(params).map(([name, expr]) => [name, evaluateCond(expr, data, scionEvent)]));
  const [mine, theirs] = [canonicalJson(done), canonicalJson(snapshot.output)];
  return mine === theirs ? null : `donedata of ${snapshot.value} is ${mine}, XState's output ${theirs}`;
}

/**
 * Replays one path on the machine (replayPath) and in SCION in lockstep; returns the first step
 * where a guard and its condition disagree before it, or SCION's configuration, assigned data or
 * final `<donedata>` differ from XState's snapshot and output after it, or null.
 */
export async function replayInScion(entry: MachineEntry, model: ScionModel, path: ModelPath, params: Record<string, unknown>): Promise<ScionMismatch | null> {
  const session = new ScionSession(entry, model, params);
  const locations = assignedLocations(entry);
  let mismatch: ScionMismatch | null = null;
  let previous: AnyMachineSnapshot | null = null;
  await replayPath(entry, path, new TraceBuilder(entry.id, path.name), ({ index: step, after: snapshot }) => {
    if (mismatch) return [];
    const event = path.steps[step]?.event;
    const disagreement = step > 0 && event && previous ? guardDisagreement(entry, previous, event, session.data()) : null;
    if (step > 0 && event) session.send(event);
    previous = snapshot;
    const difference =
      disagreement ??
      differenceFrom(entry, session, snapshot, locations) ??
      (step > 0 && event ? doneDataDifference(entry, snapshot, event, session.data()) : null);
    if (difference) mismatch = { path: path.name, step, event: step === 0 || !event ? 'init' : describeEvent(event), difference };
    // A mismatch is this replay's answer, not a failed path: the caller reports every path's first one.
    return [];
  });
  return mismatch;
}
