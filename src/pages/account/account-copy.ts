/** Japanese copy and formatting the account pages share. */
import type { ContactState } from '../../../contracts/api/account-user-info';
import type { ConfirmationStatusValue } from '../../../contracts/codes';
import { ConfirmationStatus } from '../../../contracts/codes';
import { formatMobilePhone, formatPostalCode } from '../../../contracts/text/number-format';

export const ConfirmationStatusLabel: Record<ConfirmationStatusValue, string> = {
  [ConfirmationStatus.NotSet]: '未設定',
  [ConfirmationStatus.Unconfirmed]: '未確認',
  [ConfirmationStatus.Confirmed]: '確認済み',
};

/** "〒920-0961" */
export function postalCodeLine(postalCode: string): string {
  return `〒${formatPostalCode(postalCode)}`;
}

/** "090-1234-5678", or 未設定. */
export function phoneLine(value: string | null): string {
  return value === null ? '未設定' : formatMobilePhone(value);
}

/** "taro@example.jp（確認済み）": the contact mail address with its confirmation status. */
export function mailContactLine(contact: ContactState): string {
  return `${contact.value ?? '未設定'}（${ConfirmationStatusLabel[contact.status]}）`;
}

/** "090-1234-5678（確認済み）": the contact phone number with its confirmation status. */
export function phoneContactLine(contact: ContactState): string {
  return `${phoneLine(contact.value)}（${ConfirmationStatusLabel[contact.status]}）`;
}

/** The message the server gave for a field (issue path "body.<field>"), if any. */
export function issueFor(issues: readonly { path: string; message: string }[] | null, field: string): string | null {
  return issues?.find((issue) => issue.path === `body.${field}`)?.message ?? null;
}

/** The first message for each field of a failed parse, and the first invalid field in page order (it takes the focus). */
export function fieldErrorsOf<F extends string>(
  issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[],
  order: readonly F[],
): { errors: Partial<Record<F, string>>; first: F | undefined } {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const name = issue.path[0] as F;
    errors[name] ??= issue.message;
  }
  return { errors, first: order.find((name) => errors[name] !== undefined) };
}
