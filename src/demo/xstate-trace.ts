/**
 * Runtime coverage recorder for the browser. The app passes `xstateTraceInspector(...)` as
 * the `inspect` option of each flow actor; when a Playwright run has switched tracing on
 * (`window.__xstateTraceEnabled = true` in an init script) every microstep and snapshot is
 * recorded into `window.__xstateTrace`, and mirrored to sessionStorage so the trace
 * survives reloads and the card provider round trip; the route of each flow's newest snapshot is
 * published in `window.__flowRoutes` for the e2e suite's URL check. Otherwise the inspector is not even
 * created, so production pays nothing.
 */
import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';
import { TraceBuilder, type CoverageTrace } from '../../machines/mbt/coverage-trace';
import { routeFor } from '../flows/flow-registry';

/** What Playwright reads with `page.evaluate(() => window.__xstateTrace)`. */
export type XstateTraceBuffer = { readonly version: 1; traces: CoverageTrace[] };

/**
 * The route each flow's newest snapshot puts the customer on, by the flow's machine id, since
 * this document loaded (e2e/support/url-follows-machine.ts): a reload starts it empty, so the
 * check waits for the restored run instead of passing before the app has one.
 */
export type FlowRoutes = Record<string, string | undefined>;

declare global {
  interface Window {
    __xstateTraceEnabled?: boolean;
    __xstateTrace?: XstateTraceBuffer;
    __flowRoutes?: FlowRoutes;
  }
}

const STORAGE_KEY = '__xstateTrace';
const builders = new Map<string, TraceBuilder>();

function restore(): void {
  if (builders.size > 0) return;
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    const buffer = stored ? (JSON.parse(stored) as XstateTraceBuffer) : null;
    for (const trace of buffer?.traces ?? []) builders.set(trace.machineId, TraceBuilder.fromTrace(trace));
  } catch {
    // A corrupt or inaccessible storage only loses earlier pages' coverage.
  }
}

function publish(): void {
  const buffer: XstateTraceBuffer = { version: 1, traces: [...builders.values()].map((b) => b.toTrace('passed')) };
  window.__xstateTrace = buffer;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(buffer));
  } catch {
    // Storage full or denied: the in-memory buffer is still there for this page.
  }
}

/** True when a Playwright run asked for traces. */
export function isXstateTraceEnabled(): boolean {
  return typeof window !== 'undefined' && window.__xstateTraceEnabled === true;
}

/**
 * The machine an inspection event belongs to: the flow's own id for the root actor, the invoked
 * machine's id for a child machine (the one-time password, the card-provider round trip), read
 * from its snapshot, so their coverage counts for their own registry entries. Promise and
 * callback actors have no machine: none.
 */
function machineIdOf(event: InspectionEvent, rootMachineId: string): string | undefined {
  if (event.actorRef.sessionId === event.rootId) return rootMachineId;
  if (event.type !== '@xstate.microstep' && event.type !== '@xstate.snapshot') return undefined;
  const snapshot = event.snapshot as Partial<AnyMachineSnapshot>;
  return snapshot.machine?.id;
}

/** An `inspect` callback recording the flow's coverage, or undefined when tracing is off. */
export function xstateTraceInspector(rootMachineId: string): ((event: InspectionEvent) => void) | undefined {
  if (!isXstateTraceEnabled()) return undefined;
  restore();
  // Per actor (session id): an invoked machine's edges pair with its own previous snapshot.
  const previous = new Map<string, AnyMachineSnapshot>();
  return (event) => {
    const machineId = machineIdOf(event, rootMachineId);
    if (machineId === undefined) return;
    const builder = builders.get(machineId) ?? new TraceBuilder(machineId, '');
    builders.set(machineId, builder);
    const actor = event.actorRef.sessionId;
    if (event.type === '@xstate.microstep') {
      builder.visitTransitions(event._transitions);
      builder.visitSnapshot(event.snapshot as AnyMachineSnapshot);
    } else if (event.type === '@xstate.snapshot') {
      const snapshot = event.snapshot as AnyMachineSnapshot;
      if (!('_nodes' in snapshot)) return;
      if (event.actorRef.sessionId === event.rootId) window.__flowRoutes = { ...window.__flowRoutes, [rootMachineId]: routeFor(snapshot) };
      builder.visitSnapshot(snapshot);
      builder.visitSettled(snapshot);
      const before = previous.get(actor);
      if (event.event.type === 'xstate.init') builder.reset();
      else if (before !== undefined) builder.visitEdge(before, event.event.type, snapshot);
      previous.set(actor, snapshot);
    } else return;
    publish();
  };
}

/** Forgets every recorded trace (Playwright calls it between tests sharing a page). */
export function clearXstateTrace(): void {
  builders.clear();
  if (typeof window === 'undefined') return;
  window.__xstateTrace = { version: 1, traces: [] };
  delete window.__flowRoutes;
  window.sessionStorage.removeItem(STORAGE_KEY);
}
