/**
 * Which new contact a one-time password may prove (docs/decisions/0078-account-endpoints.md):
 * one that can receive it and is not already the customer's confirmed one. The server refuses
 * the others at otp/send and at the update; the change pages check the same rule before the
 * code step, so the customer hears it beside the field instead of on the error page (ADR 0081).
 */
import { isDeliverableMailAddress } from '../text/mail-address';

export const ContactProofMessage = {
  undeliverableMail: 'このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。',
  sameConfirmedMail: 'ご登録のメールアドレスと同じです。確認済みのため変更の必要はありません。',
  sameConfirmedPhone: 'ご登録の連絡先電話番号と同じです。確認済みのため変更の必要はありません。',
} as const;

/** The contact on file: its value and whether it is confirmed. */
export type ContactOnFile = { readonly value: string | null; readonly confirmed: boolean };

/** Why a code may not go to this mail address (normalised), or null. */
export function mailAddressProofProblem(mailAddress: string, onFile: ContactOnFile): string | null {
  if (!isDeliverableMailAddress(mailAddress)) return ContactProofMessage.undeliverableMail;
  if (onFile.confirmed && onFile.value?.toLowerCase() === mailAddress.toLowerCase()) return ContactProofMessage.sameConfirmedMail;
  return null;
}

/** Why a code may not go to this mobile number (11 digits), or null. */
export function phoneNumberProofProblem(phoneNumber: string, onFile: ContactOnFile): string | null {
  return onFile.confirmed && onFile.value === phoneNumber ? ContactProofMessage.sameConfirmedPhone : null;
}
