/** Japanese copy the contact pages share: a contact's status and what it means for the customer. */
import type { ConfirmationStatusValue } from '../../../contracts/codes';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { ContactState } from '../../../contracts/api/account-user-info';
import { ConfirmationStatusLabel } from './account-copy';

const statusClass: Record<ConfirmationStatusValue, string> = {
  [ConfirmationStatus.Confirmed]: 'status status--active',
  [ConfirmationStatus.Unconfirmed]: 'status status--suspended',
  [ConfirmationStatus.NotSet]: 'status status--none',
};

/** The status as a badge: 確認済み / 未確認 / 未設定. */
export function ConfirmationBadge({ status }: { readonly status: ConfirmationStatusValue }) {
  return <span className={statusClass[status]}>{ConfirmationStatusLabel[status]}</span>;
}

/** True when the value entered is the contact on file, already proved: nothing to change or confirm. */
export function isConfirmedAlready(contact: ContactState, entered: string, same: (a: string, b: string) => boolean): boolean {
  return contact.status === ConfirmationStatus.Confirmed && contact.value !== null && same(contact.value, entered);
}

/** Mail addresses compare without case, as the server keeps them. */
export const sameMailAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const samePhoneNumber = (a: string, b: string) => a === b;
