/**
 * Lifting a suspension (利用再開) of an optional service, built for one service definition; the
 * data storage service offers it (contracts/lifecycle.ts ActionsByService).
 * Spec sections 2, 4 ("data storage adds resume confirm then completed", operation codes 60/70),
 * 7 (POST update/contracts, no retry), 8 (W0008); docs/flows/anshin-data-box.md section 4;
 * lifecycle: contracts/lifecycle.ts nextStatusOnResume.
 *
 * loading -> confirm (keep / mobile bill / new card [-> cardProvider]) -> otp -> submitting -> completed
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { CreditCardLabel, OperationType, PaymentMethod, RequestType, requestTypeForOperation, type PaymentMethodValue, type PlanIdValue } from '../../contracts/codes';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { allowedActions, allowedActionsTable } from '../../contracts/lifecycle';
import { js, withScxml, type ScxmlSemantics } from '../scxml-semantics';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import { kitFlowId, servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import type { CardProviderOutput, ProviderOpenedEvent, ProviderReturn } from '../card-provider.machine';
import { backTags, pageMeta, serviceRequirements, type FlowTag, type StateMeta } from '../flow-meta';
import type { OtpEvent } from '../otp.machine';
import {
  assigns,
  cardDetails,
  cardChangeRequestType,
  cardOperationFor,
  FreshPaymentRun,
  freshPaymentChoice,
  loadedContract,
  paymentFlowActors,
  paymentFlowGuards,
  paymentUpdateRequest,
  tokensOf,
  type ApplyChangeInfo,
  type PaymentFlowChildren,
  type ServiceFlowInput,
  cardOperationExpr,
  paymentFlowConds,
  paysByCardExpr,
} from './shared';
import { cardProviderStep, cardUnusableOnSubmit, closingSteps, loadContractStep, otpStep, submittingStep } from './steps';

export type ResumeInput = ServiceFlowInput;

export type ResumeInfo = ApplyChangeInfo & {
  /** startup until chosen; the current method's code when it is kept; 01 or 99 for a change. */
  paymentMethodValue: PaymentMethodValue;
};

export type ResumeContext = ResumeInput & {
  contract: FlowContract | null;
  resumeInfo: ResumeInfo;
  redirectOrderUrl: string | null;
  requestKey: string | null;
  notice: ErrorCodeValue | null;
  errorCode: ErrorCodeValue | null;
  receipt: ContractReceipt | null;
};

export type ResumeEvent =
  | { type: 'payment.select'; method: typeof PaymentMethod.WithMobile | typeof PaymentMethod.CreditCard | typeof PaymentMethod.NewCreditCard; label: string }
  | ProviderOpenedEvent
  | { type: 'provider.returned'; outcome: ProviderReturn }
  | { type: 'wizard.back' }
  | { type: 'confirm.submit' }
  | OtpEvent
  | { type: 'error.retry' };

const initialResumeInfo = (planId: PlanIdValue): ResumeInfo => freshPaymentChoice(planId);

/** The resume flow of one service; its id is the service's flow prefix and `Resume`. */
export function createResumeFlow(service: ServiceDefinition) {
  const machineId = kitFlowId(service, 'resume');
  const ConfirmPage = servicePath(service, 'resumeConfirm');
  const CompletedPage = servicePath(service, 'resumeCompleted');
  const confirmTags: FlowTag[] = backTags(ConfirmPage);
  // The resume keeps the contract's plan; the service's first plan only without a contract.
  const startingInfo = (context: ResumeContext): ResumeInfo => initialResumeInfo(loadedContract(context).planId ?? service.plans[0].planId);
  return withScxml(setup({
    types: {
      meta: {} as StateMeta,
      input: {} as ResumeInput,
      context: {} as ResumeContext,
      events: {} as ResumeEvent,
      tags: {} as FlowTag,
      children: {} as PaymentFlowChildren,
    },
    actors: paymentFlowActors,
    actions: {
      storeContract: assign((_, params: { contract: FlowContract }) => ({ contract: params.contract })),
      keepPayment: assign(({ context }) => {
        const contract = loadedContract(context);
        return {
          resumeInfo: {
            ...startingInfo(context),
            paymentMethodValue: contract.paymentMethod ?? PaymentMethod.Startup,
            paymentMethodLabel: contract.paymentMethodLabel,
            paymentMethodDetails: contract.paymentMethodDetails,
          },
          notice: null,
        };
      }),
      chooseMobileBill: assign(({ context, event }) => {
        assertEvent(event, 'payment.select');
        return {
          resumeInfo: {
            ...startingInfo(context),
            requestType: RequestType.CreditToMobile,
            paymentMethodValue: PaymentMethod.WithMobile,
            paymentMethodLabel: event.label,
          },
          notice: null,
        };
      }),
      clearCard: assign(({ context }) => ({ resumeInfo: startingInfo(context), redirectOrderUrl: null })),
      storeRedirect: assign(({ event }) => {
        assertEvent(event, 'provider.opened');
        return { redirectOrderUrl: event.redirectOrderUrl };
      }),
      storeNewCard: assign(({ context }, params: { output: CardProviderOutput }) => {
        // Stryker disable next-line ConditionalExpression: runs only behind isCardRegistered
        if (params.output.outcome !== 'registered') return {};
        return {
          resumeInfo: {
            ...startingInfo(context),
            ...tokensOf(params.output.card),
            // Operations 60 and 70 set the payment change they perform: 07 and 09.
            requestType: cardChangeRequestType(loadedContract(context)),
            paymentMethodValue: PaymentMethod.NewCreditCard,
            paymentMethodLabel: CreditCardLabel,
            paymentMethodDetails: cardDetails(params.output.card.last4),
          },
          redirectOrderUrl: null,
          notice: null,
        };
      }),
      assignRequestKey: assign(assigns.requestKey),
      notify: assign(assigns.notice),
      storeError: assign(assigns.error),
      storeReceipt: assign(assigns.receipt),
      forwardToProvider: sendTo('registerCard', ({ event }) => event),
      forwardToOtp: sendTo('verifyContact', ({ event }) => event),
    },
    guards: {
      isCurrentMethodKept: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return event.method === loadedContract(context).paymentMethod;
      },
      // 'none' allows apply only; a resume needs a payment method kept or chosen.
      canResume: ({ context }) =>
        allowedActions(loadedContract(context).status).includes('resume') && context.resumeInfo.paymentMethodValue !== PaymentMethod.Startup,
      ...paymentFlowGuards,
    },
  }).createMachine({
    id: machineId,
    context: ({ input }) => ({ ...input, ...FreshPaymentRun, resumeInfo: initialResumeInfo(service.plans[0].planId) }),
    initial: 'loading',
    states: {
      loading: loadContractStep(service.serviceId, ConfirmPage, 'confirm'),
      confirm: {
        // Not persistable: the context may hold card token values; a reload restarts at this entry page.
        tags: [...confirmTags],
        meta: pageMeta(ConfirmPage, [
          'SPEC-4.flows.resume',
          serviceRequirements(service).routes,
          'DEC.resume-payment',
          'SPEC-4.payment-method-codes',
          'SPEC-5.card-mask',
        ]),
        on: {
          'payment.select': [
            { guard: 'isCurrentMethodKept', actions: 'keepPayment' },
            { guard: 'canChooseMobileBill', actions: 'chooseMobileBill' },
            { guard: 'isNewCardChosen', target: 'cardProvider', actions: { type: 'notify', params: { notice: null } } },
          ],
          'confirm.submit': { guard: 'canResume', target: 'otp', actions: 'assignRequestKey' },
        },
      },
      cardProvider: cardProviderStep({
        machineId,
        serviceId: service.serviceId,
        page: ConfirmPage,
        tags: confirmTags,
        operationType: (context: ResumeContext) => cardOperationFor(loadedContract(context), true),
        returnTo: 'confirm',
      }),
      otp: otpStep(ConfirmPage, confirmTags),
      submitting: submittingStep({
        src: 'updateContract',
        page: ConfirmPage,
        tags: confirmTags,
        requirements: ['SPEC-7.update-no-retry', 'DEC.idempotent-submit', 'SPEC-4.request-types'],
        body: (context: ResumeContext) => paymentUpdateRequest(service.serviceId, context.resumeInfo, true),
        onErrorFirst: [cardUnusableOnSubmit('confirm', ['clearCard'])],
      }),
      ...closingSteps({ page: ConfirmPage, tags: confirmTags, completedPage: CompletedPage, requirement: 'SPEC-4.flows.resume' }),
    },
  }), resumeScxml());
}

/** The resume for an SCXML interpreter (ADR 0076): request types 08/07/09 and operations 60/70. */
function resumeScxml(): ScxmlSemantics {
  return {
    guards: {
      isCurrentMethodKept: {
        cond: 'contract !== null && contract.paymentMethod !== null && _event.data.method === contract.paymentMethod',
        reads: ['contract'],
      },
      canResume: {
        cond: `contract !== null && contract.status !== 'none' && allowedActions[contract.status].indexOf('resume') >= 0 && resumeInfo.paymentMethodValue !== ${js(PaymentMethod.Startup)}`,
        reads: ['contract', 'resumeInfo'],
      },
      ...paymentFlowConds,
    },
    actions: {
      storeContract: [['contract', '_event.data']],
      keepPayment: [
        ['resumeInfo.requestType', 'null'],
        ['resumeInfo.paymentMethodValue', `contract !== null && contract.paymentMethod != null ? contract.paymentMethod : ${js(PaymentMethod.Startup)}`],
      ],
      chooseMobileBill: [
        ['resumeInfo.requestType', js(RequestType.CreditToMobile)],
        ['resumeInfo.paymentMethodValue', js(PaymentMethod.WithMobile)],
      ],
      clearCard: [
        ['resumeInfo.requestType', 'null'],
        ['resumeInfo.paymentMethodValue', js(PaymentMethod.Startup)],
      ],
      storeNewCard: [
        [
          'resumeInfo.requestType',
          `${paysByCardExpr} ? ${js(requestTypeForOperation(OperationType.CreditToCreditAndResume))} : ${js(requestTypeForOperation(OperationType.MobileToCreditAndResume))}`,
        ],
        ['resumeInfo.paymentMethodValue', js(PaymentMethod.NewCreditCard)],
      ],
    },
    invokeParams: { registerCard: { operationType: cardOperationExpr(true) } },
    tables: { allowedActions: allowedActionsTable },
  };
}

export type ResumeFlowMachine = ReturnType<typeof createResumeFlow>;
