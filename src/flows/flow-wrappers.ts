/**
 * What the app wraps around the flow registry: the customer's contacts added to every flow's
 * input for the one-time password (docs/decisions/0025-where-otp-is-required.md), and the leave
 * for the card provider (docs/decisions/0024). Part of the first page's bundle: nothing here may
 * import a flow machine or the actors (those load with the flow, docs/decisions/0037).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Contact } from '../../machines/service-flow/shared';
import { lineContractQueryOptions } from '../navigation/session-queries';
import type { FlowRegistry, RunningFlow } from './flow-registry';

/**
 * Where the one-time password can go: the line's number and its confirmed mail address, both
 * from the line contract the navigation rules read before any flow page; and the address on
 * file still to be confirmed, which the mail-address confirmation offers.
 */
export function currentContact(queryClient: QueryClient): Contact {
  const line = queryClient.getQueryData(lineContractQueryOptions().queryKey);
  return { mailAddress: line?.mailAddress ?? null, phoneNumber: line?.phoneNumber ?? null, unconfirmedMailAddress: line?.unconfirmedMailAddress ?? null };
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

/** How the app leaves for the card provider, and what it tells the server meanwhile. */
export type ProviderExit = {
  /** Goes to the provider's page. */
  readonly leave: (url: string) => void;
  /**
   * A run went to the provider (true) or came back from it (false). The page the customer left
   * from keeps the run's waiting step on its URL; Back from the provider loads that document
   * again, and its first view must not show the step before (docs/decisions/0106, decision 11).
   */
  readonly mark: (away: boolean) => void;
};

/**
 * The one place the app leaves for the card provider (docs/decisions/0024): when a flow moves
 * into its `external` state. The registry has stored the snapshot by then (its subscription
 * was made first), so the return page can restore the run. A run restored already in that
 * state (browser Back from the provider) stays on its page, which offers the way back.
 */
export function withProviderExit(registry: FlowRegistry, exit: ProviderExit): FlowRegistry {
  const watched = new WeakSet<object>();
  const watch = (flow: RunningFlow | undefined): RunningFlow | undefined => {
    if (flow === undefined || watched.has(flow.actor)) return flow;
    watched.add(flow.actor);
    let wasExternal = flow.actor.getSnapshot().hasTag('external');
    flow.actor.subscribe((snapshot) => {
      const isExternal = snapshot.hasTag('external');
      const url: unknown = (snapshot.context as { redirectOrderUrl?: unknown } | undefined)?.redirectOrderUrl;
      if (isExternal && !wasExternal && typeof url === 'string') {
        exit.mark(true);
        exit.leave(url);
      }
      if (!isExternal && wasExternal) exit.mark(false);
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
