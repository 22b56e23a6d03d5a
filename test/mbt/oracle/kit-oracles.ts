/**
 * The apply, change-of-payment and resume flows of a service as the spec and the flow documents
 * state them (docs/flows/anshin-data-box.md sections 1, 2, 4 and 6; docs/flows/basket-live.md):
 * every transition with its rule, the request type and operation code each submit must carry
 * (spec section 4), the notices and error codes (section 8).
 */
import type { Invocation } from '../../../scripts/mbt/path-replay';
import { Stay, type FlowOracle, type OracleEvent, type SpecTransition } from './path-oracle';
import { EntryJudgement, SpecError, operationFor, requestTypeFor, type Choice, type Method, type PaymentAction } from './spec-codes';
import { errorCode, output, showsError, showsNotice, submitOutcomes } from './shared-rules';
import { flowPages, type SpecService } from './spec-pages';

type Contract = { readonly status: string; readonly method: Method | null; readonly planId: string | null };

export type KitFacts = {
  readonly contract: Contract | null;
  /** Payment methods the list offered (apply). */
  readonly offered: readonly string[];
  readonly consented: boolean;
  readonly plan: string;
  readonly retries: number;
  /** The payment the customer chose; null before a choice (or after it was reset). */
  readonly chosen: Choice | null;
  /** Holds a new card's token values. */
  readonly card: boolean;
  /** Apply: the card values moved aside by a mobile-bill choice (section 4). */
  readonly tempCredit: boolean;
  /** Cancel: the way of cancelling chosen (request type 03 to 06). */
  readonly cancelType: string | null;
};

const fresh = (plan: string): KitFacts => ({
  contract: null,
  offered: [],
  consented: false,
  plan,
  retries: 0,
  chosen: null,
  card: false,
  tempCredit: false,
  cancelType: null,
});

type Rule = SpecTransition<KitFacts>;

const outcome = (event: OracleEvent) => output(event).outcome;

function contractOf(event: OracleEvent): Contract {
  const out = output(event);
  return { status: String(out.status), method: (out.paymentMethod as Method | null) ?? null, planId: (out.planId as string | null) ?? null };
}


/** The card provider round trip (flow documents section 6): returns to `back`, or to `confirm` with a card. */
function cardRoundTrip(back: string): Rule[] {
  const done = 'xstate.done.actor.registerCard';
  return [
    { rule: 'DEC card provider: the provider page opened', from: 'cardProvider.opening', on: 'provider.opened', to: 'cardProvider.away' },
    { rule: 'DEC card provider: back from the provider', from: 'cardProvider.away', on: 'provider.returned', to: 'cardProvider.verifying' },
    { rule: `DEC card provider: browser Back returns to ${back}`, from: 'cardProvider.away', on: 'wizard.back', to: back },
    {
      rule: 'section 4: a registered new card goes to the confirmation',
      from: 'cardProvider',
      on: done,
      when: (_, e) => outcome(e) === 'registered',
      to: 'confirm',
      then: (f) => ({ ...f, chosen: '99', card: true }),
    },
    {
      rule: `section 8 W0008: an unusable card returns to ${back} with W0008`,
      from: 'cardProvider',
      on: done,
      when: (_, e) => outcome(e) === 'unusable',
      to: back,
      shows: showsNotice(SpecError.CardUnusable),
    },
    { rule: `section 2: a cancel at the provider returns to ${back}`, from: 'cardProvider', on: done, when: (_, e) => outcome(e) === 'cancelled', to: back },
    { rule: 'section 8: a failed card round trip goes to the error page', from: 'cardProvider', on: done, when: (_, e) => outcome(e) === 'failed', to: 'failed' },
    { rule: 'section 8: a crashed card round trip goes to the error page', from: 'cardProvider', on: 'xstate.error.actor.registerCard', to: 'failed' },
  ];
}

/** The one-time password over the confirmation (ADR 0025) and the submit (section 7: no retry). */
function otpAndSubmit(src: string, afterUnusable: string, reset: (f: KitFacts) => KitFacts): Rule[] {
  const done = 'xstate.done.actor.verifyContact';
  return [
    ...['otp.send', 'otp.submit', 'otp.resend', 'otp.cancel'].map(
      (on): Rule => ({ rule: `ADR 0025: ${on} goes to the one-time password`, from: 'otp', on, to: Stay }),
    ),
    { rule: 'ADR 0025: a verified contact submits', from: 'otp', on: done, when: (_, e) => outcome(e) === 'verified', to: 'submitting' },
    { rule: 'ADR 0025: a cancelled one-time password returns to the confirmation', from: 'otp', on: done, when: (_, e) => outcome(e) === 'cancelled', to: 'confirm' },
    {
      rule: 'section 8 W0011: a locked one-time password ends on the error page with W0011',
      from: 'otp',
      on: done,
      when: (_, e) => outcome(e) === 'locked',
      to: 'failed',
      shows: showsError(SpecError.OtpLocked),
    },
    { rule: 'section 8: a failed one-time password goes to the error page', from: 'otp', on: done, when: (_, e) => outcome(e) === 'failed', to: 'failed' },
    { rule: 'section 8: a crashed one-time password goes to the error page', from: 'otp', on: 'xstate.error.actor.verifyContact', to: 'failed' },
    {
      rule: `section 8 W0008: a card refused at submit returns to ${afterUnusable} with W0008`,
      from: 'submitting',
      on: `xstate.error.actor.${src}`,
      when: (_, e) => errorCode(e) === SpecError.CardUnusable,
      to: afterUnusable,
      then: reset,
      shows: showsNotice(SpecError.CardUnusable),
    },
    ...submitOutcomes<KitFacts>(src),
  ];
}

function loadContract(to: string): Rule[] {
  return [
    { rule: `section 2: the contract loads, then ${to}`, from: 'loading', on: 'xstate.done.actor.loadContract', to, then: (f, e) => ({ ...f, contract: contractOf(e) }) },
    { rule: 'section 8: a failed contract load goes to the error page', from: 'loading', on: 'xstate.error.actor.loadContract', to: 'failed' },
  ];
}

/** What a payment flow must send: the operation code to the card provider, the request type in the submit. */
function paymentInvocation(action: PaymentAction, service: SpecService, submitSrc: string) {
  return (invocation: Invocation, facts: KitFacts): string | undefined => {
    const current = facts.contract?.method ?? null;
    const input = invocation.input as Record<string, unknown>;
    if (invocation.src === 'registerCard') {
      const expected = operationFor(action, current);
      return input.operationType === expected
        ? undefined
        : `section 4 operation codes: ${action} from ${String(current)} opens the card provider with operation ${expected}, the machine sent ${String(input.operationType)}`;
    }
    if (invocation.src !== submitSrc) return undefined;
    const body = input.body as Record<string, unknown>;
    const expected = facts.chosen === null ? undefined : requestTypeFor(action, current, facts.chosen);
    const plan = action === 'apply' ? facts.plan : facts.contract?.planId;
    const problems = [
      body.requestType === expected
        ? undefined
        : `section 4 request types: ${action} from ${String(current)} choosing ${String(facts.chosen)} submits request type ${String(expected)}, the machine sent ${String(body.requestType)}`,
      body.serviceId === service.serviceId ? undefined : `section 3: service ${service.serviceId}, the machine sent ${String(body.serviceId)}`,
      body.planId === plan ? undefined : `section 3: plan ${String(plan)}, the machine sent ${String(body.planId)}`,
      // Section 4, mobile-bill selection: the card token values are cleared.
      facts.chosen === '01' && body.tokenPAN !== null ? 'section 4 mobile-bill selection: the card token values are cleared, the machine sent a tokenPAN' : undefined,
      facts.chosen === '99' && body.tokenPAN == null ? 'section 3: a new card is submitted with its tokenPAN, the machine sent none' : undefined,
    ].filter((problem): problem is string => problem !== undefined);
    return problems.length === 0 ? undefined : problems.join('; ');
  };
}

/**
 * The request type the flow holds on its pages must be the one the spec gives (section 4),
 * exactly: `expected` answers for the steps that hold one, undefined for the others.
 */
function holdsRequestType(info: string, expected: (step: string, facts: KitFacts) => string | null | undefined) {
  return (after: { context: unknown }, step: string, facts: KitFacts): string | undefined => {
    const want = expected(step, facts);
    if (want === undefined) return undefined;
    const held = ((after.context as Record<string, { requestType?: unknown }>)[info] ?? {}).requestType;
    return held === want ? undefined : `section 4 request types: on ${step} the ${info} must hold request type ${String(want)}, it holds ${String(held)}`;
  };
}

const atOrAfter = (steps: readonly string[]) => (step: string) => steps.some((s) => step === s || step.startsWith(`${s}.`));

const methodOf = (e: OracleEvent) => e.method as string;
const isMailOnlyFailure = (response: Record<string, unknown>) => {
  const ngList = (response.ngList ?? []) as { parameter: string }[];
  return response.result !== 'OK' && ngList.length > 0 && ngList.every((ng) => ng.parameter === EntryJudgement.mailAddressParameter);
};
const isRetryable = (response: Record<string, unknown>) =>
  ((response.ngList ?? []) as { parameter: string }[]).some((ng) => (EntryJudgement.retriedParameters as readonly string[]).includes(ng.parameter));

export function applyOracle(flowId: string, service: SpecService): FlowOracle<KitFacts> {
  const judged = 'xstate.done.actor.judgeEntry';
  const confirmsMail = service.mailOnlyFailure === 'confirm';
  const mailDone = 'xstate.done.actor.mailConfirmation';
  const transitions: Rule[] = [
    { rule: 'section 4: apply from the landing starts the entry judgement', from: 'landing', on: 'wizard.next', to: 'judging', then: (f) => ({ ...f, retries: 0 }) },
    { rule: 'section 5: an eligible customer goes to the apply page', from: 'judging', on: judged, when: (_, e) => output(e).result === 'OK', to: 'applyForm' },
    confirmsMail
      ? { rule: 'docs/flows/basket-live.md: a mail-address-only failure goes to the mail-address confirmation', from: 'judging', on: judged, when: (_, e) => isMailOnlyFailure(output(e)), to: 'mailConfirmation' }
      : { rule: 'section 5: the data-box service ignores a mail-address-only failure', from: 'judging', on: judged, when: (_, e) => isMailOnlyFailure(output(e)), to: 'applyForm' },
    {
      rule: 'section 7: the entry judgement is retried up to 4 times while a listed parameter fails',
      from: 'judging',
      on: judged,
      when: (f, e) => isRetryable(output(e)) && f.retries < EntryJudgement.maxRetries,
      to: 'judgeRetryWait',
      then: (f) => ({ ...f, retries: f.retries + 1 }),
    },
    { rule: 'section 5: an ineligible customer sees the reasons', from: 'judging', on: judged, to: 'ineligible' },
    { rule: 'section 8: a failed entry judgement goes to the error page', from: 'judging', on: 'xstate.error.actor.judgeEntry', to: 'failed' },
    { rule: 'section 9: the entry judgement is retried 250 ms later', from: 'judgeRetryWait', on: 'xstate.after.judgeRetryDelay', to: 'judging' },
    { rule: 'docs/flows: back from the reasons to the landing', from: 'ineligible', on: 'wizard.back', to: 'landing' },
    ...(confirmsMail
      ? ([
          { rule: 'docs/flows/basket-live.md: a confirmed address is judged again', from: 'mailConfirmation', on: mailDone, when: (_, e) => outcome(e) === 'confirmed', to: 'judging' },
          { rule: 'docs/flows/basket-live.md: a cancelled confirmation returns to the landing', from: 'mailConfirmation', on: mailDone, when: (_, e) => outcome(e) === 'cancelled', to: 'landing' },
          { rule: 'section 8: a failed confirmation goes to the error page', from: 'mailConfirmation', on: mailDone, to: 'failed' },
          { rule: 'section 8: a crashed confirmation goes to the error page', from: 'mailConfirmation', on: 'xstate.error.actor.mailConfirmation', to: 'failed' },
          ...['mail.enter', 'mail.confirm', 'mail.cancel', 'otp.send', 'otp.submit', 'otp.resend', 'otp.cancel'].map(
            (on): Rule => ({ rule: `docs/flows/basket-live.md: ${on} goes to the mail-address confirmation`, from: 'mailConfirmation', on, to: Stay }),
          ),
        ] satisfies Rule[])
      : []),
    ...(service.plans.length > 1
      ? [
          {
            rule: 'section 3: one of the service\'s plans may be chosen',
            from: 'applyForm',
            on: 'plan.select',
            when: (_: KitFacts, e: OracleEvent) => (service.plans as readonly string[]).includes(e.planId as string),
            to: Stay,
            then: (f: KitFacts, e: OracleEvent) => ({ ...f, plan: e.planId as string }),
          } satisfies Rule,
        ]
      : []),
    { rule: 'section 3: the consent flag follows the checkbox', from: 'applyForm', on: 'consent.toggle', to: Stay, then: (f, e) => ({ ...f, consented: e.consented === true }) },
    { rule: 'section 7: a coupon code is judged', from: 'applyForm', on: 'coupon.apply', to: 'couponJudging' },
    { rule: 'section 3: a coupon may be cleared', from: 'applyForm', on: 'coupon.clear', to: Stay },
    { rule: 'section 5: the payment choice needs the consent', from: 'applyForm', on: 'wizard.next', when: (f) => f.consented, to: 'loadingPaymentMethods' },
    { rule: 'docs/flows: back from the apply page to the landing', from: 'applyForm', on: 'wizard.back', to: 'landing' },
    { rule: 'section 7: a judged coupon returns to the apply page', from: 'couponJudging', on: 'xstate.done.actor.judgeCoupon', to: 'applyForm' },
    { rule: 'docs/flows: a coupon that cannot be judged leaves the application going', from: 'couponJudging', on: 'xstate.error.actor.judgeCoupon', to: 'applyForm' },
    {
      rule: 'section 3: the payment method list loads',
      from: 'loadingPaymentMethods',
      on: 'xstate.done.actor.loadPaymentMethods',
      to: 'paymentSelect',
      then: (f, e) => ({ ...f, offered: ((output(e).paymentMethodList ?? []) as { value: string }[]).map((m) => m.value) }),
    },
    { rule: 'section 8: a failed payment method list goes to the error page', from: 'loadingPaymentMethods', on: 'xstate.error.actor.loadPaymentMethods', to: 'failed' },
    {
      rule: 'section 4 mobile-bill selection (registration): 01 moves the card values aside and confirms',
      from: 'paymentSelect',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '01' && f.offered.includes('01'),
      to: 'confirm',
      then: (f) => ({ ...f, chosen: '01', card: false, tempCredit: f.tempCredit || f.card }),
    },
    {
      rule: 'docs/flows: a registered card (02), when offered, confirms',
      from: 'paymentSelect',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '02' && f.offered.includes('02'),
      to: 'confirm',
      then: (f) => ({ ...f, chosen: '02', card: false }),
    },
    {
      rule: 'docs/flows: a new card (99) after the mobile bill restores the card moved aside',
      from: 'paymentSelect',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '99' && f.tempCredit,
      to: 'confirm',
      then: (f) => ({ ...f, chosen: '99', card: true, tempCredit: false }),
    },
    {
      rule: 'section 4: a new card (99) goes to the card provider',
      from: 'paymentSelect',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '99' && f.offered.includes('99'),
      to: 'cardProvider',
      then: (f) => ({ ...f, card: false }),
    },
    { rule: 'docs/flows: back from the payment choice to the apply form', from: 'paymentSelect', on: 'wizard.back', to: 'applyForm' },
    ...cardRoundTrip('paymentSelect'),
    { rule: 'section 4: the confirmation leads to the one-time password', from: 'confirm', on: 'confirm.submit', to: 'otp' },
    { rule: 'docs/flows: back from the confirmation to the payment choice', from: 'confirm', on: 'wizard.back', to: 'paymentSelect' },
    ...otpAndSubmit('registerService', 'paymentSelect', (f) => ({ ...f, chosen: null, card: false })),
  ];
  return {
    flowId,
    pages: flowPages[flowId] ?? { steps: {}, entry: [] },
    initial: () => ({ step: 'landing', facts: fresh(service.plans[0]) }),
    transitions,
    everyStep: holdsRequestType('applyInfo', (step, f) =>
      atOrAfter(['confirm', 'otp', 'submitting', 'submitUnknown', 'completed'])(step) && f.chosen !== null ? requestTypeFor('apply', null, f.chosen) : undefined,
    ),
    invocation: paymentInvocation('apply', service, 'registerService'),
  };
}

const labelled = (e: OracleEvent) => typeof e.label === 'string' && e.label.trim() !== '';

export function changePaymentOracle(flowId: string, service: SpecService): FlowOracle<KitFacts> {
  const transitions: Rule[] = [
    ...loadContract('detail'),
    {
      rule: 'ADR 0009 (docs/flows section 2): the payment of an active or reserved contract may change',
      from: 'detail',
      on: 'wizard.next',
      when: (f) => f.contract !== null && f.contract.method !== null && ['active', 'withdrawal_reserved'].includes(f.contract.status),
      to: 'paymentSelect',
      then: (f) => ({ ...f, chosen: null, card: false }),
    },
    {
      rule: 'section 4: credit to mobile needs a card contract and a non-empty payment label',
      from: 'paymentSelect',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '01' && f.contract?.method === '02' && labelled(e),
      to: 'confirm',
      then: (f) => ({ ...f, chosen: '01', card: false }),
    },
    { rule: 'section 4: a new card (99) goes to the card provider', from: 'paymentSelect', on: 'payment.select', when: (_, e) => methodOf(e) === '99', to: 'cardProvider', then: (f) => ({ ...f, card: false }) },
    { rule: 'docs/flows section 2: back from the payment change to the contract', from: 'paymentSelect', on: 'wizard.back', to: 'detail' },
    ...cardRoundTrip('paymentSelect'),
    { rule: 'section 4: the confirmation leads to the one-time password', from: 'confirm', on: 'confirm.submit', to: 'otp' },
    { rule: 'docs/flows section 2: back from the confirmation to the payment change', from: 'confirm', on: 'wizard.back', to: 'paymentSelect' },
    ...otpAndSubmit('updateContract', 'paymentSelect', (f) => ({ ...f, chosen: null, card: false })),
  ];
  return {
    flowId,
    pages: flowPages[flowId] ?? { steps: {}, entry: [] },
    initial: () => ({ step: 'loading', facts: fresh(service.plans[0]) }),
    transitions,
    // docs/flows section 2: entering the payment page sets the change provisionally, 07 from a card, 09 from the mobile bill.
    everyStep: holdsRequestType('changeInfo', (step, f) => {
      if (!atOrAfter(['paymentSelect', 'cardProvider', 'confirm', 'otp', 'submitting', 'submitUnknown', 'completed'])(step)) return undefined;
      const current = f.contract?.method ?? null;
      return f.chosen === null ? (current === '02' ? '07' : '09') : requestTypeFor('changePayment', current, f.chosen);
    }),
    invocation: paymentInvocation('changePayment', service, 'updateContract'),
  };
}

export function resumeOracle(flowId: string, service: SpecService): FlowOracle<KitFacts> {
  const transitions: Rule[] = [
    ...loadContract('confirm'),
    {
      rule: 'docs/flows section 4: the current method may be kept (no request type)',
      from: 'confirm',
      on: 'payment.select',
      when: (f, e) => f.contract?.method != null && methodOf(e) === f.contract.method,
      to: Stay,
      then: (f) => ({ ...f, chosen: 'keep', card: false }),
    },
    {
      rule: 'section 4: credit to mobile needs a card contract and a non-empty payment label',
      from: 'confirm',
      on: 'payment.select',
      when: (f, e) => methodOf(e) === '01' && f.contract?.method === '02' && labelled(e),
      to: Stay,
      then: (f) => ({ ...f, chosen: '01', card: false }),
    },
    { rule: 'section 4: a new card (99) goes to the card provider', from: 'confirm', on: 'payment.select', when: (_, e) => methodOf(e) === '99', to: 'cardProvider', then: (f) => ({ ...f, chosen: null, card: false }) },
    {
      rule: 'section 4: only a suspended contract resumes, once a payment is chosen',
      from: 'confirm',
      on: 'confirm.submit',
      when: (f) => f.contract?.status === 'suspended' && f.chosen !== null,
      to: 'otp',
    },
    ...cardRoundTrip('confirm'),
    ...otpAndSubmit('updateContract', 'confirm', (f) => ({ ...f, chosen: null, card: false })),
  ];
  return {
    flowId,
    pages: flowPages[flowId] ?? { steps: {}, entry: [] },
    initial: () => ({ step: 'loading', facts: fresh(service.plans[0]) }),
    transitions,
    everyStep: holdsRequestType('resumeInfo', (step, f) =>
      atOrAfter(['confirm', 'otp', 'submitting', 'submitUnknown', 'completed'])(step) && f.chosen !== null
        ? requestTypeFor('resume', f.contract?.method ?? null, f.chosen)
        : undefined,
    ),
    invocation: paymentInvocation('resume', service, 'updateContract'),
  };
}

/**
 * The ways of cancelling by contract status, the first the default (docs/flows: data storage and
 * basket live section 3, in-store support's table of ADR 0072): 03 withdrawal, 04 reservation at
 * month end, 05 reservation cancel, 06 reservation on the reckoning date (section 4).
 */
function cancelTypes(service: SpecService, status: string | undefined): readonly string[] {
  if (status === 'active') return service.serviceId === '237' ? ['04', '06', '03'] : ['04', '03'];
  if (status === 'withdrawal_reserved') return ['05'];
  if (status === 'suspended') return ['03'];
  return [];
}

export function cancelOracle(flowId: string, service: SpecService): FlowOracle<KitFacts> {
  const submit = 'updateContract';
  const transitions: Rule[] = [
    ...loadContract('inform'),
    {
      rule: 'docs/flows section 3: a contract with a way of cancelling goes on, the first way chosen',
      from: 'inform',
      on: 'wizard.next',
      when: (f) => cancelTypes(service, f.contract?.status).length > 0,
      to: 'confirm',
      then: (f) => ({ ...f, cancelType: cancelTypes(service, f.contract?.status)[0] ?? null }),
    },
    {
      rule: 'section 4 request types: only a way the contract status offers may be chosen',
      from: 'confirm',
      on: 'cancel.select',
      when: (f, e) => cancelTypes(service, f.contract?.status).includes(e.requestType as string),
      to: Stay,
      then: (f, e) => ({ ...f, cancelType: e.requestType as string }),
    },
    { rule: 'section 3 cancelInfo: the survey is answered on the confirmation', from: 'confirm', on: 'survey.answer', to: Stay },
    { rule: 'section 4: the cancel is submitted from Cancel/Confirm', from: 'confirm', on: 'confirm.submit', to: 'submitting' },
    { rule: 'docs/flows section 3: back from the confirmation to the information', from: 'confirm', on: 'wizard.back', to: 'inform' },
    // Section 4, "Cancel-complete requires Cancel/Confirm": the completed page follows only its submit.
    ...submitOutcomes<KitFacts>(submit),
  ];
  return {
    flowId,
    pages: flowPages[flowId] ?? { steps: {}, entry: [] },
    initial: () => ({ step: 'loading', facts: fresh(service.plans[0]) }),
    transitions,
    invocation: (invocation, facts) => {
      if (invocation.src !== submit) return undefined;
      const body = (invocation.input as { body: Record<string, unknown> }).body;
      const wrong = [
        body.requestType === facts.cancelType ? undefined : `section 4 request types: the cancel chosen is ${String(facts.cancelType)}, the machine sent ${String(body.requestType)}`,
        body.planId === facts.contract?.planId ? undefined : `section 3 cancelInfo: plan ${String(facts.contract?.planId)}, the machine sent ${String(body.planId)}`,
        body.serviceId === service.serviceId ? undefined : `section 3: service ${service.serviceId}, the machine sent ${String(body.serviceId)}`,
      ].filter((problem): problem is string => problem !== undefined);
      return wrong.length === 0 ? undefined : wrong.join('; ');
    },
  };
}
