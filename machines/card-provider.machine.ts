/**
 * Card provider round trip (カード決済事業者との往復), invoked by the data storage flows.
 * Spec sections 2 (/Payment/Redirect, /Payment/Cancel/Redirect), 4 (operation codes), 7
 * (POST payment/information); docs/flows/anshin-data-box.md section 6; ADR 0024.
 *
 * creatingSession -> away (external, nothing in flight; the app persists and leaves)
 *   -> provider.returned -> verifying (server says what happened) -> registered
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { OperationTypeValue, ServiceIdValue } from '../contracts/codes';
import { ErrorCode, type ErrorCodeValue } from '../contracts/error-catalogue';
import {
  ProviderOrderStatus,
  type CardToken,
  type PaymentInformationRequest,
  type PaymentInformationResponse,
  type ProviderOrder,
} from '../contracts/api/payment';
import { errorCodeOf } from './flow-errors';
import { js, withScxml } from './scxml-semantics';
import { stepMeta, type StateMeta } from './flow-meta';

export type ReturnUrls = { readonly orderDoneUrl: string; readonly cancelUrl: string };

export type CardProviderInput = {
  readonly sbSystemId: string;
  readonly contentsServiceId: ServiceIdValue;
  readonly operationType: OperationTypeValue;
  readonly returnUrls: ReturnUrls;
};

export type CardProviderOutput =
  | { readonly outcome: 'registered'; readonly card: CardToken }
  | { readonly outcome: 'cancelled' }
  | { readonly outcome: 'unusable' }
  | { readonly outcome: 'failed'; readonly errorCode: ErrorCodeValue | null };

export type CreatePaymentSessionInput = {
  readonly sbSystemId: string;
  readonly contentsServiceId: ServiceIdValue;
  readonly body: PaymentInformationRequest;
};

export type VerifyPaymentResultInput = {
  readonly sbSystemId: string;
  readonly contentsServiceId: ServiceIdValue;
  readonly orderId: string;
};

/** Which return page the customer came back through; never trusted: verifying the order decides. */
export type ProviderReturn = 'completed' | 'cancelled';

export type CardProviderEvent =
  | { type: 'provider.returned'; outcome: ProviderReturn }
  | { type: 'wizard.back' };

/** Sent to the invoking flow when the customer may be sent to the provider. */
export type ProviderOpenedEvent = { type: 'provider.opened'; redirectOrderUrl: string };

type CardProviderContext = CardProviderInput & {
  redirectOrderUrl: string | null;
  orderId: string | null;
  card: CardToken | null;
  errorCode: ErrorCodeValue | null;
  outcome: CardProviderOutput['outcome'] | null;
};

export const cardProviderMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as CardProviderInput,
    context: {} as CardProviderContext,
    events: {} as CardProviderEvent,
    output: {} as CardProviderOutput,
    tags: {} as 'busy' | 'external' | 'persistable',
    children: {} as { createPaymentSession: 'createPaymentSession'; verifyPaymentResult: 'verifyPaymentResult' },
  },
  actors: {
    createPaymentSession: fromPromise<PaymentInformationResponse, CreatePaymentSessionInput>(() => Promise.reject(new Error('createPaymentSession must be provided by the app'))),
    verifyPaymentResult: fromPromise<ProviderOrder, VerifyPaymentResultInput>(() => Promise.reject(new Error('verifyPaymentResult must be provided by the app'))),
  },
  actions: {
    storeSession: assign((_, params: { session: PaymentInformationResponse }) => ({
      redirectOrderUrl: params.session.redirectOrderUrl,
      orderId: params.session.orderId,
    })),
    storeCard: assign((_, params: { order: ProviderOrder }) => ({
      card: params.order.status === ProviderOrderStatus.Completed ? params.order.card : null,
    })),
    settle: assign((_, params: { outcome: CardProviderOutput['outcome'] }) => ({ outcome: params.outcome })),
    storeError: assign((_, params: { error: unknown }) => ({ errorCode: errorCodeOf(params.error) })),
    storeTimeout: assign((_, params: { errorCode: ErrorCodeValue }) => ({ errorCode: params.errorCode })),
    // Standalone (tests, tools) there is no host to tell.
    notifyHost: enqueueActions(({ context, self, enqueue }) => {
      if (self._parent && context.redirectOrderUrl !== null) {
        const opened: ProviderOpenedEvent = { type: 'provider.opened', redirectOrderUrl: context.redirectOrderUrl };
        enqueue.sendParent(opened);
      }
    }),
  },
  guards: {
    isOrderCompleted: (_, params: { order: ProviderOrder }) => params.order.status === ProviderOrderStatus.Completed,
    isOrderRejected: (_, params: { order: ProviderOrder }) => params.order.status === ProviderOrderStatus.Rejected,
    isOrderExpired: (_, params: { order: ProviderOrder }) => params.order.status === ProviderOrderStatus.Expired,
  },
}).createMachine({
  id: 'cardProvider',
  context: ({ input }) => ({
    ...input,
    redirectOrderUrl: null,
    orderId: null,
    card: null,
    errorCode: null,
    outcome: null,
  }),
  initial: 'creatingSession',
  states: {
    creatingSession: {
      tags: ['busy'],
      meta: stepMeta('カード決済画面の準備', ['SPEC-7.payment-information', 'SPEC-4.operation-codes']),
      invoke: {
        id: 'createPaymentSession',
        src: 'createPaymentSession',
        input: ({ context }) => ({
          sbSystemId: context.sbSystemId,
          contentsServiceId: context.contentsServiceId,
          body: {
            operationType: context.operationType,
            orderDoneUrl: context.returnUrls.orderDoneUrl,
            cancelUrl: context.returnUrls.cancelUrl,
          },
        }),
        onDone: { target: 'away', actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    away: {
      tags: ['external', 'persistable'],
      meta: stepMeta('カード決済事業者の画面', ['DEC.card-external', 'SPEC-7.payment-information']),
      entry: 'notifyHost',
      on: {
        'provider.returned': 'verifying',
        'wizard.back': 'cancelled',
      },
    },
    verifying: {
      tags: ['busy'],
      meta: stepMeta('カード決済結果の確認', ['DEC.card-verify']),
      invoke: {
        id: 'verifyPaymentResult',
        src: 'verifyPaymentResult',
        input: ({ context }) => ({
          sbSystemId: context.sbSystemId,
          contentsServiceId: context.contentsServiceId,
          orderId: context.orderId ?? '',
        }),
        onDone: [
          {
            guard: { type: 'isOrderCompleted', params: ({ event }) => ({ order: event.output }) },
            target: 'registered',
            actions: { type: 'storeCard', params: ({ event }) => ({ order: event.output }) },
          },
          {
            guard: { type: 'isOrderRejected', params: ({ event }) => ({ order: event.output }) },
            target: 'unusable',
          },
          // Abandoned at the provider too long: the inactivity timeout W0007, start again.
          {
            guard: { type: 'isOrderExpired', params: ({ event }) => ({ order: event.output }) },
            target: 'failed',
            actions: { type: 'storeTimeout', params: { errorCode: ErrorCode.InactivityTimeout } },
          },
          // Cancelled at the provider, or still pending: the customer chooses again.
          { target: 'cancelled' },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    registered: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'registered' } },
      meta: stepMeta('カードの登録完了', ['DEC.card-verify', 'SPEC-5.card-mask']),
    },
    cancelled: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'cancelled' } },
      meta: stepMeta('カード登録の中止', ['DEC.card-back']),
    },
    unusable: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'unusable' } },
      meta: stepMeta('ご利用いただけないカード', ['SPEC-8.w0008']),
    },
    failed: {
      type: 'final',
      entry: { type: 'settle', params: { outcome: 'failed' } },
      meta: stepMeta('カード決済画面のエラー', ['SPEC-8.error-page', 'SPEC-8.w0007']),
    },
  },
  output: ({ context }): CardProviderOutput => {
    switch (context.outcome) {
      case 'registered':
        return context.card ? { outcome: 'registered', card: context.card } : { outcome: 'failed', errorCode: null };
      case 'cancelled':
      case 'unusable':
        return { outcome: context.outcome };
      case 'failed':
      case null:
        return { outcome: 'failed', errorCode: context.errorCode };
    }
  },
}), {
  guards: {
    isOrderCompleted: { cond: `_event.data.status === ${js(ProviderOrderStatus.Completed)}` },
    isOrderRejected: { cond: `_event.data.status === ${js(ProviderOrderStatus.Rejected)}` },
    isOrderExpired: { cond: `_event.data.status === ${js(ProviderOrderStatus.Expired)}` },
  },
  done: {
    registered: { outcome: "'registered'", card: '_event.data.card' },
    cancelled: { outcome: "'cancelled'" },
    unusable: { outcome: "'unusable'" },
    failed: {
      outcome: "'failed'",
      errorCode: `_event.name === 'error.execution' ? _event.data.errorCode : ${js(ErrorCode.InactivityTimeout)}`,
    },
  },
});
