/**
 * Contact settings (Update/Email, Update/Phone, Contact/Email, Contact/Phone; spec sections 2, 4;
 * docs/decisions/0078-account-endpoints.md). A new contact is proved before it is kept: the
 * customer asks otp/send for a code with the purpose below, enters it at otp/auth, then this
 * call keeps the contact as CONFIRMED. The same calls confirm a contact that is UNCONFIRMED.
 * Removing the contact phone needs no code.
 */
import { z } from 'zod';
import { CustomerParams, NoQuery, defineEndpoint } from '../endpoint';
import { MailAddressSchema } from '../text/field-schemas';
import { MobilePhoneSchema } from '../text/mobile-phone-schema';
import { UserInfoSchema } from './account-user-info';

/** What a one-time password proving a new (or unconfirmed) contact is sent with (otp/send). */
export const ContactChangeOtpPurpose = 'contactChange';

export const UpdateMailAddressRequestSchema = z.object({ mailAddress: MailAddressSchema }).strict();
export type UpdateMailAddressRequest = z.input<typeof UpdateMailAddressRequestSchema>;

/** A number to keep (proved by a code sent to it), or null to remove the contact phone. */
export const UpdatePhoneNumberRequestSchema = z.object({ phoneNumber: MobilePhoneSchema.nullable() }).strict();
export type UpdatePhoneNumberRequest = z.input<typeof UpdatePhoneNumberRequestSchema>;

export const updateMailAddressEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/mail',
  // It uses up the verified code: a blind resend could not succeed, the request key answers a repeat.
  retry: false,
  idempotent: true,
  level2: true,
  summary: '連絡先メールアドレスの変更・確認（そのアドレスに送った確認コードの認証後）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateMailAddressRequestSchema,
  response: UserInfoSchema,
});

export const updatePhoneNumberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/phone',
  retry: false,
  idempotent: true,
  level2: true,
  summary: '連絡先電話番号の変更・確認（その番号にSMSで送った確認コードの認証後）・削除',
  params: CustomerParams,
  query: NoQuery,
  body: UpdatePhoneNumberRequestSchema,
  response: UserInfoSchema,
});
