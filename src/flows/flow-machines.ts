/**
 * The machines the app runs: a flow machine with the app's actors provided
 * (docs/decisions/0023-actors-as-ports.md). The app loads this module with the first service
 * flow it opens (src/flows/flow-loading.ts, docs/decisions/0037-lazy-flow-machines.md); the
 * account menu's and the invoice flow's actors are their own modules (src/flows/account-flow.ts, ADR 0088;
 * src/flows/invoice-flow.ts, ADR 0102). Tests build
 * the whole provided list from the registry with `createFlowMachines` (all-flow-machines.ts).
 */
import type { AnyStateMachine } from 'xstate';
import { mailConfirmationMachine } from '../../machines/basket-live/mail-confirmation.machine';
import { createServiceFlowActors, type FlowActorDeps, type ServiceFlowActors } from './service-flow-actors';
import { createBasketLiveActors, type BasketLiveActors } from './basket-live-actors';
import { createInStoreSupportActors, type InStoreSupportActors } from './in-store-support-actors';
import { provideByName } from './provide-by-name';

export { currentContact, withFlowContact, withProviderExit } from './flow-wrappers';
export { createServiceFlowActors, type ServiceFlowActors } from './service-flow-actors';

/**
 * The machine with the app's actors provided; the sub-flows (one-time password, card provider)
 * are replaced by the app's provided twins. A machine the app has no actors for is answered as is.
 */
export type AppActors = ServiceFlowActors &
  BasketLiveActors &
  InStoreSupportActors & { readonly mailConfirmation: typeof mailConfirmationMachine };

/** Every actor implementation the app's flows use, created once. */
export function createAppActors(deps: FlowActorDeps): AppActors {
  const kit = createServiceFlowActors(deps);
  const basketLive = createBasketLiveActors(deps);
  // The mail-address confirmation sends its code with the same provided one-time password.
  const mailConfirmation = mailConfirmationMachine.provide({
    actors: { verifyAddress: kit.verifyContact, confirmMailAddress: basketLive.confirmMailAddress },
  });
  return { ...kit, ...basketLive, ...createInStoreSupportActors(), mailConfirmation };
}

/**
 * The machine with the app's implementation of each actor it declares, by name: every flow
 * names its ports the same way (`loadContract`, `registerCard`, `verifyContact`...), so one rule
 * serves every service's flows. The sub-flows themselves are answered by their provided twins.
 */
export function provideAppActors(machineId: string, machine: AnyStateMachine, actors: AppActors): AnyStateMachine {
  if (machineId === 'otp') return actors.verifyContact;
  if (machineId === 'cardProvider') return actors.registerCard;
  if (machineId === 'mailConfirmation') return actors.mailConfirmation;
  return provideByName(machine, actors);
}
