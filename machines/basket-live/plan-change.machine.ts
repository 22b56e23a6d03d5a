/**
 * バスケットLIVEのプラン変更.
 * Spec sections 1 and 4 (basket live adds plan change then completed, request type 20),
 * 7 (POST update/contracts, no retry), 8 (E0008); docs/flows/basket-live.md section 4, ADR 0062.
 * Only an active contract changes plan; the quote (difference and effective date) is shown
 * before the customer commits. No one-time password (ADR 0062).
 *
 * loading -> choosing -> quoting -> confirm -> submitting -> completed
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { ContractStatus } from '../../contracts/codes';
import { ErrorCode, type ErrorCodeValue } from '../../contracts/error-catalogue';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import { basketLivePlan, type BasketLivePlan, type BasketLivePlanId } from '../../contracts/services/basket-live';
import {
  PlanChangeRequestType,
  planChangeQuote,
  type PendingPlanChange,
  type PlanChangeQuote,
} from '../../contracts/services/plan-change';
import type { ServiceState } from '../../contracts/lifecycle';
import { errorCodeOf, isOutcomeUnknown } from '../flow-errors';
import { offeredPlans, offeredPlansExpr } from './offered-plans';
import { js, withScxml } from '../scxml-semantics';
import { submitErrorConds } from '../service-flow/shared';
import { backTags, pageMeta, type FlowTag, type StateMeta } from '../flow-meta';
import { assigns } from '../service-flow/shared';

const ChangePage = '/BasketLive/Plan/Change';
const CompletedPage = '/BasketLive/Plan/Completed';
const ErrorPage = '/Error';

export type PlanChangeInput = { readonly sbSystemId: string };

/** What the flow needs of the customer's basket live contract; "none" when there is none. */
export type PlanChangeContract = {
  readonly status: ServiceState;
  readonly planId: BasketLivePlanId | null;
  readonly pendingPlan: (PendingPlanChange & { readonly planId: BasketLivePlanId }) | null;
};

/** The body of the request-type-20 update; the app adds the service's fixed fields. */
export type PlanChangeRequest = { readonly planId: BasketLivePlanId; readonly requestType: typeof PlanChangeRequestType };

export type PlanChangeContext = PlanChangeInput & {
  contract: PlanChangeContract | null;
  nextPlanId: BasketLivePlanId | null;
  quote: PlanChangeQuote<BasketLivePlan> | null;
  requestKey: string | null;
  errorCode: ErrorCodeValue | null;
  receipt: ContractReceipt | null;
};

export type PlanChangeEvent =
  | { type: 'plan.select'; planId: string }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'confirm.submit' }
  | { type: 'error.retry' };

/** The event the flow leaves `loading` with once the contract has loaded. */
export const planContractLoaded = (contract: PlanChangeContract) => ({ type: 'xstate.done.actor.loadPlanContract', output: contract }) as const;

export type LoadPlanContractInput = { readonly sbSystemId: string };
export type ChangePlanInput = { readonly sbSystemId: string; readonly requestKey: string; readonly body: PlanChangeRequest };


function toChangeRequest(context: PlanChangeContext): PlanChangeRequest {
  if (context.nextPlanId === null) throw new Error('plan change submitted without a chosen plan');
  return { planId: context.nextPlanId, requestType: PlanChangeRequestType };
}

type OutputArgs<T> = { readonly event: { readonly output: T } };
type ErrorArgs = { readonly event: { readonly error: unknown } };

const storeErrorOf = { type: 'storeError', params: ({ event }: ErrorArgs) => ({ errorCode: errorCodeOf(event.error) }) } as const;
const changeTags: FlowTag[] = backTags(ChangePage);

export const basketLivePlanChangeMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as PlanChangeInput,
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
    tags: {} as FlowTag,
    children: {} as { loadPlanContract: 'loadPlanContract'; loadBusinessDate: 'loadBusinessDate'; changePlan: 'changePlan' },
  },
  // Stryker disable StringLiteral: the messages of placeholders the app always replaces (machine.provide)
  actors: {
    loadPlanContract: fromPromise<PlanChangeContract, LoadPlanContractInput>(() =>
      Promise.reject(new Error('loadPlanContract must be provided by the app')),
    ),
    loadBusinessDate: fromPromise<string, LoadPlanContractInput>(() =>
      Promise.reject(new Error('loadBusinessDate must be provided by the app')),
    ),
    changePlan: fromPromise<ContractReceipt, ChangePlanInput>(() =>
      Promise.reject(new Error('changePlan must be provided by the app')),
    ),
  },
  // Stryker restore StringLiteral
  actions: {
    storeContract: assign((_, params: { contract: PlanChangeContract }) => ({ contract: params.contract })),
    choosePlan: assign(({ event }) => {
      assertEvent(event, 'plan.select');
      return { nextPlanId: event.planId as BasketLivePlanId };
    }),
    storeQuote: assign(({ context }, params: { businessDate: string }) => {
      const { contract, nextPlanId } = context;
      if (contract?.planId == null || nextPlanId === null) throw new Error('quote without a current and a chosen plan');
      return { quote: planChangeQuote(basketLivePlan(contract.planId), basketLivePlan(nextPlanId), params.businessDate) };
    }),
    clearQuote: assign({ quote: null }),
    assignRequestKey: assign(assigns.requestKey),
    storeError: assign(assigns.error),
    storeReceipt: assign(assigns.receipt),
  },
  guards: {
    isActiveContract: (_, params: { contract: PlanChangeContract }) =>
      params.contract.status === ContractStatus.Active && params.contract.planId !== null,
    isOfferedPlan: ({ context, event }) => {
      assertEvent(event, 'plan.select');
      return offeredPlans(context.contract).some((planId) => planId === event.planId);
    },
    hasChosenPlan: ({ context }) => context.nextPlanId !== null,
    isOutcomeUnknown: (_, params: { error: unknown }) => isOutcomeUnknown(params.error),
  },
}).createMachine({
  id: 'basketLivePlanChange',
  context: ({ input }) => ({
    ...input,
    contract: null,
    nextPlanId: null,
    quote: null,
    requestKey: null,
    errorCode: null,
    receipt: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: [...changeTags, 'busy'],
      meta: pageMeta(ChangePage, ['DEC.contract-load', 'DEC.plan-change-active-only']),
      invoke: {
        id: 'loadPlanContract',
        src: 'loadPlanContract',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId }),
        onDone: [
          {
            guard: { type: 'isActiveContract', params: ({ event }: OutputArgs<PlanChangeContract>) => ({ contract: event.output }) },
            target: 'choosing',
            actions: { type: 'storeContract', params: ({ event }: OutputArgs<PlanChangeContract>) => ({ contract: event.output }) },
          },
          // The refused contract is not kept: the error page shows the code only.
          { target: 'failed', actions: { type: 'storeError', params: { errorCode: ErrorCode.StatusForbidsProcedure } } },
        ],
        onError: { target: 'failed', actions: storeErrorOf },
      },
    },
    choosing: {
      tags: [...changeTags, 'persistable'],
      meta: pageMeta(ChangePage, ['SPEC-4.flows.plan-change', 'DEC.basket-live-lineup', 'DEC.plan-change-pending']),
      on: {
        'plan.select': { guard: 'isOfferedPlan', actions: 'choosePlan' },
        'wizard.next': { guard: 'hasChosenPlan', target: 'quoting' },
      },
    },
    quoting: {
      tags: [...changeTags, 'busy'],
      meta: pageMeta(ChangePage, ['DEC.plan-change-quote']),
      invoke: {
        id: 'loadBusinessDate',
        src: 'loadBusinessDate',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId }),
        onDone: {
          target: 'confirm',
          actions: { type: 'storeQuote', params: ({ event }: OutputArgs<string>) => ({ businessDate: event.output }) },
        },
        onError: { target: 'failed', actions: storeErrorOf },
      },
    },
    confirm: {
      tags: [...changeTags, 'persistable'],
      meta: pageMeta(ChangePage, ['DEC.plan-change-quote', 'DEC.plan-change-timing', 'DEC.plan-change-no-otp']),
      on: {
        'confirm.submit': { target: 'submitting', actions: 'assignRequestKey' },
        'wizard.back': { target: 'choosing', actions: 'clearQuote' },
      },
    },
    submitting: {
      tags: [...changeTags, 'busy'],
      meta: pageMeta(ChangePage, ['SPEC-4.request-types', 'SPEC-7.update-no-retry', 'DEC.idempotent-submit']),
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        // Stryker disable next-line StringLiteral: never read: assignRequestKey gives the key on the way in (confirm.submit)
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, requestKey: context.requestKey ?? '', body: toChangeRequest(context) }),
        onDone: {
          target: 'completed',
          actions: { type: 'storeReceipt', params: ({ event }: OutputArgs<ContractReceipt>) => ({ receipt: event.output }) },
        },
        onError: [
          { guard: { type: 'isOutcomeUnknown', params: ({ event }: ErrorArgs) => ({ error: event.error }) }, target: 'submitUnknown' },
          { target: 'failed', actions: storeErrorOf },
        ],
      },
    },
    submitUnknown: {
      tags: [...changeTags],
      meta: pageMeta(ChangePage, ['DEC.idempotent-submit']),
      on: { 'error.retry': 'submitting' },
    },
    completed: {
      type: 'final',
      tags: [...backTags(CompletedPage), 'persistable'],
      meta: pageMeta(CompletedPage, ['SPEC-4.flows.plan-change', 'SPEC-4.guards.e9998', 'SPEC-2.no-back']),
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-8.e0008']),
    },
  },
}), {
  guards: {
    isActiveContract: { cond: `_event.data.status === ${js(ContractStatus.Active)} && _event.data.planId !== null` },
    isOfferedPlan: { cond: `${offeredPlansExpr}.indexOf(_event.data.planId) >= 0`, reads: ['contract'] },
    hasChosenPlan: { cond: 'nextPlanId !== null', reads: ['nextPlanId'] },
    isOutcomeUnknown: submitErrorConds.isOutcomeUnknown,
  },
  actions: {
    storeContract: [['contract', '_event.data']],
    choosePlan: [['nextPlanId', '_event.data.planId']],
  },
  done: { completed: { outcome: "'completed'", requestType: js(PlanChangeRequestType) } },
});
