/**
 * あんしんデータボックスのお支払い方法の変更.
 * Spec sections 2, 3 (applyChangeInfo), 4 (request types 07/08/09, operation codes 20/40,
 * mobile-bill rule for a change, change-of-payment page guards), 7 (POST update/contracts, no
 * retry), 8 (W0008); docs/flows/anshin-data-box.md section 2.
 *
 * loading -> detail -> paymentSelect [-> cardProvider] -> confirm -> otp -> submitting -> completed
 */
import { assign, fromPromise, sendTo, setup } from 'xstate';
import {
  CreditCardLabel,
  OperationType,
  PaymentMethod,
  RequestType,
  requestTypeForOperation,
  type OperationTypeValue,
  type RequestTypeValue,
} from '../../contracts/codes';
import { ErrorCode, type ErrorCodeValue } from '../../contracts/error-catalogue';
import { allowedActions } from '../../contracts/lifecycle';
import {
  AnshinPlanId,
  AnshinServiceId,
  type AnshinContract,
  type ContractReceipt,
  type UpdateContractsRequest,
} from '../../contracts/api/anshin-data-box';
import { cardProviderMachine, type CardProviderOutput, type ProviderOpenedEvent, type ProviderReturn } from '../card-provider.machine';
import { errorCodeOf, isCardUnusable, isOutcomeUnknown } from '../flow-errors';
import { backTags, pageMeta, type FlowTag, type StateMeta } from '../flow-meta';
import { otpMachine, type OtpEvent, type OtpOutput } from '../otp.machine';
import { NoTokens, cardDetails, newRequestKey, tokensOf, type AnshinFlowInput, type TokenValues } from './shared';

const DetailPage = '/AnshinDataBox/Service/Detail';
const PaymentPage = '/AnshinDataBox/Update/Payment';
const ConfirmPage = '/AnshinDataBox/Update/Confirm';
const CompletedPage = '/AnshinDataBox/Update/Completed';
const ErrorPage = '/Error';

export type ChangePaymentInput = AnshinFlowInput;

/** applyChangeInfo of spec section 3. */
export type ApplyChangeInfo = TokenValues & {
  requestType: RequestTypeValue | null;
  planId: typeof AnshinPlanId;
  paymentMethodLabel: string;
  paymentMethodDetails: string[];
};

export type ChangePaymentContext = AnshinFlowInput & {
  contract: AnshinContract | null;
  changeInfo: ApplyChangeInfo;
  redirectOrderUrl: string | null;
  requestKey: string | null;
  notice: ErrorCodeValue | null;
  errorCode: ErrorCodeValue | null;
  receipt: ContractReceipt | null;
};

export type ChangePaymentEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  /** label: the chosen list entry's label (spec section 4: credit to mobile needs a non-empty one). */
  | { type: 'payment.select'; method: typeof PaymentMethod.WithMobile | typeof PaymentMethod.NewCreditCard; label: string }
  | ProviderOpenedEvent
  | { type: 'provider.returned'; outcome: ProviderReturn }
  | { type: 'confirm.submit' }
  | OtpEvent
  | { type: 'error.retry' };

export type LoadContractInput = { readonly sbSystemId: string; readonly serviceId: typeof AnshinServiceId };
export type UpdateContractInput = {
  readonly sbSystemId: string;
  readonly requestKey: string;
  readonly body: UpdateContractsRequest;
};

const initialChangeInfo: ApplyChangeInfo = {
  requestType: null,
  planId: AnshinPlanId,
  paymentMethodLabel: '',
  paymentMethodDetails: [],
  ...NoTokens,
};

function paysByCard(context: ChangePaymentContext): boolean {
  return context.contract?.paymentMethod === PaymentMethod.CreditCard;
}

/** Operation 20 from a card, 40 from the mobile bill (spec section 4). */
function cardOperation(context: ChangePaymentContext): OperationTypeValue {
  return paysByCard(context) ? OperationType.CreditToCredit : OperationType.MobileToCredit;
}

function toUpdateRequest(context: ChangePaymentContext): UpdateContractsRequest {
  const info = context.changeInfo;
  const requestType = info.requestType;
  if (
    requestType !== RequestType.CreditToCredit &&
    requestType !== RequestType.CreditToMobile &&
    requestType !== RequestType.MobileToCredit
  ) {
    throw new Error('payment change submitted without a change request type');
  }
  return {
    serviceId: AnshinServiceId,
    planId: info.planId,
    requestType,
    resume: false,
    paymentMethodLabel: info.paymentMethodLabel,
    tokenPAN: info.tokenPAN,
    tokenPanEffectiveDate: info.tokenPanEffectiveDate,
    checkRequestValidityToken: info.checkRequestValidityToken,
    survey: [],
  };
}

const paymentTags: FlowTag[] = backTags(PaymentPage);
const confirmTags: FlowTag[] = backTags(ConfirmPage);

export const anshinChangePaymentMachine = setup({
  types: {
    meta: {} as StateMeta,
    input: {} as ChangePaymentInput,
    context: {} as ChangePaymentContext,
    events: {} as ChangePaymentEvent,
    tags: {} as FlowTag,
    children: {} as {
      loadContract: 'loadContract';
      registerCard: 'registerCard';
      verifyContact: 'verifyContact';
      updateContract: 'updateContract';
    },
  },
  actors: {
    loadContract: fromPromise<AnshinContract, LoadContractInput>(() => Promise.reject(new Error('loadContract must be provided by the app'))),
    registerCard: cardProviderMachine,
    verifyContact: otpMachine,
    updateContract: fromPromise<ContractReceipt, UpdateContractInput>(() => Promise.reject(new Error('updateContract must be provided by the app'))),
  },
  actions: {
    storeContract: assign((_, params: { contract: AnshinContract }) => ({ contract: params.contract })),
    // Spec section 4: the change-of-payment pages require a change request type, so one is set on
    // the way in (the card-to-card or mobile-to-card change) and refined by the selection.
    beginChange: assign(({ context }) => ({
      changeInfo: {
        ...initialChangeInfo,
        requestType: paysByCard(context) ? RequestType.CreditToCredit : RequestType.MobileToCredit,
      },
      notice: null,
    })),
    // Spec section 4: for a change, mobile-bill selection just clears the card token values.
    chooseMobileBill: assign(({ context, event }) => ({
      changeInfo: {
        ...context.changeInfo,
        ...NoTokens,
        requestType: RequestType.CreditToMobile,
        paymentMethodLabel: event.type === 'payment.select' ? event.label : '',
        paymentMethodDetails: [],
      },
      notice: null,
    })),
    clearCard: assign(({ context }) => ({
      changeInfo: { ...context.changeInfo, ...NoTokens, paymentMethodDetails: [] },
      redirectOrderUrl: null,
    })),
    storeRedirect: assign({
      redirectOrderUrl: ({ event }) => (event.type === 'provider.opened' ? event.redirectOrderUrl : null),
    }),
    storeNewCard: assign(({ context }, params: { output: CardProviderOutput }) => {
      if (params.output.outcome !== 'registered') return {};
      return {
        changeInfo: {
          ...context.changeInfo,
          ...tokensOf(params.output.card),
          requestType: requestTypeForOperation(cardOperation(context)),
          paymentMethodLabel: CreditCardLabel,
          paymentMethodDetails: cardDetails(params.output.card.last4),
        },
        redirectOrderUrl: null,
        notice: null,
      };
    }),
    assignRequestKey: assign({ requestKey: () => newRequestKey() }),
    notify: assign((_, params: { notice: ErrorCodeValue | null }) => ({ notice: params.notice })),
    storeError: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode })),
    storeReceipt: assign((_, params: { receipt: ContractReceipt }) => ({ receipt: params.receipt })),
    forwardToProvider: sendTo('registerCard', ({ event }) => event),
    forwardToOtp: sendTo('verifyContact', ({ event }) => event),
  },
  guards: {
    canChangePayment: ({ context }) =>
      context.contract !== null &&
      context.contract.paymentMethod !== null &&
      context.contract.status !== 'none' &&
      allowedActions(context.contract.status).includes('changePayment'),
    // Spec section 4: credit to mobile also requires a non-empty payment label.
    canChooseMobileBill: ({ context, event }) =>
      event.type === 'payment.select' &&
      event.method === PaymentMethod.WithMobile &&
      paysByCard(context) &&
      event.label.trim() !== '',
    isNewCardChosen: ({ event }) => event.type === 'payment.select' && event.method === PaymentMethod.NewCreditCard,
    isCardRegistered: (_, params: { output: CardProviderOutput }) => params.output.outcome === 'registered',
    isCardUnusable: (_, params: { output: CardProviderOutput }) => params.output.outcome === 'unusable',
    isProviderCancelled: (_, params: { output: CardProviderOutput }) => params.output.outcome === 'cancelled',
    isOtpVerified: (_, params: { output: OtpOutput }) => params.output.outcome === 'verified',
    isOtpCancelled: (_, params: { output: OtpOutput }) => params.output.outcome === 'cancelled',
    isOtpLocked: (_, params: { output: OtpOutput }) => params.output.outcome === 'locked',
    isCardUnusableError: (_, params: { error: unknown }) => isCardUnusable(params.error),
    isOutcomeUnknown: (_, params: { error: unknown }) => isOutcomeUnknown(params.error),
  },
}).createMachine({
  id: 'anshinChangePayment',
  context: ({ input }) => ({
    ...input,
    contract: null,
    changeInfo: initialChangeInfo,
    redirectOrderUrl: null,
    requestKey: null,
    notice: null,
    errorCode: null,
    receipt: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      meta: pageMeta(DetailPage, ['DEC.contract-load']),
      invoke: {
        id: 'loadContract',
        src: 'loadContract',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, serviceId: AnshinServiceId }),
        onDone: { target: 'detail', actions: { type: 'storeContract', params: ({ event }) => ({ contract: event.output }) } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
        },
      },
    },
    detail: {
      tags: ['persistable'],
      meta: pageMeta(DetailPage, ['SPEC-4.flows.change-payment', 'SPEC-2.anshin-routes', 'DEC.contract-load']),
      on: { 'wizard.next': { guard: 'canChangePayment', target: 'paymentSelect', actions: 'beginChange' } },
    },
    paymentSelect: {
      tags: [...paymentTags, 'persistable'],
      meta: pageMeta(PaymentPage, [
        'SPEC-4.guards.change-request-type',
        'SPEC-4.mobile-bill.change',
        'SPEC-4.payment-method-codes',
        'SPEC-3.apply-change-info',
        'SPEC-2.no-back',
      ]),
      on: {
        'payment.select': [
          { guard: 'canChooseMobileBill', target: 'confirm', actions: 'chooseMobileBill' },
          { guard: 'isNewCardChosen', target: 'cardProvider', actions: { type: 'notify', params: { notice: null } } },
        ],
        'wizard.back': 'detail',
      },
    },
    cardProvider: {
      meta: pageMeta(PaymentPage, ['SPEC-4.operation-codes', 'SPEC-7.payment-information']),
      entry: 'clearCard',
      invoke: {
        id: 'registerCard',
        src: 'registerCard',
        input: ({ context }) => ({
          sbSystemId: context.sbSystemId,
          contentsServiceId: AnshinServiceId,
          operationType: cardOperation(context),
          returnUrls: context.returnUrls,
        }),
        onDone: [
          {
            guard: { type: 'isCardRegistered', params: ({ event }) => ({ output: event.output }) },
            target: 'confirm',
            actions: { type: 'storeNewCard', params: ({ event }) => ({ output: event.output }) },
          },
          {
            guard: { type: 'isCardUnusable', params: ({ event }) => ({ output: event.output }) },
            target: 'paymentSelect',
            actions: { type: 'notify', params: { notice: ErrorCode.CardUnusable } },
          },
          {
            guard: { type: 'isProviderCancelled', params: ({ event }) => ({ output: event.output }) },
            target: 'paymentSelect',
          },
          {
            target: 'failed',
            actions: {
              type: 'storeError',
              params: ({ event }) => ({ errorCode: event.output.outcome === 'failed' ? event.output.errorCode : null }),
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { errorCode: null } } },
      },
      initial: 'opening',
      states: {
        opening: {
          tags: [...paymentTags, 'busy'],
          meta: pageMeta(PaymentPage, ['SPEC-7.payment-information']),
          on: { 'provider.opened': { target: 'away', actions: 'storeRedirect' } },
        },
        away: {
          tags: [...paymentTags, 'external', 'persistable'],
          meta: pageMeta(PaymentPage, ['DEC.card-external', 'DEC.card-back']),
          on: {
            'provider.returned': { target: 'verifying', actions: 'forwardToProvider' },
            'wizard.back': '#anshinChangePayment.paymentSelect',
          },
        },
        verifying: {
          tags: [...paymentTags, 'busy'],
          meta: pageMeta(PaymentPage, ['DEC.card-verify']),
        },
      },
    },
    confirm: {
      // Not persistable: the context may hold card token values (ADR 0024).
      tags: [...confirmTags],
      meta: pageMeta(ConfirmPage, [
        'SPEC-4.guards.change-request-type',
        'SPEC-4.guards.credit-to-mobile-label',
        'SPEC-4.guards.e9998',
        'SPEC-4.request-types',
        'SPEC-5.card-mask',
      ]),
      on: {
        'confirm.submit': { target: 'otp', actions: 'assignRequestKey' },
        'wizard.back': 'paymentSelect',
      },
    },
    otp: {
      tags: [...confirmTags],
      meta: pageMeta(ConfirmPage, ['DEC.otp-required']),
      invoke: {
        id: 'verifyContact',
        src: 'verifyContact',
        input: ({ context }) => ({
          sbSystemId: context.sbSystemId,
          mailAddress: context.contact.mailAddress,
          phoneNumber: context.contact.phoneNumber,
        }),
        onDone: [
          { guard: { type: 'isOtpVerified', params: ({ event }) => ({ output: event.output }) }, target: 'submitting' },
          { guard: { type: 'isOtpCancelled', params: ({ event }) => ({ output: event.output }) }, target: 'confirm' },
          {
            guard: { type: 'isOtpLocked', params: ({ event }) => ({ output: event.output }) },
            target: 'failed',
            actions: { type: 'storeError', params: { errorCode: ErrorCode.OtpLocked } },
          },
          {
            target: 'failed',
            actions: {
              type: 'storeError',
              params: ({ event }) => ({ errorCode: event.output.outcome === 'failed' ? event.output.errorCode : null }),
            },
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: { errorCode: null } } },
      },
      on: {
        'otp.send': { actions: 'forwardToOtp' },
        'otp.submit': { actions: 'forwardToOtp' },
        'otp.resend': { actions: 'forwardToOtp' },
        'otp.cancel': { actions: 'forwardToOtp' },
      },
    },
    submitting: {
      tags: [...confirmTags, 'busy'],
      meta: pageMeta(ConfirmPage, ['SPEC-7.update-no-retry', 'DEC.idempotent-submit']),
      invoke: {
        id: 'updateContract',
        src: 'updateContract',
        input: ({ context }) => ({
          sbSystemId: context.sbSystemId,
          requestKey: context.requestKey ?? '',
          body: toUpdateRequest(context),
        }),
        onDone: {
          target: 'completed',
          actions: { type: 'storeReceipt', params: ({ event }) => ({ receipt: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isCardUnusableError', params: ({ event }) => ({ error: event.error }) },
            target: 'paymentSelect',
            actions: ['clearCard', 'beginChange', { type: 'notify', params: { notice: ErrorCode.CardUnusable } }],
          },
          { guard: { type: 'isOutcomeUnknown', params: ({ event }) => ({ error: event.error }) }, target: 'submitUnknown' },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
          },
        ],
      },
    },
    submitUnknown: {
      tags: [...confirmTags],
      meta: pageMeta(ConfirmPage, ['DEC.idempotent-submit']),
      on: { 'error.retry': 'submitting' },
    },
    completed: {
      type: 'final',
      tags: [...backTags(CompletedPage), 'persistable'],
      meta: pageMeta(CompletedPage, ['SPEC-4.flows.change-payment', 'SPEC-2.no-back']),
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-8.w0011', 'SPEC-8.w0008']),
    },
  },
});
