/**
 * Every flow machine, in one list. The statechart exports, the model-based tests, the
 * coverage reports and the analysts' viewer all find machines here and nowhere else.
 */
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';

export type MachineEntry = {
  /** Equals the machine's id. */
  readonly id: string;
  /** Japanese name of the flow, for the charts and reports. */
  readonly title: string;
  readonly machine: AnyStateMachine;
  /** Input for the initial snapshot of the model. */
  readonly input?: unknown;
  /**
   * Every event the model may send, with one payload per guarded branch and per invoke
   * outcome (`xstate.done.actor.<id>` with an output, `xstate.error.actor.<id>` with an error).
   * An event type with no entry here is a gap the coverage report will show.
   */
  readonly events: readonly EventObject[];
  /**
   * Vertex identity for the graph: the state value plus only the context that changes where
   * the flow can go. The default, the state value alone, suits flows whose guards read events.
   */
  readonly serializeState?: (snapshot: SnapshotFrom<AnyStateMachine>) => string;
};

export const machineRegistry: readonly MachineEntry[] = [];
