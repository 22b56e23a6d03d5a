/**
 * The app's flow machines, loaded on demand (docs/decisions/0037-lazy-flow-machines.md): a
 * flow's machine loads with the first navigation to one of its pages, and the app's actors
 * (src/flows/service-flow-actors.ts and basket-live-actors.ts, with the flows' API schemas) load once, with the first flow;
 * a flow with `ownActorModules` loads only its own.
 * The first page's bundle carries only this table of loaders.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { FlowLoader } from '../../machines/flow-loaders';
import type * as FlowMachinesModule from './flow-machines';
import type { AppActors } from './flow-machines';
import type { FlowMachineLoaders } from './flow-registry';

type ProvidedModule = typeof FlowMachinesModule;

/**
 * Flows whose actors are a module of their own, loaded with the flow alone; every other flow's
 * come with the service flows' module (flow-machines.ts), loaded once. The account menu's
 * contracts carry the phone-number metadata, which no service flow's page should load (ADR 0088).
 */
export const ownActorModules = {
  account: () => import('./account-flow'),
  // Two reads of its own: the service flows' actors would more than double the invoice page's chain (ADR 0102).
  invoice: () => import('./invoice-flow'),
} as const;

/** Each loader answers its machine with the app's actors provided, as `createFlowMachines` does. */
export function createFlowLoaders(loaders: Readonly<Record<string, FlowLoader>>, deps: { queryClient: QueryClient }): FlowMachineLoaders {
  let provided: Promise<{ module: ProvidedModule; actors: AppActors }> | undefined;
  const appActors = () => {
    if (provided !== undefined) return provided;
    const loading = import('./flow-machines').then((module) => ({ module, actors: module.createAppActors(deps) }));
    provided = loading;
    // A failed chunk load may be retried by the next navigation.
    loading.catch(() => {
      if (provided === loading) provided = undefined;
    });
    return loading;
  };
  return Object.fromEntries(
    Object.entries(loaders).map(([machineId, load]) => [
      machineId,
      async () => {
        const own = Object.hasOwn(ownActorModules, machineId) ? ownActorModules[machineId as keyof typeof ownActorModules] : undefined;
        if (own !== undefined) {
          const [machine, module] = await Promise.all([load(), own()]);
          return module.provideFlow(machine);
        }
        const [machine, { module, actors }] = await Promise.all([load(), appActors()]);
        return module.provideAppActors(machineId, machine, actors);
      },
    ]),
  );
}
