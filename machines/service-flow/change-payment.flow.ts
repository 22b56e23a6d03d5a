/**
 * The change of payment method of an optional service (お支払い方法の変更), built for one
 * service definition.
 * Spec sections 2, 3 (applyChangeInfo), 4 (request types 07/08/09, operation codes 20/40,
 * mobile-bill rule for a change, change-of-payment page guards), 7 (POST update/contracts, no
 * retry), 8 (W0008); docs/flows/anshin-data-box.md section 2, docs/flows/basket-live.md.
 *
 * loading -> detail -> paymentSelect [-> cardProvider] -> confirm -> otp -> submitting -> completed
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import { CreditCardLabel, OperationType, RequestType, requestTypeForOperation, type PaymentMethod, type PlanIdValue } from '../../contracts/codes';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { allowedActions, allowedActionsTable } from '../../contracts/lifecycle';
import { js, withScxml, type ScxmlSemantics } from '../scxml-semantics';
import type { FlowContract } from '../../contracts/api/service-contracts';
import { kitFlowId, servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import type { CardProviderOutput, ProviderOpenedEvent, ProviderReturn } from '../card-provider.machine';
import { backTags, pageMeta, serviceRequirements, type FlowTag, type StateMeta } from '../flow-meta';
import type { OtpEvent } from '../otp.machine';
import {
  NoTokens,
  assigns,
  cardDetails,
  cardChangeRequestType,
  cardOperationFor,
  FreshPaymentRun,
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

export type ChangePaymentInput = ServiceFlowInput;

export type { ApplyChangeInfo } from './shared';

export type ChangePaymentContext = ServiceFlowInput & {
  contract: FlowContract | null;
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

export type { LoadContractInput, UpdateContractInput } from './shared';

const initialChangeInfo = (planId: PlanIdValue): ApplyChangeInfo => ({
  requestType: null,
  planId,
  paymentMethodLabel: '',
  paymentMethodDetails: [],
  ...NoTokens,
});

/** The change-of-payment flow of one service; its id is the service's flow prefix and `ChangePayment`. */
export function createChangePaymentFlow(service: ServiceDefinition) {
  const machineId = kitFlowId(service, 'changePayment');
  const DetailPage = servicePath(service, 'detail');
  const PaymentPage = servicePath(service, 'updatePayment');
  const ConfirmPage = servicePath(service, 'updateConfirm');
  const CompletedPage = servicePath(service, 'updateCompleted');
  const paymentTags: FlowTag[] = backTags(PaymentPage);
  const confirmTags: FlowTag[] = backTags(ConfirmPage);
  // The change keeps the contract's plan; the service's first plan only without a contract.
  const contractPlanOf = (context: ChangePaymentContext): PlanIdValue => loadedContract(context).planId ?? service.plans[0].planId;
  return withScxml(setup({
    types: {
      meta: {} as StateMeta,
      input: {} as ChangePaymentInput,
      context: {} as ChangePaymentContext,
      events: {} as ChangePaymentEvent,
      tags: {} as FlowTag,
      children: {} as PaymentFlowChildren,
    },
    actors: paymentFlowActors,
    actions: {
      storeContract: assign((_, params: { contract: FlowContract }) => ({ contract: params.contract })),
      // Spec section 4: the change-of-payment pages require a change request type, so one is set on
      // the way in (the card-to-card or mobile-to-card change) and refined by the selection.
      beginChange: assign(({ context }) => ({
        changeInfo: {
          ...initialChangeInfo(contractPlanOf(context)),
          requestType: cardChangeRequestType(loadedContract(context)),
        },
        notice: null,
      })),
      // Spec section 4: for a change, mobile-bill selection just clears the card token values.
      chooseMobileBill: assign(({ context, event }) => {
        assertEvent(event, 'payment.select');
        return {
          changeInfo: {
            ...context.changeInfo,
            ...NoTokens,
            requestType: RequestType.CreditToMobile,
            paymentMethodLabel: event.label,
            paymentMethodDetails: [],
          },
          notice: null,
        };
      }),
      clearCard: assign(({ context }) => ({
        changeInfo: { ...context.changeInfo, ...NoTokens, paymentMethodDetails: [] },
        redirectOrderUrl: null,
      })),
      storeRedirect: assign(({ event }) => {
        assertEvent(event, 'provider.opened');
        return { redirectOrderUrl: event.redirectOrderUrl };
      }),
      storeNewCard: assign(({ context }, params: { output: CardProviderOutput }) => {
        // Stryker disable next-line ConditionalExpression: runs only behind isCardRegistered
        if (params.output.outcome !== 'registered') return {};
        return {
          changeInfo: {
            ...context.changeInfo,
            ...tokensOf(params.output.card),
            requestType: cardChangeRequestType(loadedContract(context)),
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
      // A contract without a payment method has nothing to change from; 'none' allows apply only.
      canChangePayment: ({ context }) => {
        const contract = loadedContract(context);
        return contract.paymentMethod !== null && allowedActions(contract.status).includes('changePayment');
      },
      ...paymentFlowGuards,
    },
  }).createMachine({
    id: machineId,
    context: ({ input }) => ({ ...input, ...FreshPaymentRun, changeInfo: initialChangeInfo(service.plans[0].planId) }),
    initial: 'loading',
    states: {
      loading: loadContractStep(service.serviceId, DetailPage, 'detail'),
      detail: {
        tags: ['persistable'],
        meta: pageMeta(DetailPage, ['SPEC-4.flows.change-payment', serviceRequirements(service).routes, 'DEC.contract-load']),
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
      cardProvider: cardProviderStep({
        machineId,
        serviceId: service.serviceId,
        page: PaymentPage,
        tags: paymentTags,
        operationType: (context: ChangePaymentContext) => cardOperationFor(loadedContract(context), false),
        returnTo: 'paymentSelect',
      }),
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
      otp: otpStep(ConfirmPage, confirmTags),
      submitting: submittingStep({
        src: 'updateContract',
        page: ConfirmPage,
        tags: confirmTags,
        requirements: ['SPEC-7.update-no-retry', 'DEC.idempotent-submit'],
        body: (context: ChangePaymentContext) => paymentUpdateRequest(service.serviceId, context.changeInfo, false),
        onErrorFirst: [cardUnusableOnSubmit('paymentSelect', ['clearCard', 'beginChange'])],
      }),
      ...closingSteps({ page: ConfirmPage, tags: confirmTags, completedPage: CompletedPage, requirement: 'SPEC-4.flows.change-payment' }),
    },
  }), changePaymentScxml());
}

/** The change of payment for an SCXML interpreter (ADR 0076): request types 07/08/09 and operations 20/40. */
function changePaymentScxml(): ScxmlSemantics {
  return {
    guards: {
      canChangePayment: {
        cond: "contract !== null && contract.paymentMethod !== null && contract.status !== 'none' && allowedActions[contract.status].indexOf('changePayment') >= 0",
        reads: ['contract'],
      },
      ...paymentFlowConds,
    },
    actions: {
      storeContract: [['contract', '_event.data']],
      beginChange: [['changeInfo.requestType', `${paysByCardExpr} ? ${js(RequestType.CreditToCredit)} : ${js(RequestType.MobileToCredit)}`]],
      chooseMobileBill: [['changeInfo.requestType', js(RequestType.CreditToMobile)]],
      storeNewCard: [
        [
          'changeInfo.requestType',
          `${paysByCardExpr} ? ${js(requestTypeForOperation(OperationType.CreditToCredit))} : ${js(requestTypeForOperation(OperationType.MobileToCredit))}`,
        ],
      ],
    },
    invokeParams: { registerCard: { operationType: cardOperationExpr(false) } },
    tables: { allowedActions: allowedActionsTable },
  };
}

export type ChangePaymentFlowMachine = ReturnType<typeof createChangePaymentFlow>;
