/**
 * The application of an optional service (お申し込み), built for one service definition.
 * Spec sections 2, 3 (applyInfo), 4 (codes, mobile-bill rule, page guards), 5 (entry judge),
 * 7 (calls), 8 (errors); docs/flows/anshin-data-box.md section 1, docs/flows/basket-live.md.
 *
 * landing -> judging [-> mailConfirmation -> judging] -> applyForm -> loadingPaymentMethods
 *   -> paymentSelect [-> cardProvider] -> confirm -> otp -> submitting -> completed
 *
 * Per service: the ids, the pages, the plans (a choice on the apply form when there are
 * several) and whether a failure of the entry judge on the mail address alone is ignored or
 * sends the customer through the mail-address confirmation first (spec section 5).
 */
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import {
  CreditCardLabel,
  MobileBillLabel,
  OperationType,
  PaymentMethod,
  RequestType,
  requestTypeForOperation,
  type PaymentMethodValue,
  type PlanIdValue,
  type RequestTypeValue,
  type ServiceIdValue,
} from '../../contracts/codes';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { MailCheckServiceIdSchema, type MailCheckServiceId } from '../../contracts/api/mail-address-confirmation';
import type { ContractReceipt, RegisterServiceRequest } from '../../contracts/api/service-requests';
import type { CouponJudgeResponse } from '../../contracts/api/coupon';
import {
  EntryJudgementRetry,
  entryJudgementMessages,
  isJudgementOk,
  isMailAddressOnlyFailure,
  isRetryableFailure,
  judgementOkExpr,
  mailAddressOnlyFailureExpr,
  retryableFailureExpr,
  type EntryJudgementResponse,
} from '../../contracts/api/entry-judgement';
import type { PaymentMethodEntry, PaymentMethodsResponse } from '../../contracts/api/payment';
import { kitFlowId, servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import { mailConfirmationMachine, type MailAddressProblem, type MailConfirmationEvent } from '../basket-live/mail-confirmation.machine';
import { mailConfirmationConds, mailConfirmationGuards, mailConfirmationStep, mailProblemOf } from '../basket-live/mail-confirmation-step';
import { cardProviderMachine, type CardProviderOutput, type ProviderOpenedEvent, type ProviderReturn } from '../card-provider.machine';
import { errorCodeOf } from '../flow-errors';
import { backTags, pageMeta, serviceRequirements, type FlowTag, type StateMeta } from '../flow-meta';
import { otpMachine, type OtpEvent } from '../otp.machine';
import { js, withScxml, type ScxmlAssigns, type ScxmlSemantics } from '../scxml-semantics';
import {
  NoTokens,
  assigns,
  cardDetails,
  cardOutcomeConds,
  cardOutcomeGuards,
  freshPaymentChoice,
  hasTokens,
  otpOutcomeConds,
  otpOutcomeGuards,
  submitErrorConds,
  submitErrorGuards,
  tokensOf,
  type ServiceFlowInput,
  type TokenValues,
} from './shared';
import { cardProviderStep, cardUnusableOnSubmit, otpStep, submitUnknownStep, submittingStep } from './steps';

const ErrorPage = '/Error';

export type ApplyInput = ServiceFlowInput;

type SelectableMethod = typeof PaymentMethod.WithMobile | typeof PaymentMethod.CreditCard | typeof PaymentMethod.NewCreditCard;

/** applyInfo of spec section 3; tempCredit also keeps the last 4 digits to show a restored card. */
export type ApplyInfo = TokenValues & {
  requestType: RequestTypeValue | null;
  planId: PlanIdValue;
  paymentMethodValue: PaymentMethodValue;
  paymentMethodLabel: string;
  paymentMethodDetails: string[];
  consented: boolean;
  couponCode: string | null;
  couponName: string | null;
  tempCredit: (TokenValues & { last4: string | null }) | null;
};

export type ApplyContext = ServiceFlowInput & {
  applyInfo: ApplyInfo;
  judgeRetries: number;
  ineligibleReasons: string[];
  /** Why the entry judge refused the mail address, while the customer confirms it. */
  mailProblem: MailAddressProblem | null;
  couponError: string | null;
  paymentMethods: PaymentMethodEntry[];
  cardLast4: string | null;
  redirectOrderUrl: string | null;
  requestKey: string | null;
  notice: ErrorCodeValue | null;
  errorCode: ErrorCodeValue | null;
  receipt: ContractReceipt | null;
};

export type ApplyEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'consent.toggle'; consented: boolean }
  | { type: 'plan.select'; planId: PlanIdValue }
  | { type: 'coupon.apply'; couponCode: string }
  | { type: 'coupon.clear' }
  | { type: 'payment.select'; method: SelectableMethod }
  | ProviderOpenedEvent
  | { type: 'provider.returned'; outcome: ProviderReturn }
  | { type: 'confirm.submit' }
  | OtpEvent
  | Exclude<MailConfirmationEvent, OtpEvent>
  | { type: 'error.retry' };

export type JudgeEntryInput = { readonly sbSystemId: string; readonly contentsServiceId: ServiceIdValue };
export type JudgeCouponInput = { readonly couponCd: string; readonly contentsServiceId: ServiceIdValue };
export type LoadPaymentMethodsInput = { readonly sbSystemId: string; readonly contentsServiceId: ServiceIdValue };
export type RegisterServiceInput = {
  readonly sbSystemId: string;
  readonly requestKey: string;
  readonly body: RegisterServiceRequest;
};

type JudgementParams = { response: EntryJudgementResponse };

const initialApplyInfo = (planId: PlanIdValue): ApplyInfo => ({
  ...freshPaymentChoice(planId),
  consented: false,
  couponCode: null,
  couponName: null,
  tempCredit: null,
});

function offers(context: ApplyContext, method: SelectableMethod): boolean {
  return context.paymentMethods.some((entry) => entry.value === method);
}

function labelOf(context: ApplyContext, method: SelectableMethod, fallback: string): string {
  // Stryker disable next-line OptionalChaining: called only after offers() found the entry
  return context.paymentMethods.find((entry) => entry.value === method)?.label ?? fallback;
}

/** The POST register body of spec section 7; refuses an application whose page is not complete. */
export function toRegisterRequest(serviceId: ServiceIdValue, context: ApplyContext): RegisterServiceRequest {
  const info = context.applyInfo;
  const requestType = info.requestType;
  if (
    (requestType !== RequestType.RegisterByMobile && requestType !== RequestType.RegisterByCredit) ||
    info.paymentMethodValue === PaymentMethod.Startup ||
    !info.consented
  ) {
    throw new Error('registration requested before the apply page was complete');
  }
  return {
    serviceId,
    planId: info.planId,
    requestType,
    paymentMethodValue: info.paymentMethodValue,
    paymentMethodLabel: info.paymentMethodLabel,
    tokenPAN: info.tokenPAN,
    tokenPanEffectiveDate: info.tokenPanEffectiveDate,
    checkRequestValidityToken: info.checkRequestValidityToken,
    couponCode: info.couponCode,
    consented: true,
  };
}

/** The application flow of one service; its id is the service's flow prefix and `Apply`. */
export function createApplyFlow(service: ServiceDefinition) {
  const machineId = kitFlowId(service, 'apply');
  const serviceId = service.serviceId;
  const LandingPage = servicePath(service, 'landing');
  const ApplyPage = servicePath(service, 'apply');
  const CompletedPage = servicePath(service, 'applyCompleted');
  const applyPageTags: FlowTag[] = backTags(ApplyPage);
  const { routes, lineup: price } = serviceRequirements(service);
  const confirmsMail = service.mailAddressOnlyFailure === 'confirm';
  const choosesPlan = service.plans.length > 1;
  const mailConfirmationFor = (mailCheckServiceId: MailCheckServiceId) =>
    mailConfirmationStep({
      page: LandingPage,
      tags: [],
      serviceId: mailCheckServiceId,
      // Stryker disable next-line StringLiteral: storeMailProblem sets the problem on the way in, so the fallback is never read
      problem: (context: ApplyContext) => context.mailProblem ?? 'unconfirmed',
      confirmed: 'judging',
      cancelled: 'landing',
    });
  return withScxml(setup({
    types: {
      meta: {} as StateMeta,
      input: {} as ApplyInput,
      context: {} as ApplyContext,
      events: {} as ApplyEvent,
      tags: {} as FlowTag,
      children: {} as {
        judgeEntry: 'judgeEntry';
        judgeCoupon: 'judgeCoupon';
        loadPaymentMethods: 'loadPaymentMethods';
        registerCard: 'registerCard';
        verifyContact: 'verifyContact';
        registerService: 'registerService';
        mailConfirmation: 'mailConfirmation';
      },
    },
    actors: {
      judgeEntry: fromPromise<EntryJudgementResponse, JudgeEntryInput>(() => Promise.reject(new Error('judgeEntry must be provided by the app'))),
      judgeCoupon: fromPromise<CouponJudgeResponse, JudgeCouponInput>(() => Promise.reject(new Error('judgeCoupon must be provided by the app'))),
      loadPaymentMethods: fromPromise<PaymentMethodsResponse, LoadPaymentMethodsInput>(() => Promise.reject(new Error('loadPaymentMethods must be provided by the app'))),
      registerCard: cardProviderMachine,
      verifyContact: otpMachine,
      registerService: fromPromise<ContractReceipt, RegisterServiceInput>(() => Promise.reject(new Error('registerService must be provided by the app'))),
      mailConfirmation: mailConfirmationMachine,
    },
    delays: {
      judgeRetryDelay: EntryJudgementRetry.delayMs,
    },
    actions: {
      resetJudgement: assign({ judgeRetries: 0, ineligibleReasons: [] }),
      countJudgeRetry: assign({ judgeRetries: ({ context }) => context.judgeRetries + 1 }),
      storeIneligibleReasons: assign((_, params: JudgementParams) => ({
        ineligibleReasons: entryJudgementMessages(params.response.ngList),
      })),
      storeMailProblem: assign((_, params: JudgementParams) => ({ mailProblem: mailProblemOf(params.response) })),
      choosePlan: assign(({ context, event }) => {
        assertEvent(event, 'plan.select');
        return { applyInfo: { ...context.applyInfo, planId: event.planId } };
      }),
      toggleConsent: assign(({ context, event }) => {
        assertEvent(event, 'consent.toggle');
        return { applyInfo: { ...context.applyInfo, consented: event.consented } };
      }),
      storeCoupon: assign(({ context }, params: { response: CouponJudgeResponse }) =>
        params.response.result === 'OK'
          ? {
              couponError: null,
              applyInfo: { ...context.applyInfo, couponCode: params.response.couponCd, couponName: params.response.couponName },
            }
          : {
              couponError: params.response.ngReason,
              applyInfo: { ...context.applyInfo, couponCode: null, couponName: null },
            },
      ),
      markCouponUnavailable: assign({ couponError: 'クーポンを確認できませんでした。しばらくしてからもう一度お試しください。' }),
      clearCoupon: assign({
        couponError: null,
        applyInfo: ({ context }) => ({ ...context.applyInfo, couponCode: null, couponName: null }),
      }),
      storePaymentMethods: assign((_, params: { response: PaymentMethodsResponse }) => ({
        paymentMethods: [...params.response.paymentMethodList].sort((a, b) => a.value.localeCompare(b.value)),
      })),
      // Spec section 4: for a registration, mobile-bill selection moves the card token values to
      // the temporary copy and then clears them.
      chooseMobileBill: assign(({ context }) => {
        const info = context.applyInfo;
        const tempCredit = hasTokens(info)
          ? {
              tokenPAN: info.tokenPAN,
              tokenPanEffectiveDate: info.tokenPanEffectiveDate,
              checkRequestValidityToken: info.checkRequestValidityToken,
              last4: context.cardLast4,
            }
          : info.tempCredit;
        return {
          applyInfo: {
            ...info,
            ...NoTokens,
            tempCredit,
            requestType: RequestType.RegisterByMobile,
            paymentMethodValue: PaymentMethod.WithMobile,
            paymentMethodLabel: labelOf(context, PaymentMethod.WithMobile, MobileBillLabel),
            paymentMethodDetails: [],
          },
          cardLast4: null,
        };
      }),
      chooseRegisteredCard: assign(({ context }) => ({
        applyInfo: {
          ...context.applyInfo,
          ...NoTokens,
          requestType: RequestType.RegisterByCredit,
          paymentMethodValue: PaymentMethod.CreditCard,
          paymentMethodLabel: labelOf(context, PaymentMethod.CreditCard, CreditCardLabel),
          paymentMethodDetails:
            // Stryker disable next-line OptionalChaining,ArrayDeclaration: isRegisteredCardChosen found the entry
            context.paymentMethods.find((entry) => entry.value === PaymentMethod.CreditCard)?.details ?? [],
        },
        cardLast4: null,
      })),
      restoreTempCredit: assign(({ context }) => {
        const temp = context.applyInfo.tempCredit;
        // Stryker disable next-line ConditionalExpression: canRestoreTempCredit lets only a held copy through
        if (temp === null) return {};
        return {
          applyInfo: {
            ...context.applyInfo,
            tokenPAN: temp.tokenPAN,
            tokenPanEffectiveDate: temp.tokenPanEffectiveDate,
            checkRequestValidityToken: temp.checkRequestValidityToken,
            tempCredit: null,
            requestType: requestTypeForOperation(OperationType.Registration),
            paymentMethodValue: PaymentMethod.NewCreditCard,
            paymentMethodLabel: CreditCardLabel,
            // Stryker disable next-line ConditionalExpression,ArrayDeclaration: a copy is made only of a provider's card, which has its last 4 digits
            paymentMethodDetails: temp.last4 === null ? [] : cardDetails(temp.last4),
          },
          cardLast4: temp.last4,
        };
      }),
      clearCard: assign(({ context }) => ({
        applyInfo: { ...context.applyInfo, ...NoTokens, requestType: null, paymentMethodValue: PaymentMethod.Startup },
        cardLast4: null,
        redirectOrderUrl: null,
      })),
      storeRedirect: assign(({ event }) => {
        assertEvent(event, 'provider.opened');
        return { redirectOrderUrl: event.redirectOrderUrl };
      }),
      storeNewCard: assign(({ context }, params: { output: CardProviderOutput }) => {
        // Stryker disable next-line ConditionalExpression: runs only behind isCardRegistered
        if (params.output.outcome !== 'registered') return {};
        const card = params.output.card;
        return {
          applyInfo: {
            ...context.applyInfo,
            ...tokensOf(card),
            // Operation 10 sets the matching request type: 02, registration by credit.
            requestType: requestTypeForOperation(OperationType.Registration),
            paymentMethodValue: PaymentMethod.NewCreditCard,
            paymentMethodLabel: CreditCardLabel,
            paymentMethodDetails: cardDetails(card.last4),
          },
          cardLast4: card.last4,
          redirectOrderUrl: null,
        };
      }),
      assignRequestKey: assign(assigns.requestKey),
      notify: assign(assigns.notice),
      storeError: assign(assigns.error),
      storeReceipt: assign(assigns.receipt),
      forwardToProvider: sendTo('registerCard', ({ event }) => event),
      forwardToOtp: sendTo('verifyContact', ({ event }) => event),
      forwardToMailConfirmation: sendTo('mailConfirmation', ({ event }) => event),
    },
    guards: {
      // Spec section 5: a failure affecting only the mail address is ignored by a service that
      // does not confirm the address; a service that does sends the customer to confirm it.
      isEligible: (_, params: JudgementParams) =>
        isJudgementOk(params.response) || (!confirmsMail && isMailAddressOnlyFailure(params.response)),
      // Listed on judging's outcomes only for a service that confirms the address.
      isMailConfirmationNeeded: (_, params: JudgementParams) => isMailAddressOnlyFailure(params.response),
      isOfferedPlan: ({ event }) => {
        assertEvent(event, 'plan.select');
        return service.plans.some((plan) => plan.planId === event.planId);
      },
      canRetryJudgement: ({ context }, params: JudgementParams) =>
        isRetryableFailure(params.response) && context.judgeRetries < EntryJudgementRetry.maxRetries,
      hasConsented: ({ context }) => context.applyInfo.consented,
      isMobileBillChosen: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return event.method === PaymentMethod.WithMobile && offers(context, PaymentMethod.WithMobile);
      },
      isRegisteredCardChosen: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return event.method === PaymentMethod.CreditCard && offers(context, PaymentMethod.CreditCard);
      },
      canRestoreTempCredit: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return event.method === PaymentMethod.NewCreditCard && context.applyInfo.tempCredit !== null && hasTokens(context.applyInfo.tempCredit);
      },
      isNewCardChosen: ({ context, event }) => {
        assertEvent(event, 'payment.select');
        return event.method === PaymentMethod.NewCreditCard && offers(context, PaymentMethod.NewCreditCard);
      },
      ...cardOutcomeGuards,
      ...otpOutcomeGuards,
      ...submitErrorGuards,
      ...mailConfirmationGuards,
    },
  }).createMachine({
    id: machineId,
    context: ({ input }) => ({
      ...input,
      applyInfo: initialApplyInfo(service.plans[0].planId),
      judgeRetries: 0,
      ineligibleReasons: [],
      mailProblem: null,
      couponError: null,
      paymentMethods: [],
      cardLast4: null,
      redirectOrderUrl: null,
      requestKey: null,
      notice: null,
      errorCode: null,
      receipt: null,
    }),
    initial: 'landing',
    states: {
      landing: {
        tags: ['persistable'],
        meta: pageMeta(LandingPage, ['SPEC-4.flows.apply', routes, price]),
        on: { 'wizard.next': { target: 'judging', actions: 'resetJudgement' } },
      },
      judging: {
        tags: ['busy'],
        meta: pageMeta(LandingPage, [
          'SPEC-7.entry-judgement-retry',
          confirmsMail ? 'SPEC-5.entry-judgement.mail-confirmation' : 'SPEC-5.entry-judgement.mail-only-ignored',
        ]),
        invoke: {
          id: 'judgeEntry',
          src: 'judgeEntry',
          input: ({ context }) => ({ sbSystemId: context.sbSystemId, contentsServiceId: serviceId }),
          onDone: [
            { guard: { type: 'isEligible', params: ({ event }) => ({ response: event.output }) }, target: 'applyForm' },
            ...(confirmsMail
              ? [
                  {
                    guard: { type: 'isMailConfirmationNeeded', params: ({ event }: { event: { output: EntryJudgementResponse } }) => ({ response: event.output }) },
                    target: 'mailConfirmation',
                    actions: { type: 'storeMailProblem', params: ({ event }: { event: { output: EntryJudgementResponse } }) => ({ response: event.output }) },
                  } as const,
                ]
              : []),
            {
              guard: { type: 'canRetryJudgement', params: ({ event }) => ({ response: event.output }) },
              target: 'judgeRetryWait',
              actions: 'countJudgeRetry',
            },
            {
              target: 'ineligible',
              actions: { type: 'storeIneligibleReasons', params: ({ event }) => ({ response: event.output }) },
            },
          ],
          onError: {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
          },
        },
      },
      judgeRetryWait: {
        tags: ['busy'],
        meta: pageMeta(LandingPage, ['SPEC-7.entry-judgement-retry']),
        after: { judgeRetryDelay: 'judging' },
      },
      ineligible: {
        tags: ['persistable'],
        meta: pageMeta(LandingPage, ['SPEC-5.entry-judgement.reason-texts']),
        on: { 'wizard.back': 'landing' },
      },
      // Only a service that confirms the address has the state; the type names it for every
      // service so that one view (and one exhaustive match) serves them all.
      // Throws at build time for a service that confirms the address but has no mail check flag.
      ...((confirmsMail ? { mailConfirmation: mailConfirmationFor(MailCheckServiceIdSchema.parse(serviceId)) } : {}) as {
        mailConfirmation: ReturnType<typeof mailConfirmationFor>;
      }),
      applyForm: {
        tags: [...applyPageTags, 'persistable'],
        meta: pageMeta(ApplyPage, ['SPEC-3.apply-info', 'SPEC-5.apply-consent', 'SPEC-2.no-back', price]),
        on: {
          ...(choosesPlan ? { 'plan.select': { guard: 'isOfferedPlan', actions: 'choosePlan' } as const } : {}),
          'consent.toggle': { actions: 'toggleConsent' },
          'coupon.apply': 'couponJudging',
          'coupon.clear': { actions: 'clearCoupon' },
          'wizard.next': { guard: 'hasConsented', target: 'loadingPaymentMethods' },
          'wizard.back': 'landing',
        },
      },
      couponJudging: {
        tags: [...applyPageTags, 'busy'],
        meta: pageMeta(ApplyPage, ['SPEC-7.coupon-judge']),
        invoke: {
          id: 'judgeCoupon',
          src: 'judgeCoupon',
          input: ({ event }) => {
            assertEvent(event, 'coupon.apply');
            return { couponCd: event.couponCode, contentsServiceId: serviceId };
          },
          // storeCoupon keeps an accepted coupon or the refusal's reason; either way back to the form.
          onDone: { target: 'applyForm', actions: { type: 'storeCoupon', params: ({ event }) => ({ response: event.output }) } },
          // A coupon is optional: a failed judgement only marks the coupon, the application goes on.
          onError: { target: 'applyForm', actions: 'markCouponUnavailable' },
        },
      },
      loadingPaymentMethods: {
        tags: [...applyPageTags, 'busy'],
        meta: pageMeta(ApplyPage, ['SPEC-7.payment-methods']),
        invoke: {
          id: 'loadPaymentMethods',
          src: 'loadPaymentMethods',
          input: ({ context }) => ({ sbSystemId: context.sbSystemId, contentsServiceId: serviceId }),
          onDone: {
            target: 'paymentSelect',
            actions: { type: 'storePaymentMethods', params: ({ event }) => ({ response: event.output }) },
          },
          onError: {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) },
          },
        },
      },
      paymentSelect: {
        tags: [...applyPageTags, 'persistable'],
        meta: pageMeta(ApplyPage, [
          'SPEC-4.payment-method-codes',
          'SPEC-4.mobile-bill.registration',
          'SPEC-4.request-types',
          'DEC.temp-credit-restore',
        ]),
        on: {
          'payment.select': [
            {
              guard: 'isMobileBillChosen',
              target: 'confirm',
              actions: ['chooseMobileBill', { type: 'notify', params: { notice: null } }],
            },
            {
              guard: 'isRegisteredCardChosen',
              target: 'confirm',
              actions: ['chooseRegisteredCard', { type: 'notify', params: { notice: null } }],
            },
            {
              guard: 'canRestoreTempCredit',
              target: 'confirm',
              actions: ['restoreTempCredit', { type: 'notify', params: { notice: null } }],
            },
            { guard: 'isNewCardChosen', target: 'cardProvider', actions: { type: 'notify', params: { notice: null } } },
          ],
          'wizard.back': 'applyForm',
        },
      },
      cardProvider: cardProviderStep({
        machineId,
        serviceId,
        page: ApplyPage,
        tags: applyPageTags,
        operationType: () => OperationType.Registration,
        returnTo: 'paymentSelect',
      }),
      confirm: {
        // Not persistable: the context may hold card token values (ADR 0024).
        tags: [...applyPageTags],
        meta: pageMeta(
          ApplyPage,
          ['SPEC-4.guards.apply-confirm', 'SPEC-4.guards.e9998', 'SPEC-5.card-mask', price],
          'お申し込み内容の確認',
        ),
        on: {
          // A new key per submitted content; only a resend of the same content reuses it.
          'confirm.submit': { target: 'otp', actions: 'assignRequestKey' },
          'wizard.back': 'paymentSelect',
        },
      },
      otp: otpStep(ApplyPage, applyPageTags),
      submitting: submittingStep({
        src: 'registerService',
        page: ApplyPage,
        tags: applyPageTags,
        requirements: ['SPEC-7.register-no-retry', 'DEC.idempotent-submit', 'SPEC-4.request-types'],
        body: (context: ApplyContext) => toRegisterRequest(serviceId, context),
        onErrorFirst: [cardUnusableOnSubmit('paymentSelect', ['clearCard'])],
      }),
      submitUnknown: submitUnknownStep(ApplyPage, applyPageTags),
      completed: {
        type: 'final',
        tags: [...backTags(CompletedPage), 'persistable'],
        meta: pageMeta(CompletedPage, ['SPEC-4.flows.apply', 'SPEC-2.no-back', price]),
      },
      failed: {
        type: 'final',
        tags: ['persistable'],
        meta: pageMeta(ErrorPage, ['SPEC-8.error-page', 'SPEC-8.w0011']),
      },
    },
  }), applyScxml(service));
}

/** What an SCXML interpreter runs for the apply flow's guards and the actions they depend on (ADR 0076). */
function applyScxml(service: ServiceDefinition): ScxmlSemantics {
  const confirmsMail = service.mailAddressOnlyFailure === 'confirm';
  const offers = (method: SelectableMethod) => `paymentMethods.some(function (m) { return m.value === ${js(method)}; })`;
  const chosen = (method: SelectableMethod) => `_event.data.method === ${js(method)}`;
  const noTokens: ScxmlAssigns = [
    ['applyInfo.tokenPAN', 'null'],
    ['applyInfo.tokenPanEffectiveDate', 'null'],
    ['applyInfo.checkRequestValidityToken', 'null'],
  ];
  const hasTokens = (path: string) =>
    `${path}.tokenPAN !== null && ${path}.tokenPanEffectiveDate !== null && ${path}.checkRequestValidityToken !== null`;
  const newCard = js(requestTypeForOperation(OperationType.Registration));
  return {
    guards: {
      isEligible: { cond: confirmsMail ? judgementOkExpr : `${judgementOkExpr} || ${mailAddressOnlyFailureExpr}` },
      ...(confirmsMail ? { isMailConfirmationNeeded: { cond: mailAddressOnlyFailureExpr } } : {}),
      ...(service.plans.length > 1
        ? { isOfferedPlan: { cond: `${js(service.plans.map((plan) => plan.planId))}.indexOf(_event.data.planId) >= 0` } }
        : {}),
      canRetryJudgement: { cond: `${retryableFailureExpr} && judgeRetries < ${EntryJudgementRetry.maxRetries}`, reads: ['judgeRetries'] },
      hasConsented: { cond: 'applyInfo.consented === true', reads: ['applyInfo'] },
      isMobileBillChosen: { cond: `${chosen(PaymentMethod.WithMobile)} && ${offers(PaymentMethod.WithMobile)}`, reads: ['paymentMethods'] },
      isRegisteredCardChosen: { cond: `${chosen(PaymentMethod.CreditCard)} && ${offers(PaymentMethod.CreditCard)}`, reads: ['paymentMethods'] },
      canRestoreTempCredit: {
        cond: `${chosen(PaymentMethod.NewCreditCard)} && applyInfo.tempCredit !== null && ${hasTokens('applyInfo.tempCredit')}`,
        reads: ['applyInfo'],
      },
      isNewCardChosen: { cond: `${chosen(PaymentMethod.NewCreditCard)} && ${offers(PaymentMethod.NewCreditCard)}`, reads: ['paymentMethods'] },
      ...cardOutcomeConds,
      ...otpOutcomeConds,
      ...submitErrorConds,
      ...(confirmsMail ? mailConfirmationConds : {}),
    },
    actions: {
      resetJudgement: [['judgeRetries', '0']],
      countJudgeRetry: [['judgeRetries', 'judgeRetries + 1']],
      choosePlan: [['applyInfo.planId', '_event.data.planId']],
      toggleConsent: [['applyInfo.consented', '_event.data.consented']],
      storePaymentMethods: [
        ['paymentMethods', '_event.data.paymentMethodList.slice().sort(function (a, b) { return a.value < b.value ? -1 : a.value > b.value ? 1 : 0; })'],
      ],
      // Spec section 4: for a registration, the card token values move to the temporary copy, then are cleared.
      chooseMobileBill: [
        [
          'applyInfo.tempCredit',
          `${hasTokens('applyInfo')} ? { tokenPAN: applyInfo.tokenPAN, tokenPanEffectiveDate: applyInfo.tokenPanEffectiveDate, checkRequestValidityToken: applyInfo.checkRequestValidityToken, last4: cardLast4 } : applyInfo.tempCredit`,
        ],
        ...noTokens,
        ['applyInfo.requestType', js(RequestType.RegisterByMobile)],
        ['applyInfo.paymentMethodValue', js(PaymentMethod.WithMobile)],
        ['cardLast4', 'null'],
      ],
      chooseRegisteredCard: [
        ...noTokens,
        ['applyInfo.requestType', js(RequestType.RegisterByCredit)],
        ['applyInfo.paymentMethodValue', js(PaymentMethod.CreditCard)],
        ['cardLast4', 'null'],
      ],
      restoreTempCredit: [
        ['applyInfo.tokenPAN', 'applyInfo.tempCredit.tokenPAN'],
        ['applyInfo.tokenPanEffectiveDate', 'applyInfo.tempCredit.tokenPanEffectiveDate'],
        ['applyInfo.checkRequestValidityToken', 'applyInfo.tempCredit.checkRequestValidityToken'],
        ['cardLast4', 'applyInfo.tempCredit.last4'],
        ['applyInfo.tempCredit', 'null'],
        ['applyInfo.requestType', newCard],
        ['applyInfo.paymentMethodValue', js(PaymentMethod.NewCreditCard)],
      ],
      clearCard: [...noTokens, ['applyInfo.requestType', 'null'], ['applyInfo.paymentMethodValue', js(PaymentMethod.Startup)], ['cardLast4', 'null']],
      storeNewCard: [
        ['applyInfo.tokenPAN', '_event.data.card.tokenPAN'],
        ['applyInfo.tokenPanEffectiveDate', '_event.data.card.tokenPanEffectiveDate'],
        ['applyInfo.checkRequestValidityToken', '_event.data.card.checkRequestValidityToken'],
        ['applyInfo.requestType', newCard],
        ['applyInfo.paymentMethodValue', js(PaymentMethod.NewCreditCard)],
        ['cardLast4', '_event.data.card.last4'],
      ],
    },
    invokeParams: { registerCard: { operationType: js(OperationType.Registration) } },
  };
}

export type ApplyFlowMachine = ReturnType<typeof createApplyFlow>;
