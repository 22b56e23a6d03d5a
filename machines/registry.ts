/**
 * Every flow machine, in one list. The statechart exports, the model-based tests, the
 * coverage reports and the analysts' viewer all find machines here and nowhere else.
 */
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { accountEntry } from './account-menu/model-entries';
import { anshinModelEntries } from './anshin-data-box/model-entries';
import { basketLiveModelEntries, mailConfirmationEntry } from './basket-live/model-entries';
import { inStoreSupportModelEntries } from './in-store-support/model-entries';
import { invoiceEntry } from './invoice/model-entries';
import { cardProviderEntry, otpEntry } from './sub-flow-model-entries';

/** Another input for the same machine, for guard outcomes the entry's own input cannot reach. */
export type MachineVariant = {
  /** Japanese, appended to the entry's title in test names and reports. */
  readonly title: string;
  readonly input: unknown;
};

/**
 * A business rule that must hold in every snapshot the flow can reach. The model-based run
 * checks it after every replayed step of every generated path (variants included).
 */
export type MachineInvariant = {
  /** Stable id for reports, `<flow>.<rule>` in kebab case after the dot. */
  readonly id: string;
  /** Japanese, for testers reading the report. */
  readonly description: string;
  /** A message naming what is wrong, or undefined when the rule holds. Pure: no throwing, no I/O. */
  readonly check: (snapshot: SnapshotFrom<AnyStateMachine>) => string | undefined;
};

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
  /** More inputs whose paths are replayed too; their coverage counts for this machine. */
  readonly variants?: readonly MachineVariant[];
  /** Business rules checked after every replayed step; a violation fails the path. */
  readonly invariants?: readonly MachineInvariant[];
};

export const machineRegistry: readonly MachineEntry[] = [
  ...anshinModelEntries,
  ...basketLiveModelEntries,
  ...inStoreSupportModelEntries,
  invoiceEntry,
  accountEntry,
  otpEntry,
  cardProviderEntry,
  mailConfirmationEntry,
];
