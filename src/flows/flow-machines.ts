/**
 * The machines the app runs: the registry's machines with the app's actors provided
 * (docs/decisions/0023-actors-as-ports.md); the customer's contacts added to every flow's
 * input for the one-time password (docs/decisions/0025-where-otp-is-required.md); and the
 * leave for the card provider.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { AnyStateMachine } from 'xstate';
import { anshinApplyMachine } from '../../machines/anshin-data-box/anshin-apply.machine';
import { anshinCancelMachine } from '../../machines/anshin-data-box/anshin-cancel.machine';
import { anshinChangePaymentMachine } from '../../machines/anshin-data-box/anshin-change-payment.machine';
import { anshinResumeMachine } from '../../machines/anshin-data-box/anshin-resume.machine';
import type { Contact } from '../../machines/anshin-data-box/shared';
import type { MachineEntry } from '../../machines/registry';
import { lineContractQueryOptions } from '../navigation/session-queries';
import { userStore } from '../stores/user-store';
import { createAnshinActors, type AnshinActors } from './anshin-actors';
import type { FlowMachine, FlowRegistry, RunningFlow } from './flow-registry';

export function providedMachines(actors: AnshinActors): Readonly<Record<string, AnyStateMachine>> {
  return {
    anshinApply: anshinApplyMachine.provide({
      actors: {
        judgeEntry: actors.judgeEntry,
        judgeCoupon: actors.judgeCoupon,
        loadPaymentMethods: actors.loadPaymentMethods,
        registerCard: actors.registerCard,
        verifyContact: actors.verifyContact,
        registerService: actors.registerService,
      },
    }),
    anshinChangePayment: anshinChangePaymentMachine.provide({
      actors: {
        loadContract: actors.loadContract,
        registerCard: actors.registerCard,
        verifyContact: actors.verifyContact,
        updateContract: actors.updateContract,
      },
    }),
    anshinCancel: anshinCancelMachine.provide({
      actors: { loadContract: actors.loadContract, updateContract: actors.updateContract },
    }),
    anshinResume: anshinResumeMachine.provide({
      actors: {
        loadContract: actors.loadContract,
        registerCard: actors.registerCard,
        verifyContact: actors.verifyContact,
        updateContract: actors.updateContract,
      },
    }),
    otp: actors.verifyContact,
    cardProvider: actors.registerCard,
  };
}

/** The registry's list with each machine replaced by its provided twin; ids and order kept. */
export function createFlowMachines(entries: readonly MachineEntry[], deps: { queryClient: QueryClient }): FlowMachine[] {
  const provided = providedMachines(createAnshinActors(deps));
  return entries.map((entry) => ({ id: entry.id, machine: provided[entry.id] ?? entry.machine }));
}

/**
 * Where the one-time password can go: the line's number (read by the navigation rules before
 * any flow page) and the mail address the customer's data holds, when known.
 */
export function currentContact(queryClient: QueryClient): Contact {
  const line = queryClient.getQueryData(lineContractQueryOptions().queryKey);
  return {
    mailAddress: userStore.get().userBeforeData?.mailAddress ?? null,
    phoneNumber: line?.phoneNumber ?? null,
  };
}

/** The registry, with `contact` added to the input of every flow it starts. */
export function withFlowContact(registry: FlowRegistry, contact: () => Contact): FlowRegistry {
  return {
    ...registry,
    start: (machineId, inputFor) =>
      registry.start(
        machineId,
        inputFor === undefined
          ? undefined
          : (flowId) => {
              const input: unknown = inputFor(flowId);
              return typeof input === 'object' && input !== null ? { ...input, contact: contact() } : input;
            },
      ),
  };
}

/**
 * The one place the app leaves for the card provider (docs/decisions/0024): when a flow moves
 * into its `external` state. The registry has stored the snapshot by then (its subscription
 * was made first), so the return page can restore the run. A run restored already in that
 * state (browser Back from the provider) stays on its page, which offers the way back.
 */
export function withProviderExit(registry: FlowRegistry, leave: (url: string) => void): FlowRegistry {
  const watched = new WeakSet<object>();
  const watch = (flow: RunningFlow | undefined): RunningFlow | undefined => {
    if (flow === undefined || watched.has(flow.actor)) return flow;
    watched.add(flow.actor);
    let wasExternal = flow.actor.getSnapshot().hasTag('external');
    flow.actor.subscribe((snapshot) => {
      const isExternal = snapshot.hasTag('external');
      const url: unknown = (snapshot.context as { redirectOrderUrl?: unknown } | undefined)?.redirectOrderUrl;
      if (isExternal && !wasExternal && typeof url === 'string') leave(url);
      wasExternal = isExternal;
    });
    return flow;
  };
  return {
    ...registry,
    start: (machineId, inputFor) => watch(registry.start(machineId, inputFor)) as RunningFlow,
    get: (machineId) => watch(registry.get(machineId)),
    getByFlowId: (flowId) => watch(registry.getByFlowId(flowId)),
    foreground: () => watch(registry.foreground()),
  };
}
