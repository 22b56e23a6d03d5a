/** Pieces every account page shows. */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { UserInfo } from '../../../contracts/api/account-user-info';
import { findLivePage } from '../../../machines/page-table';
import type { AccountEvent, AccountMachine } from '../../../machines/account-menu/account.machine';
import { BusyLine } from '../service-flow/busy-line';
import { SubmitActions } from '../service-flow/step-actions';
import { useFlowActor, type AccountActor } from '../service-flow/use-flow-actor';
import { mailContactLine, phoneContactLine } from './account-copy';

/**
 * Where an account page's buttons send their events; undefined while the page is not usable yet
 * (the server's first view, docs/decisions/0106-first-view-from-the-server.md): they are drawn disabled.
 */
export type AccountSend = ((event: AccountEvent) => void) | undefined;

export function BackToMenuButton({ send }: { readonly send: AccountSend }) {
  return (
    <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.({ type: 'menu.open' })}>
      アカウント管理に戻る
    </button>
  );
}

/** What a page shows while the flow is in another page's state: the URL follows the machine there at once. */
export function LeavingPage() {
  return <BusyLine>画面を切り替えています。</BusyLine>;
}

/** The way from an info page to a change page, shown only when that page is live. */
export function ChangeButton({ page, event, label, send }: { page: string; event: AccountEvent; label: string; send: AccountSend }) {
  if (findLivePage(page) === undefined) return null;
  return (
    <div className="account-row__action">
      <button type="button" className="button button--secondary" disabled={send === undefined} onClick={() => send?.(event)}>
        {label}
      </button>
    </div>
  );
}

/** The way to a change page from an info page's row. */
type RowChange = { readonly page: string; readonly label: string };

/** The contact mail address and SMS number with their states, each with its way to change it (a `dl`'s rows). */
export function ContactRows({ userInfo, email, phone, send }: { userInfo: UserInfo; email: RowChange; phone: RowChange; send: AccountSend }) {
  return (
    <>
      <dt>連絡先メールアドレス</dt>
      <dd>
        {mailContactLine(userInfo.mailAddress)}
        <ChangeButton page={email.page} event={{ type: 'email.edit' }} label={email.label} send={send} />
      </dd>
      <dt>連絡先電話番号（SMS）</dt>
      <dd>
        {phoneContactLine(userInfo.phoneNumber)}
        <ChangeButton page={phone.page} event={{ type: 'phone.edit' }} label={phone.label} send={send} />
      </dd>
    </>
  );
}

/**
 * A change page's view: its form while the flow is at the page (`edit`) or sending the change
 * (`saving`, the same form, busy, so what was typed stays), else the page is being left.
 */
type AccountState = SnapshotFrom<AccountMachine>['value'];

export function ChangeStep({ edit, saving, form }: { readonly edit: AccountState; readonly saving: AccountState; readonly form: (actor: AccountActor, busy: boolean) => ReactNode }) {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  if (value === edit || value === saving) return form(actor, value === saving);
  return <LeavingPage />;
}

/** A change page's submit and its way back without changing anything. */
export function ChangeActions({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  return <SubmitActions busy={busy} canSubmit submitLabel="変更する" busyLabel="変更しています" backLabel="変更せずに戻る" onBack={() => actor.send({ type: 'wizard.back' })} />;
}
