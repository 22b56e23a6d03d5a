/**
 * The running flow a page belongs to, from the registry in router context. The navigation
 * rules have started or restored it before the page renders (docs/decisions/0018). A kit page
 * asks for its kind of flow (`useKitFlowActor`) and gets the run of its service's instance.
 */
import { useRouter } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import { kitFlowId, type KitFlowKind } from '../../../contracts/services/service-definition';
import type { AccountMachine } from '../../../machines/account-menu/account.machine';
import type { basketLivePlanChangeMachine } from '../../../machines/basket-live/plan-change.machine';
import type { SupportHistoryMachine } from '../../../machines/in-store-support/support-history.machine';
import type { InvoiceMachine } from '../../../machines/invoice/invoice.machine';
import type { ApplyFlowMachine } from '../../../machines/service-flow/apply.flow';
import type { CancelFlowMachine } from '../../../machines/service-flow/cancel.flow';
import type { ChangePaymentFlowMachine } from '../../../machines/service-flow/change-payment.flow';
import type { ResumeFlowMachine } from '../../../machines/service-flow/resume.flow';
import type { RouterContext } from '../../router/router-context';
import { useServiceView } from './service-view';

export type ApplyActor = Actor<ApplyFlowMachine>;
export type ChangePaymentActor = Actor<ChangePaymentFlowMachine>;
export type CancelActor = Actor<CancelFlowMachine>;
export type ResumeActor = Actor<ResumeFlowMachine>;
export type PlanChangeActor = Actor<typeof basketLivePlanChangeMachine>;
export type SupportHistoryActor = Actor<SupportHistoryMachine>;
export type InvoiceActor = Actor<InvoiceMachine>;
export type AccountActor = Actor<AccountMachine>;

type ActorsById = {
  basketLivePlanChange: PlanChangeActor;
  inStoreSupportHistory: SupportHistoryActor;
  invoice: InvoiceActor;
  account: AccountActor;
};

type KitActors = { apply: ApplyActor; changePayment: ChangePaymentActor; cancel: CancelActor; resume: ResumeActor };

function useRunningActor(machineId: string): Actor<never> {
  const { flows } = useRouter().options.context as RouterContext;
  const flow = flows.get(machineId);
  if (flow === undefined) throw new Error(`the ${machineId} flow is not running`);
  return flow.actor as unknown as Actor<never>;
}

/** The run of a flow only one service has, by its machine id. */
export function useFlowActor<Id extends keyof ActorsById>(machineId: Id): ActorsById[Id] {
  // The registry holds the machine under its id; the id fixes which machine it is.
  return useRunningActor(machineId) as unknown as ActorsById[Id];
}

/** The run of this page's service's kit flow of the given kind. */
export function useKitFlowActor<Kind extends keyof KitActors & KitFlowKind>(kind: Kind): KitActors[Kind] {
  const { service } = useServiceView();
  return useRunningActor(kitFlowId(service, kind)) as unknown as KitActors[Kind];
}
