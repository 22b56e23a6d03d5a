/**
 * あんしんデータボックスの利用再開 (lifting a suspension).
 * Spec sections 2, 4 ("data storage adds resume confirm then completed", operation codes 60/70),
 * 7 (POST update/contracts, no retry), 8 (W0008); docs/flows/anshin-data-box.md section 4;
 * lifecycle: contracts/lifecycle.ts nextStatusOnResume.
 *
 * loading -> confirm (keep / mobile bill / new card [-> cardProvider]) -> otp -> submitting -> completed
 */
import { assign, sendTo, setup } from 'xstate';
import {
  CreditCardLabel,
  OperationType,
  PaymentMethod,
  RequestType,
  requestTypeForOperation,
  type OperationTypeValue,
  type PaymentMethodValue,
} from '../../contracts/codes';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { allowedActions } from '../../contracts/lifecycle';
import { AnshinServiceId, AnshinPlanId } from '../../contracts/api/anshin-data-box';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { ContractReceipt, UpdateContractsRequest } from '../../contracts/api/service-requests';
import { cardProviderMachine, type CardProviderOutput, type ProviderOpenedEvent, type ProviderReturn } from '../card-provider.machine';
import { backTags, pageMeta, type FlowTag, type StateMeta } from '../flow-meta';
import { otpMachine, type OtpEvent } from '../otp.machine';
import type { ApplyChangeInfo } from '../service-flow/change-payment.flow';
import {
  NoTokens,
  assigns,
  canChooseMobileBill,
  paysByCard,
  cardDetails,
  cardOutcomeGuards,
  loadContractPort,
  otpOutcomeGuards,
  submitErrorGuards,
  tokensOf,
  updateContractPort,
  type ServiceFlowInput,
} from '../service-flow/shared';
import { cardProviderStep, cardUnusableOnSubmit, loadContractStep, otpStep, submitUnknownStep, submittingStep } from '../service-flow/steps';

const ConfirmPage = '/AnshinDataBox/Resume/Confirm';
const CompletedPage = '/AnshinDataBox/Resume/Completed';
const ErrorPage = '/Error';

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

const initialResumeInfo: ResumeInfo = {
  requestType: null,
  planId: AnshinPlanId,
  paymentMethodValue: PaymentMethod.Startup,
  paymentMethodLabel: '',
  paymentMethodDetails: [],
  ...NoTokens,
};

/** Operation 60 from a card, 70 from the mobile bill (spec section 4). */
function cardOperation(context: ResumeContext): OperationTypeValue {
  return paysByCard(context.contract) ? OperationType.CreditToCreditAndResume : OperationType.MobileToCreditAndResume;
}

function toUpdateRequest(context: ResumeContext): UpdateContractsRequest {
  const info = context.resumeInfo;
  const requestType = info.requestType;
  if (
    requestType !== null &&
    requestType !== RequestType.CreditToCredit &&
    requestType !== RequestType.CreditToMobile &&
    requestType !== RequestType.MobileToCredit
  ) {
    throw new Error('resume submitted with a request type that is not a payment change');
  }
  return {
    serviceId: AnshinServiceId,
    planId: info.planId,
    requestType,
    resume: true,
    paymentMethodLabel: info.paymentMethodLabel,
    tokenPAN: info.tokenPAN,
    tokenPanEffectiveDate: info.tokenPanEffectiveDate,
    checkRequestValidityToken: info.checkRequestValidityToken,
    survey: [],
  };
}

const confirmTags: FlowTag[] = backTags(ConfirmPage);

export const anshinResumeMachine = setup({
  types: {
    meta: {} as StateMeta,
    input: {} as ResumeInput,
    context: {} as ResumeContext,
    events: {} as ResumeEvent,
    tags: {} as FlowTag,
    children: {} as {
      loadContract: 'loadContract';
      registerCard: 'registerCard';
      verifyContact: 'verifyContact';
      updateContract: 'updateContract';
    },
  },
  actors: {
    loadContract: loadContractPort,
    registerCard: cardProviderMachine,
    verifyContact: otpMachine,
    updateContract: updateContractPort,
  },
  actions: {
    storeContract: assign((_, params: { contract: FlowContract }) => ({ contract: params.contract })),
    keepPayment: assign(({ context }) => ({
      resumeInfo: {
        ...initialResumeInfo,
        paymentMethodValue: context.contract?.paymentMethod ?? PaymentMethod.Startup,
        paymentMethodLabel: context.contract?.paymentMethodLabel ?? '',
        paymentMethodDetails: context.contract?.paymentMethodDetails ?? [],
      },
      notice: null,
    })),
    chooseMobileBill: assign(({ event }) => ({
      resumeInfo: {
        ...initialResumeInfo,
        requestType: RequestType.CreditToMobile,
        paymentMethodValue: PaymentMethod.WithMobile,
        paymentMethodLabel: event.type === 'payment.select' ? event.label : '',
      },
      notice: null,
    })),
    clearCard: assign({ resumeInfo: initialResumeInfo, redirectOrderUrl: null }),
    storeRedirect: assign({
      redirectOrderUrl: ({ event }) => (event.type === 'provider.opened' ? event.redirectOrderUrl : null),
    }),
    storeNewCard: assign(({ context }, params: { output: CardProviderOutput }) => {
      if (params.output.outcome !== 'registered') return {};
      return {
        resumeInfo: {
          ...initialResumeInfo,
          ...tokensOf(params.output.card),
          // Operations 60 and 70 set the payment change they perform: 07 and 09.
          requestType: requestTypeForOperation(cardOperation(context)),
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
    isCurrentMethodKept: ({ context, event }) =>
      event.type === 'payment.select' &&
      context.contract !== null &&
      context.contract.paymentMethod !== null &&
      event.method === context.contract.paymentMethod,
    canChooseMobileBill: ({ context, event }) => canChooseMobileBill(context.contract, event),
    isNewCardChosen: ({ event }) => event.type === 'payment.select' && event.method === PaymentMethod.NewCreditCard,
    canResume: ({ context }) =>
      context.contract !== null &&
      context.contract.status !== 'none' &&
      allowedActions(context.contract.status).includes('resume') &&
      context.resumeInfo.paymentMethodValue !== PaymentMethod.Startup,
    ...cardOutcomeGuards,
    ...otpOutcomeGuards,
    ...submitErrorGuards,
  },
}).createMachine({
  id: 'anshinResume',
  context: ({ input }) => ({
    ...input,
    contract: null,
    resumeInfo: initialResumeInfo,
    redirectOrderUrl: null,
    requestKey: null,
    notice: null,
    errorCode: null,
    receipt: null,
  }),
  initial: 'loading',
  states: {
    loading: loadContractStep(AnshinServiceId, ConfirmPage, 'confirm'),
    confirm: {
      // Not persistable: the context may hold card token values; a reload restarts at this entry page.
      tags: [...confirmTags],
      meta: pageMeta(ConfirmPage, [
        'SPEC-4.flows.resume',
        'SPEC-2.anshin-routes',
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
      machineId: 'anshinResume',
      serviceId: AnshinServiceId,
      page: ConfirmPage,
      tags: confirmTags,
      operationType: cardOperation,
      returnTo: 'confirm',
    }),
    otp: otpStep(ConfirmPage, confirmTags),
    submitting: submittingStep({
      src: 'updateContract',
      page: ConfirmPage,
      tags: confirmTags,
      requirements: ['SPEC-7.update-no-retry', 'DEC.idempotent-submit', 'SPEC-4.request-types'],
      body: toUpdateRequest,
      onErrorFirst: [cardUnusableOnSubmit('confirm', ['clearCard'])],
    }),
    submitUnknown: submitUnknownStep(ConfirmPage, confirmTags),
    completed: {
      type: 'final',
      tags: [...backTags(CompletedPage), 'persistable'],
      meta: pageMeta(CompletedPage, ['SPEC-4.flows.resume', 'SPEC-2.no-back']),
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-8.w0011', 'SPEC-8.w0008']),
    },
  },
});
