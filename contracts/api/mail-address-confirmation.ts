/**
 * Mail-address confirmation before an application (spec sections 3 "mailAddressCheckInfo", 5,
 * 7 POST mail-addr-portability/contracts; docs/flows/basket-live.md section 5, ADR 0063).
 * The customer proves the address with a one-time password sent for this purpose, then this
 * call makes it the customer's confirmed address for the service being applied for.
 */
import { z } from 'zod/mini';
import { ServiceId } from '../codes';
import { CustomerParams, NoQuery, defineEndpoint } from '../endpoint';

/** The services with a mail-address check (the auth store keeps one flag per service). */
export const MailCheckServiceIdSchema = z.enum([ServiceId.DataStorage, ServiceId.BasketLive]);
export type MailCheckServiceId = z.infer<typeof MailCheckServiceIdSchema>;

/** RFC 5321 limits a forward path to 254 characters. */
export const ConfirmableMailAddressSchema = z.email().check(z.maxLength(254));

/** What a one-time password for a mail-address confirmation is sent with (otp/send). */
export const MailConfirmationOtpPurpose = 'mailAddressConfirmation';

export const MailAddrPortabilityContractsRequestSchema = z.strictObject({ serviceId: MailCheckServiceIdSchema, mailAddress: ConfirmableMailAddressSchema });
export type MailAddrPortabilityContractsRequest = z.infer<typeof MailAddrPortabilityContractsRequestSchema>;

export const MailAddrPortabilityContractsResponseSchema = z.object({
  serviceId: MailCheckServiceIdSchema,
  /** The customer's confirmed address from now on. */
  mailAddress: z.string(),
  confirmedAt: z.iso.datetime({ offset: true }),
});
export type MailAddrPortabilityContractsResponse = z.infer<typeof MailAddrPortabilityContractsResponseSchema>;

export const mailAddrPortabilityContractsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/mail-addr-portability/contracts',
  // It uses up the verified code: a blind resend could not succeed, the request key answers a repeat.
  retry: false,
  idempotent: true,
  summary: 'メールアドレスの確認（サービスのお申し込み前）',
  params: CustomerParams,
  query: NoQuery,
  body: MailAddrPortabilityContractsRequestSchema,
  response: MailAddrPortabilityContractsResponseSchema,
});
