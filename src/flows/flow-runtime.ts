/**
 * XState's actor runtime, as the app's flow registry loads it with the first flow
 * (docs/decisions/0037-lazy-flow-machines.md): imported dynamically, never from the entry.
 * Every flow actor carries the coverage recorder, which is off (undefined) unless a
 * Playwright run switched tracing on (e2e/README.md).
 */
import { createActor as createXstateActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { xstateTraceInspector } from '../demo/xstate-trace';
import type { CreateFlowActor } from './flow-registry';

export const createActor: CreateFlowActor = (machine: AnyStateMachine, options: { input?: unknown; snapshot?: AnyMachineSnapshot }) =>
  createXstateActor(machine, { ...options, inspect: xstateTraceInspector(machine.id) });
