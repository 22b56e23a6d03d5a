/**
 * Security settings (Security/Info, Security/Change; spec sections 2, 4; docs/decisions/
 * 0078-account-endpoints.md): a notice after every successful sign-in, by SMS to the contact
 * phone (channel 4, account-ID SMS) or by e-mail to the contact mail address (channel 5,
 * account-ID email), or none. The chosen contact must be CONFIRMED.
 */
import { z } from 'zod';
import { Channel } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { JstDateTimeSchema } from './current-date';

export const SignInNoticeChannelSchema = z.enum([Channel.AccountIdSms, Channel.AccountIdEmail], {
  error: 'ログインのお知らせの受け取り方を選択してください。',
});
export type SignInNoticeChannel = z.infer<typeof SignInNoticeChannelSchema>;

export const SecuritySettingsSchema = z.object({
  /** Where the notice of each sign-in goes; null: no notice. */
  signInNoticeChannel: SignInNoticeChannelSchema.nullable(),
  /** When the password was last changed ("yyyy/mm/dd hh:mm:ss" JST), null if never since the account was made. */
  passwordChangedAt: JstDateTimeSchema.nullable(),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;

export const UpdateSecuritySettingsRequestSchema = z.object({ signInNoticeChannel: SignInNoticeChannelSchema.nullable() }).strict();
export type UpdateSecuritySettingsRequest = z.input<typeof UpdateSecuritySettingsRequestSchema>;

export const securitySettingsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/security/settings',
  retry: true,
  summary: 'セキュリティ設定（ログインのお知らせ・パスワードの最終変更日時）',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: SecuritySettingsSchema,
});

export const updateSecuritySettingsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/security',
  retry: false,
  idempotent: true,
  level2: true,
  summary: 'セキュリティ設定の変更（お知らせ先の連絡先は確認済みであること）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateSecuritySettingsRequestSchema,
  response: SecuritySettingsSchema,
});
