/**
 * The login history (sign_in_events): every sign-in attempt, success or failure, with the
 * device and address it came from. Failure reasons are fixed codes, never free text.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { signInEvents } from '../db/schema';

export const FailureReason = {
  InvalidCredentials: 'invalid_credentials',
  StateMismatch: 'state_mismatch',
  MissingTransaction: 'missing_transaction',
  AcrNotMet: 'acr_not_met',
  ProviderError: 'provider_error',
  AccessDenied: 'access_denied',
  TokenRejected: 'token_rejected',
  UnknownSubject: 'unknown_subject',
} as const;
export type FailureReasonValue = (typeof FailureReason)[keyof typeof FailureReason];

export type SignInEvent =
  | { result: 'success'; sbSystemId: string; loginId: string; attempt: number }
  | { result: 'failure'; reason: FailureReasonValue; sbSystemId?: string; loginId: string; attempt: number };

const maxUserAgentLength = 512;

export async function recordSignInEvent(db: Db, request: FastifyRequest, event: SignInEvent): Promise<void> {
  await db.insert(signInEvents).values({
    sbSystemId: event.sbSystemId ?? null,
    loginId: event.loginId.slice(0, 128),
    result: event.result,
    reason: event.result === 'failure' ? event.reason : null,
    userAgent: (request.headers['user-agent'] ?? '').slice(0, maxUserAgentLength),
    ip: request.ip,
    attempt: event.attempt,
  });
}
