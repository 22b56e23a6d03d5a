/**
 * Small helpers for writing registry invariants (MachineEntry.invariants): pure functions over
 * a snapshot, no test runner, so the same rule reads the same in the model run and the app.
 */
import type { AnyMachineSnapshot } from 'xstate';

/** True when the snapshot is in one of the named steps (top-level states, or any `matches` value). */
export function atStep(snapshot: AnyMachineSnapshot, steps: readonly string[]): boolean {
  return steps.some((step) => snapshot.matches(step));
}

/** The message when `holds` is false, otherwise undefined: the shape `check` returns. */
export function unless(holds: boolean, message: string): string | undefined {
  return holds ? undefined : message;
}
