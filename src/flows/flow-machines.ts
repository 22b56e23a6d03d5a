/**
 * The machines the app runs: a flow machine with the app's actors provided
 * (docs/decisions/0023-actors-as-ports.md). The app loads this module with the first flow it
 * opens (src/flows/flow-loading.ts, docs/decisions/0037-lazy-flow-machines.md); tests build the
 * whole provided list from the registry with `createFlowMachines`.
 */
import type { AnyStateMachine } from 'xstate';
import type { anshinApplyMachine } from '../../machines/anshin-data-box/anshin-apply.machine';
import type { anshinCancelMachine } from '../../machines/anshin-data-box/anshin-cancel.machine';
import type { anshinChangePaymentMachine } from '../../machines/anshin-data-box/anshin-change-payment.machine';
import type { anshinResumeMachine } from '../../machines/anshin-data-box/anshin-resume.machine';
import { mailConfirmationMachine } from '../../machines/basket-live/mail-confirmation.machine';
import type { basketLivePlanChangeMachine } from '../../machines/basket-live/plan-change.machine';
import type { MachineEntry } from '../../machines/registry';
import { createAnshinActors, type AnshinActorDeps, type AnshinActors } from './anshin-actors';
import { createBasketLiveActors, type BasketLiveActors } from './basket-live-actors';
import type { FlowMachine } from './flow-registry';

export { currentContact, withFlowContact, withProviderExit } from './flow-wrappers';
export { createAnshinActors, type AnshinActors } from './anshin-actors';

/**
 * The machine with the app's actors provided; the sub-flows (one-time password, card provider)
 * are replaced by the app's provided twins. A machine the app has no actors for is answered as is.
 */
export type AppActors = AnshinActors & BasketLiveActors & { readonly mailConfirmation: typeof mailConfirmationMachine };

/** Every actor implementation the app's flows use, created once. */
export function createAppActors(deps: AnshinActorDeps): AppActors {
  const anshin = createAnshinActors(deps);
  const basketLive = createBasketLiveActors(deps);
  // The mail-address confirmation sends its code with the same provided one-time password.
  const mailConfirmation = mailConfirmationMachine.provide({
    actors: { verifyAddress: anshin.verifyContact, confirmMailAddress: basketLive.confirmMailAddress },
  });
  return { ...anshin, ...basketLive, mailConfirmation };
}

export function provideAppActors(machineId: string, machine: AnyStateMachine, actors: AppActors): AnyStateMachine {
  switch (machineId) {
    case 'anshinApply':
      return (machine as typeof anshinApplyMachine).provide({
        actors: {
          judgeEntry: actors.judgeEntry,
          judgeCoupon: actors.judgeCoupon,
          loadPaymentMethods: actors.loadPaymentMethods,
          registerCard: actors.registerCard,
          verifyContact: actors.verifyContact,
          registerService: actors.registerService,
        },
      });
    case 'anshinChangePayment':
      return (machine as typeof anshinChangePaymentMachine).provide({
        actors: {
          loadContract: actors.loadContract,
          registerCard: actors.registerCard,
          verifyContact: actors.verifyContact,
          updateContract: actors.updateContract,
        },
      });
    case 'anshinCancel':
      return (machine as typeof anshinCancelMachine).provide({
        actors: { loadContract: actors.loadContract, updateContract: actors.updateContract },
      });
    case 'anshinResume':
      return (machine as typeof anshinResumeMachine).provide({
        actors: {
          loadContract: actors.loadContract,
          registerCard: actors.registerCard,
          verifyContact: actors.verifyContact,
          updateContract: actors.updateContract,
        },
      });
    case 'basketLivePlanChange':
      return (machine as typeof basketLivePlanChangeMachine).provide({
        actors: { loadContract: actors.loadPlanContract, loadBusinessDate: actors.loadBusinessDate, changePlan: actors.changePlan },
      });
    case 'otp':
      return actors.verifyContact;
    case 'cardProvider':
      return actors.registerCard;
    default:
      return machine;
  }
}

/** The registry's list with each machine replaced by its provided twin; ids and order kept. */
export function createFlowMachines(entries: readonly MachineEntry[], deps: AnshinActorDeps): FlowMachine[] {
  const actors = createAppActors(deps);
  return entries.map((entry) => ({ id: entry.id, machine: provideAppActors(entry.id, entry.machine, actors) }));
}
