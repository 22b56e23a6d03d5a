/**
 * The cancellation of an optional service (解約), built for one service definition.
 * Spec sections 2, 3 (cancelInfo), 4 (request types 03-06, "Cancel-complete requires
 * Cancel/Confirm"), 7 (POST update/contracts, no retry); docs/flows/anshin-data-box.md section 3,
 * docs/flows/basket-live.md.
 * No one-time password here (ADR 0025).
 *
 * loading -> inform -> confirm (survey, cancel type) -> submitting -> completed
 */
import { assertEvent, assign, setup } from 'xstate';
import { RequestType, type PlanIdValue, type RequestTypeValue } from '../../contracts/codes';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import type { FlowContract } from '../../contracts/api/service-contracts';
import { kitFlowId, servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import { cancelOptions, type CancelSurveyAnswer, type ContractReceipt, type UpdateContractsRequest } from '../../contracts/api/service-requests';
import { backTags, pageMeta, serviceRequirements, type FlowTag, type StateMeta } from '../flow-meta';
import { NoTokens, assigns, loadedContract, loadContractPort, submitErrorConds, submitErrorGuards, updateContractPort, type ServiceFlowInput } from './shared';
import { withScxml, type ScxmlSemantics } from '../scxml-semantics';
import { ServiceStates } from '../../contracts/lifecycle';
import { loadContractStep, submitUnknownStep, submittingStep } from './steps';

const ErrorPage = '/Error';

export type CancelInput = ServiceFlowInput;

/** cancelInfo of spec section 3. */
export type CancelInfo = {
  requestType: RequestTypeValue | null;
  planId: PlanIdValue;
  survey: CancelSurveyAnswer[];
};

export type CancelContext = CancelInput & {
  contract: FlowContract | null;
  cancelInfo: CancelInfo;
  requestKey: string | null;
  errorCode: ErrorCodeValue | null;
  receipt: ContractReceipt | null;
};

export type CancelEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'cancel.select'; requestType: RequestTypeValue }
  | { type: 'survey.answer'; answers: CancelSurveyAnswer[] }
  | { type: 'confirm.submit' }
  | { type: 'error.retry' };

function offeredBy(service: ServiceDefinition, context: CancelContext): readonly RequestTypeValue[] {
  return cancelOptions(service.serviceId, loadedContract(context).status);
}

/** The POST update/contracts body of a cancellation; refuses a request type that is not one of 03 to 06. */
export function toUpdateRequest(service: ServiceDefinition, context: CancelContext): UpdateContractsRequest {
  const requestType = context.cancelInfo.requestType;
  if (
    requestType !== RequestType.Withdrawal &&
    requestType !== RequestType.WithdrawalReservationMonthEnd &&
    requestType !== RequestType.WithdrawalReservationCancel &&
    requestType !== RequestType.WithdrawalReservationReckoningDate
  ) {
    throw new Error('cancel submitted without a cancel request type');
  }
  return {
    serviceId: service.serviceId,
    planId: context.cancelInfo.planId,
    requestType,
    resume: false,
    paymentMethodLabel: null,
    ...NoTokens,
    survey: context.cancelInfo.survey,
  };
}

/** The cancellation flow of one service; its id is the service's flow prefix and `Cancel`. */
export function createCancelFlow(service: ServiceDefinition) {
  const InformPage = servicePath(service, 'cancelInform');
  const ConfirmPage = servicePath(service, 'cancelConfirm');
  const CompletedPage = servicePath(service, 'cancelCompleted');
  const confirmTags: FlowTag[] = backTags(ConfirmPage);
  const offered = (context: CancelContext) => offeredBy(service, context);
  return withScxml(setup({
    types: {
      meta: {} as StateMeta,
      input: {} as CancelInput,
      context: {} as CancelContext,
      events: {} as CancelEvent,
      tags: {} as FlowTag,
      children: {} as { loadContract: 'loadContract'; updateContract: 'updateContract' },
    },
    actors: {
      loadContract: loadContractPort,
      updateContract: updateContractPort,
    },
    actions: {
      storeContract: assign((_, params: { contract: FlowContract }) => ({ contract: params.contract })),
      // The first offered type is the default: a month-end reservation for an active contract.
      // The request names the plan the contract is on.
      beginCancel: assign(({ context }) => ({
        cancelInfo: {
          ...context.cancelInfo,
          requestType: offered(context)[0] ?? null,
          planId: loadedContract(context).planId ?? context.cancelInfo.planId,
        },
      })),
      chooseCancelType: assign(({ context, event }) => {
        assertEvent(event, 'cancel.select');
        return { cancelInfo: { ...context.cancelInfo, requestType: event.requestType } };
      }),
      answerSurvey: assign(({ context, event }) => {
        assertEvent(event, 'survey.answer');
        return { cancelInfo: { ...context.cancelInfo, survey: event.answers } };
      }),
      assignRequestKey: assign(assigns.requestKey),
      storeError: assign(assigns.error),
      storeReceipt: assign(assigns.receipt),
    },
    guards: {
      canCancel: ({ context }) => offered(context).length > 0,
      isOfferedCancelType: ({ context, event }) => {
        assertEvent(event, 'cancel.select');
        return offered(context).includes(event.requestType);
      },
      isOutcomeUnknown: submitErrorGuards.isOutcomeUnknown,
    },
  }).createMachine({
    id: kitFlowId(service, 'cancel'),
    context: ({ input }) => ({
      ...input,
      contract: null,
      cancelInfo: { requestType: null, planId: service.plans[0].planId, survey: [] },
      requestKey: null,
      errorCode: null,
      receipt: null,
    }),
    initial: 'loading',
    states: {
      loading: loadContractStep(service.serviceId, InformPage, 'inform'),
      inform: {
        tags: [...backTags(InformPage), 'persistable'],
        meta: pageMeta(InformPage, ['SPEC-4.flows.cancel', serviceRequirements(service).routes, 'DEC.cancel-no-otp']),
        on: { 'wizard.next': { guard: 'canCancel', target: 'confirm', actions: 'beginCancel' } },
      },
      confirm: {
        tags: [...confirmTags, 'persistable'],
        meta: pageMeta(ConfirmPage, ['SPEC-3.cancel-info', 'SPEC-4.request-types', 'DEC.cancel-options']),
        on: {
          'cancel.select': { guard: 'isOfferedCancelType', actions: 'chooseCancelType' },
          'survey.answer': { actions: 'answerSurvey' },
          'confirm.submit': { target: 'submitting', actions: 'assignRequestKey' },
          'wizard.back': 'inform',
        },
      },
      submitting: submittingStep({
        src: 'updateContract',
        page: ConfirmPage,
        tags: confirmTags,
        requirements: ['SPEC-7.update-no-retry', 'DEC.idempotent-submit'],
        body: (context: CancelContext) => toUpdateRequest(service, context),
        onErrorFirst: [],
      }),
      submitUnknown: submitUnknownStep(ConfirmPage, confirmTags),
      completed: {
        type: 'final',
        tags: [...backTags(CompletedPage), 'persistable'],
        meta: pageMeta(CompletedPage, ['SPEC-4.guards.cancel-complete', 'SPEC-4.guards.e9998', 'SPEC-4.flows.cancel', 'SPEC-2.no-back']),
      },
      failed: {
        type: 'final',
        tags: ['persistable'],
        meta: pageMeta(ErrorPage, ['SPEC-8.error-page']),
      },
    },
  }), cancelScxml(service));
}

/** The cancellation for an SCXML interpreter (ADR 0076): the request types 03-06 the contract's status offers. */
function cancelScxml(service: ServiceDefinition): ScxmlSemantics {
  const offered = '(contract === null ? [] : cancelOptions[contract.status])';
  return {
    guards: {
      canCancel: { cond: `${offered}.length > 0`, reads: ['contract'] },
      isOfferedCancelType: { cond: `${offered}.indexOf(_event.data.requestType) >= 0`, reads: ['contract'] },
      isOutcomeUnknown: submitErrorConds.isOutcomeUnknown,
    },
    actions: {
      storeContract: [['contract', '_event.data']],
      beginCancel: [['cancelInfo.requestType', `${offered}.length > 0 ? ${offered}[0] : null`]],
      chooseCancelType: [['cancelInfo.requestType', '_event.data.requestType']],
    },
    tables: { cancelOptions: Object.fromEntries(ServiceStates.map((status) => [status, cancelOptions(service.serviceId, status)])) },
  };
}

export type CancelFlowMachine = ReturnType<typeof createCancelFlow>;
