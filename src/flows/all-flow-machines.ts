/**
 * Every flow machine of the registry with the app's actors provided at once, the way the lazy
 * loaders provide each (src/flows/flow-loading.ts): for tests and tools, never for the app's
 * first page (it would load every flow's actors).
 */
import type { MachineEntry } from '../../machines/registry';
import * as accountFlow from './account-flow';
import * as invoiceFlow from './invoice-flow';
import { createAppActors, provideAppActors } from './flow-machines';
import type { ownActorModules } from './flow-loading';
import type { FlowMachine } from './flow-registry';
import type { FlowActorDeps } from './service-flow-actors';

/** The same modules as the loaders' `ownActorModules`, imported at once (the type keeps the two lists equal). */
const ownActors: { readonly [id in keyof typeof ownActorModules]: Awaited<ReturnType<(typeof ownActorModules)[id]>> } = {
  account: accountFlow,
  invoice: invoiceFlow,
};

function hasOwnActors(id: string): id is keyof typeof ownActors {
  return Object.hasOwn(ownActors, id);
}

/** The registry's list with each machine replaced by its provided twin; ids and order kept. */
export function createFlowMachines(entries: readonly MachineEntry[], deps: FlowActorDeps): FlowMachine[] {
  const actors = createAppActors(deps);
  return entries.map((entry) => ({
    id: entry.id,
    machine: hasOwnActors(entry.id) ? ownActors[entry.id].provideFlow(entry.machine) : provideAppActors(entry.id, entry.machine, actors),
  }));
}
