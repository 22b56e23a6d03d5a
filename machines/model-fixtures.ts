/**
 * Payloads the flow models send: one per guarded branch and per invoke outcome. Shared by the
 * registry entries of the data storage flows and their sub-flows.
 */
import { ErrorCode, type ErrorCodeValue } from '../contracts/error-catalogue';
import type { ContractReceipt } from '../contracts/api/service-requests';
import type { CardToken } from '../contracts/api/payment';
import type { EventObject } from 'xstate';

/** An event of a model: its type plus the payload one guarded branch or invoke outcome needs. */
export type ModelEvent = EventObject & Record<string, unknown>;

export function modelEvents(...events: ModelEvent[]): ModelEvent[] {
  return events;
}

export const sampleCard: CardToken = {
  tokenPAN: 'tok_4242424242424242',
  tokenPanEffectiveDate: '203012',
  checkRequestValidityToken: 'crv_0001',
  last4: '4242',
};

export const sampleReceipt: ContractReceipt = {
  serviceId: '223',
  status: 'active',
  effectiveDate: '2026-11-21',
  acceptedAt: '2026-11-21T10:00:00+09:00',
};

export const sampleInput = {
  sbSystemId: '1000000001',
  contact: { mailAddress: 'taro@example.jp', phoneNumber: '09012345678' },
  returnUrls: {
    orderDoneUrl: 'https://portal.example.jp/Payment/Redirect?flowId=f1',
    cancelUrl: 'https://portal.example.jp/Payment/Cancel/Redirect?flowId=f1',
  },
} as const;

/** A rejection as the app's API client makes one (ADR 0015): HTTP status and the spec's errorCode. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly errorCode?: ErrorCodeValue,
  ) {
    super(`HTTP ${status}${errorCode === undefined ? '' : ` ${errorCode}`}`);
  }
}

export const failures = {
  cardUnusable: new ApiFailure(402, ErrorCode.CardUnusable),
  statusForbids: new ApiFailure(409, ErrorCode.StatusForbidsProcedure),
  congestion: new ApiFailure(429, ErrorCode.Congestion),
  /** No errorCode: our timeout, a network failure or a 5xx without body; the outcome is unknown. */
  unknown: new ApiFailure(504),
} as const;

export function cardProviderEvents(id: string): ModelEvent[] {
  return [
    { type: 'provider.opened', redirectOrderUrl: 'https://card.example.jp/order/o-1' },
    { type: 'provider.returned', outcome: 'completed' },
    { type: 'provider.returned', outcome: 'cancelled' },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'registered', card: sampleCard } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'cancelled' } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'unusable' } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'failed', errorCode: null } },
    { type: `xstate.error.actor.${id}`, error: new Error('card provider machine crashed') },
  ];
}

export function otpEvents(id: string): ModelEvent[] {
  return [
    { type: 'otp.send', channel: 'email' },
    { type: 'otp.submit', code: '123456' },
    { type: 'otp.resend' },
    { type: 'otp.cancel' },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'verified' } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'cancelled' } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'locked' } },
    { type: `xstate.done.actor.${id}`, output: { outcome: 'failed', errorCode: null } },
    { type: `xstate.error.actor.${id}`, error: new Error('otp machine crashed') },
  ];
}

export function submitEvents(id: string): ModelEvent[] {
  return [
    { type: 'confirm.submit' },
    { type: 'error.retry' },
    { type: `xstate.done.actor.${id}`, output: sampleReceipt },
    { type: `xstate.error.actor.${id}`, error: failures.cardUnusable },
    { type: `xstate.error.actor.${id}`, error: failures.unknown },
    { type: `xstate.error.actor.${id}`, error: failures.statusForbids },
  ];
}
