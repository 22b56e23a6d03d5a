/**
 * Steps every service flow shares: loading the contract, the card provider round trip
 * (ADR 0024), the one-time password (ADR 0025) and submitting with its unknown-outcome resend.
 * Each builder returns a state config that refers to implementations by name only; every flow
 * lists those names in its own setup(), so the exported charts show the same names in every flow.
 */
import { initialTransition, transition, type AnyStateMachine, type EventFromLogic, type InputFrom, type SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import type { OperationTypeValue, ServiceIdValue } from '../../contracts/codes';
import { ErrorCode } from '../../contracts/error-catalogue';
import type { CardProviderOutput } from '../card-provider.machine';
import { errorCodeOf } from '../flow-errors';
import { backTags, pageMeta, type FlowTag } from '../flow-meta';
import type { OtpOutput } from '../otp.machine';
import type { RequirementId } from '../requirements';
import type { ServiceFlowInput } from './shared';

type ContextArgs<TContext> = { readonly context: TContext };
type OutputArgs<TOutput> = { readonly event: { readonly output: TOutput } };
type ErrorArgs = { readonly event: { readonly error: unknown } };

type SubmitContext = ServiceFlowInput & { readonly requestKey: string | null };

const storeErrorOf = {
  type: 'storeError',
  params: ({ event }: ErrorArgs) => ({ errorCode: errorCodeOf(event.error) }),
} as const;

/** The actor failed without an output: no code to show. */
const storeNoError = { type: 'storeError', params: { errorCode: null } } as const;

/** The sub-flow ended in `failed`: its code, when it has one. */
const storeFailedOutput = {
  type: 'storeError',
  params: ({ event }: OutputArgs<CardProviderOutput | OtpOutput>) => ({
    errorCode: event.output.outcome === 'failed' ? event.output.errorCode : null,
  }),
} as const;

const notifyCardUnusable = { type: 'notify', params: { notice: ErrorCode.CardUnusable } } as const;

/** The event `loadContractStep` moves on with once the contract has loaded. */
export const contractLoaded = (contract: FlowContract) => ({ type: 'xstate.done.actor.loadContract', output: contract }) as const;

/** The done event of a flow's first read: xstate's, not one of the flow's own events. */
export type FirstReadDone = { readonly type: `xstate.done.actor.${string}`; readonly output: unknown };

/**
 * Where a flow stands once its first read has answered with `done`, computed without running it
 * (xstate's pure transitions): the state and context the app's run reaches with the same answer,
 * through the same transitions and actions. The server's first view of the flow's first page is
 * drawn from it (docs/decisions/0106-first-view-from-the-server.md).
 */
export function afterFirstRead<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>, done: FirstReadDone): SnapshotFrom<TMachine> {
  const [start] = initialTransition(machine, input);
  // The done event is xstate's, not one of the flow's own events: the type cannot name it.
  const [loaded] = transition(machine, start, done as unknown as EventFromLogic<TMachine>);
  return loaded;
}

/** Where a flow that starts with `loadContractStep` stands once `contract` has loaded. */
export function afterContractLoaded<TMachine extends AnyStateMachine>(machine: TMachine, input: InputFrom<TMachine>, contract: FlowContract): SnapshotFrom<TMachine> {
  return afterFirstRead(machine, input, contractLoaded(contract));
}

/** Loads the service's contract the flow acts on, then goes to `target`; a failed load ends in `failed`. */
export function loadContractStep<const TTarget extends string>(serviceId: ServiceIdValue, page: string, target: TTarget) {
  return {
    tags: ['busy'],
    meta: pageMeta(page, ['DEC.contract-load']),
    invoke: {
      id: 'loadContract',
      src: 'loadContract',
      input: ({ context }: ContextArgs<ServiceFlowInput>) => ({ sbSystemId: context.sbSystemId, serviceId }),
      onDone: {
        target,
        actions: { type: 'storeContract', params: ({ event }: OutputArgs<FlowContract>) => ({ contract: event.output }) },
      },
      onError: { target: 'failed', actions: storeErrorOf },
    },
  } as const;
}

/**
 * The card provider round trip, shown on `page`: a registered card goes to `confirm`, an unusable
 * card or a cancel back to `returnTo`, anything else to `failed`.
 */
export function cardProviderStep<TContext extends ServiceFlowInput, const TReturn extends string>(step: {
  readonly machineId: string;
  readonly serviceId: ServiceIdValue;
  readonly page: string;
  readonly tags: readonly FlowTag[];
  readonly operationType: (context: TContext) => OperationTypeValue;
  readonly returnTo: TReturn;
}) {
  const { page, tags, returnTo } = step;
  return {
    meta: pageMeta(page, ['SPEC-4.operation-codes', 'SPEC-7.payment-information']),
    entry: 'clearCard',
    invoke: {
      id: 'registerCard',
      src: 'registerCard',
      input: ({ context }: ContextArgs<TContext>) => ({
        sbSystemId: context.sbSystemId,
        contentsServiceId: step.serviceId,
        operationType: step.operationType(context),
        returnUrls: context.returnUrls,
      }),
      onDone: [
        {
          guard: { type: 'isCardRegistered', params: ({ event }: OutputArgs<CardProviderOutput>) => ({ output: event.output }) },
          target: 'confirm',
          actions: { type: 'storeNewCard', params: ({ event }: OutputArgs<CardProviderOutput>) => ({ output: event.output }) },
        },
        {
          guard: { type: 'isCardUnusable', params: ({ event }: OutputArgs<CardProviderOutput>) => ({ output: event.output }) },
          target: returnTo,
          actions: notifyCardUnusable,
        },
        {
          guard: { type: 'isProviderCancelled', params: ({ event }: OutputArgs<CardProviderOutput>) => ({ output: event.output }) },
          target: returnTo,
        },
        { target: 'failed', actions: storeFailedOutput },
      ],
      onError: { target: 'failed', actions: storeNoError },
    },
    initial: 'opening',
    states: {
      opening: {
        tags: [...tags, 'busy'],
        meta: pageMeta(page, ['SPEC-7.payment-information']),
        on: { 'provider.opened': { target: 'away', actions: 'storeRedirect' } },
      },
      away: {
        tags: [...tags, 'external', 'persistable'],
        meta: pageMeta(page, ['DEC.card-external', 'DEC.card-back']),
        on: {
          'provider.returned': { target: 'verifying', actions: 'forwardToProvider' },
          'wizard.back': `#${step.machineId}.${returnTo}`,
        },
      },
      verifying: {
        tags: [...tags, 'busy'],
        meta: pageMeta(page, ['DEC.card-verify']),
      },
    },
  } as const;
}

/** The customer's one-time password events, passed on to the running one-time password step (`forwardToOtp`). */
export const otpForwarding = {
  'otp.send': { actions: 'forwardToOtp' },
  'otp.submit': { actions: 'forwardToOtp' },
  'otp.resend': { actions: 'forwardToOtp' },
  'otp.cancel': { actions: 'forwardToOtp' },
} as const;

/**
 * The one-time password over the confirm page (ADR 0025): verified goes to `submitting`,
 * cancelled back to `confirm`, locked or failed to `failed`.
 */
export function otpStep(page: string, tags: readonly FlowTag[]) {
  return {
    tags: [...tags],
    meta: pageMeta(page, ['DEC.otp-required']),
    invoke: {
      id: 'verifyContact',
      src: 'verifyContact',
      input: ({ context }: ContextArgs<ServiceFlowInput>) => ({
        sbSystemId: context.sbSystemId,
        mailAddress: context.contact.mailAddress,
        phoneNumber: context.contact.phoneNumber,
      }),
      onDone: [
        { guard: { type: 'isOtpVerified', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) }, target: 'submitting' },
        { guard: { type: 'isOtpCancelled', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) }, target: 'confirm' },
        {
          guard: { type: 'isOtpLocked', params: ({ event }: OutputArgs<OtpOutput>) => ({ output: event.output }) },
          target: 'failed',
          actions: { type: 'storeError', params: { errorCode: ErrorCode.OtpLocked } },
        },
        { target: 'failed', actions: storeFailedOutput },
      ],
      onError: { target: 'failed', actions: storeNoError },
    },
    on: otpForwarding,
  } as const;
}

const unknownOutcome = {
  guard: { type: 'isOutcomeUnknown', params: ({ event }: ErrorArgs) => ({ error: event.error }) },
  target: 'submitUnknown',
} as const;

const submitFailed = { target: 'failed', actions: storeErrorOf } as const;

/** An unusable card rejected at submit: back to `target` after the `reset` actions, with the notice. */
export function cardUnusableOnSubmit<const TTarget extends string, const TReset extends readonly string[]>(
  target: TTarget,
  reset: TReset,
) {
  return {
    guard: { type: 'isCardUnusableError', params: ({ event }: ErrorArgs) => ({ error: event.error }) },
    target,
    actions: [...reset, notifyCardUnusable],
  } as const;
}

/**
 * Sends the flow's request once under its request key (spec section 7: no retry). A rejection
 * is first offered to `onErrorFirst` (the flow's own branches), then an unknown outcome goes to
 * `submitUnknown` and anything else to `failed`.
 */
export function submittingStep<TContext extends SubmitContext, const TSrc extends string, TBody, const TFirst extends readonly object[]>(step: {
  readonly src: TSrc;
  readonly page: string;
  readonly tags: readonly FlowTag[];
  readonly requirements: readonly RequirementId[];
  readonly body: (context: TContext) => TBody;
  readonly onErrorFirst: TFirst;
}) {
  return {
    tags: [...step.tags, 'busy'],
    meta: pageMeta(step.page, step.requirements),
    invoke: {
      id: step.src,
      src: step.src,
      input: ({ context }: ContextArgs<TContext>) => ({
        sbSystemId: context.sbSystemId,
        requestKey: context.requestKey ?? '',
        body: step.body(context),
      }),
      onDone: {
        target: 'completed',
        actions: { type: 'storeReceipt', params: ({ event }: OutputArgs<ContractReceipt>) => ({ receipt: event.output }) },
      },
      onError: [...step.onErrorFirst, unknownOutcome, submitFailed],
    },
  } as const;
}

/** The outcome of a submit is unknown: the customer may resend it under the same request key. */
export function submitUnknownStep(page: string, tags: readonly FlowTag[]) {
  return {
    tags: [...tags],
    meta: pageMeta(page, ['DEC.idempotent-submit']),
    on: { 'error.retry': 'submitting' },
  } as const;
}

/**
 * How a change of payment and a resume end: the submit's unknown outcome on the confirmation
 * page, the completed page, and the error page (W0011 for a refused submit, W0008 for a locked
 * one-time password).
 */
export function closingSteps(step: { page: string; tags: readonly FlowTag[]; completedPage: string; requirement: RequirementId }) {
  return {
    submitUnknown: submitUnknownStep(step.page, step.tags),
    completed: {
      type: 'final',
      tags: [...backTags(step.completedPage), 'persistable'],
      meta: pageMeta(step.completedPage, [step.requirement, 'SPEC-2.no-back']),
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta('/Error', ['SPEC-8.error-page', 'SPEC-8.w0011', 'SPEC-8.w0008']),
    },
  } as const;
}
