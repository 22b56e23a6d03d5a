/**
 * XState's actor runtime, as the app's flow registry loads it with the first flow
 * (docs/decisions/0037-lazy-flow-machines.md): imported dynamically, never from the entry.
 * Every flow actor carries the coverage recorder, which is off (undefined) unless a
 * Playwright run switched tracing on (e2e/README.md). A machine's `log(...)` actions report a
 * failure the customer is then shown the error page for (spec section 8), so they reach the
 * app's logger at ERROR.
 */
import { createActor as createXstateActor, type AnyMachineSnapshot, type AnyStateMachine } from 'xstate';
import { xstateTraceInspector } from '../demo/xstate-trace';
import { logger } from '../lib/logger';
import type { CreateFlowActor } from './flow-registry';

export function logFlowMessage(machineId: string) {
  return (...args: unknown[]) => logger.error(args.map(String).join(' '), { flow: machineId });
}

export const createActor: CreateFlowActor = (machine: AnyStateMachine, options: { input?: unknown; snapshot?: AnyMachineSnapshot }) =>
  createXstateActor(machine, { ...options, inspect: xstateTraceInspector(machine.id), logger: logFlowMessage(machine.id) });
