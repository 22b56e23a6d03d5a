/** PasswordSet/Change's own checks, before anything is sent. */
import { NewPasswordSchema } from '../../../contracts/api/account-credentials';

export type PasswordFormField = 'currentPassword' | 'newPassword' | 'newPasswordConfirm';

/** The form's own checks; the rules that need the account (login ID, common passwords) are the server's. */
export function passwordFormErrors(values: Record<PasswordFormField, string>): Partial<Record<PasswordFormField, string>> {
  const errors: Partial<Record<PasswordFormField, string>> = {};
  if (values.currentPassword === '') errors.currentPassword = '現在のパスワードを入力してください。';
  const parsed = NewPasswordSchema.safeParse(values.newPassword);
  if (!parsed.success) errors.newPassword = parsed.error.issues[0]?.message ?? '新しいパスワードを確認してください。';
  if (values.newPasswordConfirm === '') errors.newPasswordConfirm = '確認のため、新しいパスワードをもう一度入力してください。';
  else if (parsed.success && values.newPasswordConfirm !== values.newPassword) errors.newPasswordConfirm = '新しいパスワードと一致しません。もう一度入力してください。';
  return errors;
}
