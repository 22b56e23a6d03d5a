/**
 * /AccountMenu/Contact/Info (ACC0007): the contact mail address and phone number, each with its
 * confirmation status (spec section 4: NOT_SET, UNCONFIRMED, CONFIRMED), read afresh each time.
 * From here the customer registers, confirms or changes either one (Contact/Email, Contact/Phone).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { ConfirmationStatus, type ConfirmationStatusValue } from '../../../contracts/codes';
import type { ContactState, UserInfo } from '../../../contracts/api/account-user-info';
import { findLivePage } from '../../../machines/page-table';
import type { AccountEvent } from '../../../machines/account-menu/account.machine';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, LeavingPage, type AccountSend } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { phoneLine } from './account-copy';
import { ConfirmationBadge } from './contact-copy';
import '../service-flow/service-flow.css';
import './account.css';

type ContactKind = 'mail' | 'phone';

const copy: Record<ContactKind, { heading: string; noun: string; page: string; event: AccountEvent; use: string; note: Record<ConfirmationStatusValue, string> }> = {
  mail: {
    heading: '連絡先メールアドレス',
    noun: 'メールアドレス',
    page: AccountPages.contactEmail,
    event: { type: 'email.edit' },
    use: '確認コード（ワンタイムパスワード）、お手続きのお知らせ、受信設定で選んだお知らせをお送りします。',
    note: {
      [ConfirmationStatus.Confirmed]: '確認済みです。このアドレスでお知らせを受け取れます。',
      [ConfirmationStatus.Unconfirmed]:
        'このアドレスで受け取れることが、まだ確認できていません。確認コードをお送りしますので、確認を済ませてください。確認が済むまで、メールで受け取るお知らせを新たに選ぶことはできません。',
      [ConfirmationStatus.NotSet]: 'メールアドレスが登録されていません。登録すると、お知らせをメールで受け取れます。',
    },
  },
  phone: {
    heading: '連絡先電話番号（SMS）',
    noun: '電話番号',
    page: AccountPages.contactPhone,
    event: { type: 'phone.edit' },
    use: 'SMSで確認コード（ワンタイムパスワード）と、受信設定で選んだお知らせをお送りします。',
    note: {
      [ConfirmationStatus.Confirmed]: '確認済みです。この番号でSMSのお知らせを受け取れます。',
      [ConfirmationStatus.Unconfirmed]:
        'この番号でSMSを受け取れることが、まだ確認できていません。確認コードをSMSでお送りしますので、確認を済ませてください。確認が済むまで、SMSで受け取るお知らせは選べません。',
      [ConfirmationStatus.NotSet]: '電話番号が登録されていません。携帯電話番号を登録すると、お知らせをSMSで受け取れます。',
    },
  },
};

/** What the button does for a contact in this status: register, confirm (or change), change. */
const actionLabel = (kind: ContactKind, status: ConfirmationStatusValue) =>
  match(status)
    .with(ConfirmationStatus.NotSet, () => `${copy[kind].noun}を登録する`)
    .with(ConfirmationStatus.Unconfirmed, () => `${copy[kind].noun}を確認・変更する`)
    .with(ConfirmationStatus.Confirmed, () => `${copy[kind].noun}を変更する`)
    .exhaustive();

function ContactCard({ kind, contact, send }: { readonly kind: ContactKind; readonly contact: ContactState; readonly send: AccountSend }) {
  const { heading, page, event, use, note } = copy[kind];
  const headingId = `contact-${kind}-heading`;
  const shown = kind === 'phone' ? phoneLine(contact.value) : (contact.value ?? '未設定');
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="contact-value">
        <span className="contact-value__text">{shown}</span> <ConfirmationBadge status={contact.status} />
      </p>
      <p>{note[contact.status]}</p>
      <p className="status-note">{use}</p>
      {findLivePage(page) === undefined ? null : (
        <div className="button-row">
          <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.(event)}>
            {actionLabel(kind, contact.status)}
          </button>
        </div>
      )}
    </section>
  );
}

export function ContactInfoPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  const loading = <BusyLine>連絡先を読み込んでいます。</BusyLine>;
  return match(snapshot.value)
    .with('contactLoading', () => loading)
    .with('contactInfo', () => {
      const { profile } = snapshot.context;
      return profile === null ? loading : <ContactInfoView userInfo={profile.userInfo} send={(event) => actor.send(event)} />;
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

/** The page's body from its props: the page and the server's first view (ADR 0106) both draw it. */
export function ContactInfoView({ userInfo, send }: { readonly userInfo: UserInfo; readonly send: AccountSend }) {
  return (
    <>
      <p className="lead">お知らせや確認コード（ワンタイムパスワード）をお送りする連絡先です。</p>
      <ContactCard kind="mail" contact={userInfo.mailAddress} send={send} />
      <ContactCard kind="phone" contact={userInfo.phoneNumber} send={send} />
      <div className="button-row">
        <BackToMenuButton send={send} />
      </div>
    </>
  );
}
