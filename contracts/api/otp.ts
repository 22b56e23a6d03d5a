/** One-time password by e-mail or SMS (spec sections 4, 7, 8). */
import { z } from 'zod';
import { ErrorCode } from '../error-catalogue';
import { CustomerParams, NoQuery, defineEndpoint } from '../endpoint';
import { ContactChangeOtpPurpose } from './account-contact';
import { ConfirmableMailAddressSchema, MailConfirmationOtpPurpose } from './mail-address-confirmation';

export const OtpSendRequestSchema = z.union([
  z.object({ mailAddress: z.email() }).strict(),
  // Ours: a code that proves an address not yet confirmed (mail-address-confirmation.ts, ADR 0063).
  z.object({ mailAddress: ConfirmableMailAddressSchema, purpose: z.literal(MailConfirmationOtpPurpose) }).strict(),
  z.object({ phoneNumber: z.string().regex(/^0[789]0[0-9]{8}$/), type: z.literal('SMS') }).strict(),
  // Ours: a code that proves a new or unconfirmed contact before the account keeps it (account-contact.ts, ADR 0078).
  z.object({ mailAddress: ConfirmableMailAddressSchema, purpose: z.literal(ContactChangeOtpPurpose) }).strict(),
  z.object({ phoneNumber: z.string().regex(/^0[789]0[0-9]{8}$/), type: z.literal('SMS'), purpose: z.literal(ContactChangeOtpPurpose) }).strict(),
]);
export type OtpSendRequest = z.infer<typeof OtpSendRequestSchema>;

/** "response result, ngMessage": ngMessage carries an error code when result is NG. */
export const OtpResponseSchema = z.object({
  result: z.enum(['OK', 'NG']),
  ngMessage: z.string().nullable(),
  /** Ours, after a wrong code (A0461): how many more wrong codes lock the check (W0011). */
  remainingAttempts: z.number().int().nonnegative().optional(),
});
export type OtpResponse = z.infer<typeof OtpResponseSchema>;

/** Our decision: a 6-digit code, checked against the last code sent (spec shows no fields). */
export const OtpCodeSchema = z.string().regex(/^[0-9]{6}$/);
export const OtpAuthRequestSchema = z.object({ otp: OtpCodeSchema }).strict();
export type OtpAuthRequest = z.infer<typeof OtpAuthRequestSchema>;

/** The ngMessage values a flow understands; anything else is "unexpected" (error page). */
export const OtpNgMessage = {
  Locked: ErrorCode.OtpLocked,
  SendFailed: ErrorCode.OtpSendFailed,
  SmsSendFailed: ErrorCode.OtpSmsSendFailed,
  Mismatch: ErrorCode.OtpMismatch,
} as const;

/** Our decision: a new code may be requested 60 s after the last one. */
export const OtpResendCooldownMs = 60_000;

export const otpSendEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/otp/send',
  retry: false,
  summary: 'ワンタイムパスワードの送信',
  params: CustomerParams,
  query: NoQuery,
  body: OtpSendRequestSchema,
  response: OtpResponseSchema,
});

export const otpAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/otp/auth',
  retry: false,
  summary: 'ワンタイムパスワードの認証',
  params: CustomerParams,
  query: NoQuery,
  body: OtpAuthRequestSchema,
  response: OtpResponseSchema,
});
