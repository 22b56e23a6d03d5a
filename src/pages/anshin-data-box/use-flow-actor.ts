/**
 * The running flow a page belongs to, from the registry in router context. The navigation
 * rules have started or restored it before the page renders (docs/decisions/0018).
 */
import { useRouter } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import type { anshinApplyMachine } from '../../../machines/anshin-data-box/anshin-apply.machine';
import type { anshinCancelMachine } from '../../../machines/anshin-data-box/anshin-cancel.machine';
import type { anshinChangePaymentMachine } from '../../../machines/anshin-data-box/anshin-change-payment.machine';
import type { anshinResumeMachine } from '../../../machines/anshin-data-box/anshin-resume.machine';
import type { basketLivePlanChangeMachine } from '../../../machines/basket-live/plan-change.machine';
import type { RouterContext } from '../../router/router-context';

export type ApplyActor = Actor<typeof anshinApplyMachine>;
export type ChangePaymentActor = Actor<typeof anshinChangePaymentMachine>;
export type CancelActor = Actor<typeof anshinCancelMachine>;
export type ResumeActor = Actor<typeof anshinResumeMachine>;
export type PlanChangeActor = Actor<typeof basketLivePlanChangeMachine>;

type ActorsById = {
  anshinApply: ApplyActor;
  anshinChangePayment: ChangePaymentActor;
  anshinCancel: CancelActor;
  anshinResume: ResumeActor;
  basketLivePlanChange: PlanChangeActor;
};

export function useFlowActor<Id extends keyof ActorsById>(machineId: Id): ActorsById[Id] {
  const { flows } = useRouter().options.context as RouterContext;
  const flow = flows.get(machineId);
  if (flow === undefined) throw new Error(`the ${machineId} flow is not running`);
  // The registry holds the machine under its id; the id fixes which machine it is.
  return flow.actor as unknown as ActorsById[Id];
}
