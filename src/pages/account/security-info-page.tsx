/**
 * /AccountMenu/Security/Info (ACC0011): the login ID, when the password last changed, where the
 * notice of each sign-in goes and the contacts it can go to, with the way to each change page
 * that is live (docs/flows/account-menu.md section 4).
 */
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { match, P } from 'ts-pattern';
import type { AccountEvent } from '../../../machines/account-menu/account.machine';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, ChangeButton, LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { mailContactLine, phoneContactLine } from './account-copy';
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
  const send = (event: AccountEvent) => actor.send(event);
  return match(snapshot.value)
    .with('securityLoading', () => <BusyLine>セキュリティ設定を読み込んでいます。</BusyLine>)
    .with('securityInfo', () => {
      const { profile } = snapshot.context;
      if (profile === null) return <BusyLine>セキュリティ設定を読み込んでいます。</BusyLine>;
      const { userInfo, security } = profile;
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
              <dt>連絡先メールアドレス</dt>
              <dd>
                {mailContactLine(userInfo.mailAddress)}
                <ChangeButton page={AccountPages.contactEmail} event={{ type: 'email.edit' }} label="メールアドレスを変更・確認する" send={send} />
              </dd>
              <dt>連絡先電話番号（SMS）</dt>
              <dd>
                {phoneContactLine(userInfo.phoneNumber)}
                <ChangeButton page={AccountPages.contactPhone} event={{ type: 'phone.edit' }} label="電話番号を変更・確認する" send={send} />
              </dd>
            </dl>
          </Section>
          <div className="button-row">
            <BackToMenuButton send={send} />
          </div>
        </>
      );
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
