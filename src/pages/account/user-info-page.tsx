/**
 * /AccountMenu/Confirm/UserInfo (ACC0002): what is on file, read afresh each time, with the way
 * to each change page that is live; after a change the item saved is announced here (the update
 * pages have no completion page, docs/flows/account-menu.md section 2).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import type { UserInfo } from '../../../contracts/api/account-user-info';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import type { UserChangeKey } from '../../../machines/account-menu/account-data';
import { formatDate } from '../service-flow/service-copy';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, ChangeButton, ContactRows, LeavingPage, type AccountSend } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { phoneLine, postalCodeLine } from './account-copy';
import '../service-flow/service-flow.css';
import './account.css';

const savedMessage: Partial<Record<UserChangeKey, string>> = {
  name: 'お名前を変更しました。',
  phoneNumber: '電話番号を変更しました。',
  mailAddress: 'メールアドレスを変更しました。',
  address: 'ご住所を変更しました。',
};

export function UserInfoPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  const loading = <BusyLine>お客さま情報を読み込んでいます。</BusyLine>;
  return match(snapshot.value)
    .with('userInfoLoading', () => loading)
    .with('userInfo', () => {
      const { profile, saved } = snapshot.context;
      return profile === null ? loading : <UserInfoView userInfo={profile.userInfo} saved={saved} send={(event) => actor.send(event)} />;
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

export type UserInfoViewProps = {
  readonly userInfo: UserInfo;
  /** The item just saved, announced at the top; null when nothing was. */
  readonly saved: UserChangeKey | null;
  readonly send: AccountSend;
};

/** The page's body from its props: the page and the server's first view (ADR 0106) both draw it. */
export function UserInfoView({ userInfo, saved, send }: UserInfoViewProps) {
  const message = saved === null ? undefined : savedMessage[saved];
  return (
    <>
      {message === undefined ? null : (
        <div className="alert alert--success" role="status">
          <p className="alert__title">{message}</p>
        </div>
      )}
      <section className="card" aria-labelledby="user-info-heading">
        <h2 id="user-info-heading">ご登録の情報</h2>
        <dl className="definition-list">
          <dt>お名前</dt>
          <dd>
            {userInfo.name.lastNameKanji} {userInfo.name.firstNameKanji}
            <br />
            {userInfo.name.lastNameKana} {userInfo.name.firstNameKana}
            <ChangeButton page={AccountPages.userName} event={{ type: 'name.edit' }} label="お名前を変更する" send={send} />
          </dd>
          <dt>生年月日</dt>
          <dd>{formatDate(userInfo.birthday)}</dd>
          <dt>ご住所</dt>
          <dd>
            {postalCodeLine(userInfo.address.postalCode)}
            <br />
            {userInfo.address.address}
            {userInfo.address.subAddress === '' ? null : (
              <>
                <br />
                {userInfo.address.subAddress}
              </>
            )}
            <ChangeButton page={AccountPages.address} event={{ type: 'address.edit' }} label="ご住所を変更する" send={send} />
          </dd>
          <dt>ご契約の電話番号</dt>
          <dd>{phoneLine(userInfo.lineNumber)}</dd>
          <ContactRows
            userInfo={userInfo}
            email={{ page: AccountPages.email, label: 'メールアドレスを変更する' }}
            phone={{ page: AccountPages.phone, label: '電話番号を変更する' }}
            send={send}
          />
        </dl>
        <p className="status-note">生年月日とご契約の電話番号の変更は、ショップで承ります。</p>
      </section>
      <div className="button-row">
        <BackToMenuButton send={send} />
      </div>
    </>
  );
}
