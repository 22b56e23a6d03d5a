/**
 * Change of the login ID (SbidSet) and of the password (PasswordSet): spec sections 2 and 7,
 * `update/loginId` and `update/password`, no retry. Both change what the sign-on provider
 * accepts. Rules: docs/decisions/0079-login-id-and-password.md.
 */
import { z } from 'zod';
import { CustomerParams, NoQuery, defineEndpoint } from '../endpoint';
import { JstDateTimeSchema } from './current-date';

export const LoginIdRule = { minLength: 6, maxLength: 30 } as const;
export const PasswordRule = { minLength: 12, maxLength: 64 } as const;

/**
 * A login ID: 6 to 30 half-width letters, digits, `.`, `_` and `-`, starting with a letter (so
 * it is never taken for a phone number or a system id). Case does not matter: it is kept in lower
 * case. Full-width input is accepted and narrowed (NFKC).
 */
export const LoginIdSchema = z
  .string({ error: 'ログインIDを入力してください。' })
  .transform((value) => value.normalize('NFKC').trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, { error: 'ログインIDを入力してください。', abort: true })
      .regex(/^[a-z0-9._-]+$/, { error: 'ログインIDは半角英数字と「.」「_」「-」で入力してください。', abort: true })
      .regex(/^[a-z]/, { error: 'ログインIDは英字で始めてください。', abort: true })
      .min(LoginIdRule.minLength, { error: `ログインIDは${LoginIdRule.minLength}文字以上で入力してください。`, abort: true })
      .max(LoginIdRule.maxLength, { error: `ログインIDは${LoginIdRule.maxLength}文字以内で入力してください。` }),
  );

/**
 * The shape of a new password: 12 to 64 half-width characters (letters, digits, symbols, space).
 * The rules that need the account (not the login ID, not a common password, not the current one)
 * are the server's.
 */
export const NewPasswordSchema = z
  .string({ error: '新しいパスワードを入力してください。' })
  .min(1, { error: '新しいパスワードを入力してください。', abort: true })
  .regex(/^[\x20-\x7E]+$/, { error: 'パスワードは半角の英数字・記号で入力してください。', abort: true })
  .min(PasswordRule.minLength, { error: `パスワードは${PasswordRule.minLength}文字以上で入力してください。`, abort: true })
  .max(PasswordRule.maxLength, { error: `パスワードは${PasswordRule.maxLength}文字以内で入力してください。` });

export const UpdateLoginIdRequestSchema = z.object({ loginId: LoginIdSchema }).strict();
export type UpdateLoginIdRequest = z.input<typeof UpdateLoginIdRequestSchema>;

export const UpdateLoginIdResponseSchema = z.object({
  loginId: z.string(),
  changedAt: JstDateTimeSchema,
});
export type UpdateLoginIdResponse = z.infer<typeof UpdateLoginIdResponseSchema>;

export const UpdatePasswordRequestSchema = z
  .object({
    currentPassword: z.string({ error: '現在のパスワードを入力してください。' }).min(1, { error: '現在のパスワードを入力してください。' }).max(128),
    newPassword: NewPasswordSchema,
  })
  .strict();
export type UpdatePasswordRequest = z.input<typeof UpdatePasswordRequestSchema>;

export const UpdatePasswordResponseSchema = z.object({
  changedAt: JstDateTimeSchema,
  /** The customer's other sessions that were signed out (this one stays). */
  endedSessions: z.number().int().min(0),
});
export type UpdatePasswordResponse = z.infer<typeof UpdatePasswordResponseSchema>;

export const updateLoginIdEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/loginId',
  retry: false,
  idempotent: true,
  level2: true,
  summary: `ログインIDの変更（${LoginIdRule.minLength}〜${LoginIdRule.maxLength}文字、英字で始まる半角英数字と . _ -、大文字小文字を区別しない）`,
  params: CustomerParams,
  query: NoQuery,
  body: UpdateLoginIdRequestSchema,
  response: UpdateLoginIdResponseSchema,
});

export const updatePasswordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/password',
  retry: false,
  // Not idempotent: the key's fingerprint is a fast hash of the body, which here holds passwords.
  // A repeat finds the current password changed and changes nothing.
  level2: true,
  summary: `パスワードの変更（現在のパスワードが必要、${PasswordRule.minLength}〜${PasswordRule.maxLength}文字、ほかのログイン中の端末はログアウト）`,
  params: CustomerParams,
  query: NoQuery,
  body: UpdatePasswordRequestSchema,
  response: UpdatePasswordResponseSchema,
});
