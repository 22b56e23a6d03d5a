/**
 * /AccountMenu/Security/Info (ACC0011): the login ID, when the password last changed, where the
 * notice of each sign-in goes and the contacts it can go to, with the way to each change page
 * that is live (docs/flows/account-menu.md section 4).
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { match, P } from 'ts-pattern';
import type { SecuritySettings } from '../../../contracts/api/account-security';
import type { UserInfo } from '../../../contracts/api/account-user-info';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, ChangeButton, ContactRows, LeavingPage, type AccountSend } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { signInNoticeLine } from './security-copy';
import '../service-flow/service-flow.css';
import './account.css';

function Section({ id, title, children }: { readonly id: string; readonly title: string; readonly children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function SecurityInfoPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  const loading = <BusyLine>セキュリティ設定を読み込んでいます。</BusyLine>;
  return match(snapshot.value)
    .with('securityLoading', () => loading)
    .with('securityInfo', () => {
      const { profile } = snapshot.context;
      return profile === null ? loading : <SecurityInfoView userInfo={profile.userInfo} security={profile.security} send={(event) => actor.send(event)} />;
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

export type SecurityInfoViewProps = {
  readonly userInfo: UserInfo;
  readonly security: SecuritySettings;
  readonly send: AccountSend;
};

/** The page's body from its props: the page and the server's first view (ADR 0106) both draw it. */
export function SecurityInfoView({ userInfo, security, send }: SecurityInfoViewProps) {
  return (
    <>
      <Section id="security-login-heading" title="ログインID・パスワード">
        <dl className="definition-list">
          <dt>ログインID</dt>
          <dd>
            <span>{userInfo.loginId}</span>
            <ChangeButton page={AccountPages.loginIdChange} event={{ type: 'loginid.edit' }} label="ログインIDを変更する" send={send} />
          </dd>
          <dt>パスワード</dt>
          <dd>
            <span>{security.passwordChangedAt === null ? 'ご契約時から変更されていません' : `最終変更：${security.passwordChangedAt}`}</span>
            <ChangeButton page={AccountPages.passwordChange} event={{ type: 'password.edit' }} label="パスワードを変更する" send={send} />
          </dd>
        </dl>
      </Section>
      <Section id="security-notice-heading" title="ログインのお知らせ">
        <p>ポータルにログインがあるたびに、日時・端末・IPアドレスをお知らせします。身に覚えのないログインにすぐ気づけます。</p>
        <dl className="definition-list">
          <dt>受け取り方</dt>
          <dd>
            <span>{signInNoticeLine(security.signInNoticeChannel, userInfo)}</span>
            <ChangeButton page={AccountPages.securityChange} event={{ type: 'security.edit' }} label="受け取り方を変更する" send={send} />
          </dd>
        </dl>
      </Section>
      <Section id="security-contact-heading" title="お知らせの送り先（連絡先）">
        <p className="status-note">ログインのお知らせは、確認済みの連絡先にだけお送りします。</p>
        <dl className="definition-list">
          <ContactRows
            userInfo={userInfo}
            email={{ page: AccountPages.contactEmail, label: 'メールアドレスを変更・確認する' }}
            phone={{ page: AccountPages.contactPhone, label: '電話番号を変更・確認する' }}
            send={send}
          />
        </dl>
      </Section>
      <div className="button-row">
        <BackToMenuButton send={send} />
      </div>
    </>
  );
}
