/** Japanese copy the contact pages share: a contact's status and what it means for the customer. */
import type { ConfirmationStatusValue } from '../../../contracts/codes';
import { ConfirmationStatus } from '../../../contracts/codes';
import type { AccountChange, UserBeforeData } from '../../../machines/account-menu/account-data';
import { ConfirmationStatusLabel, phoneLine } from './account-copy';

const statusClass: Record<ConfirmationStatusValue, string> = {
  [ConfirmationStatus.Confirmed]: 'status status--active',
  [ConfirmationStatus.Unconfirmed]: 'status status--suspended',
  [ConfirmationStatus.NotSet]: 'status status--none',
};

/** The status as a badge: 確認済み / 未確認 / 未設定. */
export function ConfirmationBadge({ status }: { readonly status: ConfirmationStatusValue }) {
  return <span className={statusClass[status]}>{ConfirmationStatusLabel[status]}</span>;
}

/** Mail addresses compare without case, as the server keeps them. */
export const sameMailAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
export const samePhoneNumber = (a: string, b: string) => a === b;

/** What a saved contact change did: proved the value on file, registered a first one, or replaced one. */
type ContactOutcome = 'confirmed' | 'registered' | 'changed';

type ContactResult = {
  readonly label: string;
  readonly before: string | null;
  readonly after: string;
  readonly outcome: ContactOutcome;
  readonly headline: string;
  readonly show: (value: string | null) => string;
  readonly use: string;
};

function resultWith(label: string, before: string | null, after: string, same: (a: string, b: string) => boolean, show: ContactResult['show'], use: string): ContactResult {
  const outcome: ContactOutcome = before === null ? 'registered' : same(before, after) ? 'confirmed' : 'changed';
  const verb = { confirmed: '確認しました', registered: '登録しました', changed: '変更しました' }[outcome];
  return { label, before, after, outcome, headline: `連絡先の${label}を${verb}。`, show, use };
}

/** Contact/Completed's account of the change, against userBeforeData (what was on file when it began). */
export function contactResultOf(change: AccountChange | null, before: UserBeforeData | null): ContactResult | null {
  if (change?.key === 'contactMail') {
    const use = '今後のお知らせと確認コードは、このアドレスにお送りします。';
    return resultWith('メールアドレス', before?.mailAddress ?? null, change.mailAddress, sameMailAddress, (value) => value ?? '未設定', use);
  }
  if (change?.key === 'contactPhone') {
    const use = 'SMSで受け取るお知らせと確認コードは、この番号にお送りします。';
    return resultWith('電話番号', before?.phoneNumber ?? null, change.phoneNumber, samePhoneNumber, phoneLine, use);
  }
  return null;
}
