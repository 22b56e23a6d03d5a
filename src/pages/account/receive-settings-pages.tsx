/**
 * Receive settings (docs/flows/account-menu.md section 6): ReceiveSet/Info (ACC0015) shows which
 * notices go by e-mail and SMS, ReceiveSet/Change (ACC0016) changes them (POST update/optins),
 * ReceiveSet/Completed (ACC0017) shows the settings saved. A channel whose contact is not
 * confirmed cannot be switched on, and the pages say why.
 */
import { useSelector } from '@xstate/react';
import { Fragment, useState, type FormEvent } from 'react';
import { match, P } from 'ts-pattern';
import { OptinNoticeLabel, type Optin } from '../../../contracts/api/account-optins';
import { findLivePage } from '../../../machines/page-table';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import type { AccountProfile } from '../../../machines/account-menu/account-data';
import { BusyLine } from '../service-flow/busy-line';
import { ChoiceGroup } from '../service-flow/fields';
import { SubmitActions } from '../service-flow/step-actions';
import { useFlowActor, type AccountActor } from '../service-flow/use-flow-actor';
import { BackToMenuButton, LeavingPage, type AccountSend } from './account-steps';
import { issueFor } from './account-copy';
import { channelsLine, choosableChannels, sameOptin, unavailableReasons, type OptinChannel } from './receive-copy';
import '../service-flow/service-flow.css';
import './account.css';

/** Each notice and how it is received, as a list a screen reader reads in order. */
function OptinList({ optins, before }: { readonly optins: readonly Optin[]; readonly before?: readonly Optin[] }) {
  return (
    <dl className="definition-list">
      {optins.map((optin, index) => (
        <Fragment key={optin.notice}>
          <dt>{OptinNoticeLabel[optin.notice]}</dt>
          <dd>
            {channelsLine(optin)}
            {before === undefined || sameOptin(optin, before[index]) ? null : <span className="receive-changed">（変更しました）</span>}
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}

function Reasons({ profile }: { readonly profile: AccountProfile }) {
  const reasons = unavailableReasons(profile);
  if (reasons.length === 0) return null;
  return (
    <div className="alert alert--warning">
      {reasons.map((reason) => (
        <p key={reason}>{reason}</p>
      ))}
      <p>連絡先の登録・確認は「連絡先」の画面でできます（アカウント管理のメニューから）。</p>
    </div>
  );
}

export function ReceiveInfoPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  const loading = <BusyLine>受信設定を読み込んでいます。</BusyLine>;
  return match(snapshot.value)
    .with('receiveLoading', () => loading)
    .with('receiveInfo', () => {
      const { profile } = snapshot.context;
      return profile === null ? loading : <ReceiveInfoView profile={profile} send={(event) => actor.send(event)} />;
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

/** The page's body from its props: the page and the server's first view (ADR 0106) both draw it. */
export function ReceiveInfoView({ profile, send }: { readonly profile: AccountProfile; readonly send: AccountSend }) {
  return (
    <>
      <p className="lead">お知らせごとに、メール・SMSで受け取るかどうかを設定できます。ご契約やお手続きに関する大切なお知らせは、この設定にかかわらずお送りします。</p>
      <section className="card" aria-labelledby="receive-current-heading">
        <h2 id="receive-current-heading">現在の受信設定</h2>
        <OptinList optins={profile.optins} />
      </section>
      <Reasons profile={profile} />
      <div className="button-row">
        {findLivePage(AccountPages.receiveChange) === undefined ? null : (
          <button type="button" className="button button--block" disabled={send === undefined} onClick={() => send?.({ type: 'receive.edit' })}>
            受信設定を変更する
          </button>
        )}
        {findLivePage(AccountPages.receiveGuide) === undefined ? null : (
          <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.({ type: 'guide.open' })}>
            お知らせの内容を見る
          </button>
        )}
        <BackToMenuButton send={send} />
      </div>
    </>
  );
}

export function ReceiveChangePage() {
  const actor = useFlowActor('account');
  const value = useSelector(actor, (state) => state.value);
  const profile = useSelector(actor, (state) => state.context.profile);
  if (profile === null) return <LeavingPage />;
  return match(value)
    .with('receiveChange', 'receiveSaving', (step) => <ReceiveChangeForm actor={actor} profile={profile} busy={step === 'receiveSaving'} />)
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

const channelLabel: Record<OptinChannel, string> = { email: 'メールで受け取る', sms: 'SMSで受け取る' };

const groupId = (index: number) => `receive-optin-${index}`;

function ReceiveChangeForm({ actor, profile, busy }: { readonly actor: AccountActor; readonly profile: AccountProfile; readonly busy: boolean }) {
  const { user, rejection } = useSelector(actor, (state) => state.context);
  const onFile = profile.optins;
  const [optins, setOptins] = useState<readonly Optin[]>(user.userChangeData?.key === 'optins' ? user.userChangeData.optins : onFile);
  const [unchanged, setUnchanged] = useState(false);

  const toggle = (index: number, channel: OptinChannel, checked: boolean) => {
    setUnchanged(false);
    setOptins((current) => current.map((optin, i) => (i === index ? { ...optin, [channel]: checked } : optin)));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (optins.every((optin, index) => sameOptin(optin, onFile[index]))) {
      setUnchanged(true);
      event.currentTarget.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    actor.send({ type: 'change.submit', change: { key: 'optins', optins } });
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <p className="status-note">受け取り方を選んでください。どちらも選ばないと、そのお知らせは受け取りません。</p>
      <Reasons profile={profile} />
      {optins.map((optin, index) => {
        const channels = choosableChannels(profile, onFile[index] ?? optin);
        const error = issueFor(rejection, `optins.${index}.email`) ?? issueFor(rejection, `optins.${index}.sms`);
        return (
          <ChoiceGroup
            key={optin.notice}
            id={groupId(index)}
            legend={OptinNoticeLabel[optin.notice]}
            required={false}
            type="checkbox"
            options={channels.map((channel) => ({ value: channel, label: channelLabel[channel] }))}
            selected={channels.filter((channel) => optin[channel])}
            onChange={(channel, checked) => toggle(index, channel, checked)}
            error={error}
            disabled={busy}
          />
        );
      })}
      {unchanged ? (
        <p className="field__error" role="alert">
          受信設定が変更されていません。変更する項目を選んでください。
        </p>
      ) : null}
      <SubmitActions busy={busy} canSubmit submitLabel="変更する" busyLabel="変更しています" backLabel="変更せずに戻る" onBack={() => actor.send({ type: 'wizard.back' })} />
    </form>
  );
}

export function ReceiveCompletedPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  return match(snapshot.value)
    .with('receiveCompleted', () => {
      const { user } = snapshot.context;
      return (
        <>
          <div className="alert alert--success" role="status">
            <p className="alert__title">受信設定を変更しました。</p>
          </div>
          <section className="card" aria-labelledby="receive-saved-heading">
            <h2 id="receive-saved-heading">変更後の受信設定</h2>
            <OptinList optins={user.optins} before={user.userBeforeData?.notificationList} />
            <p className="status-note">すでに送信の準備を始めているお知らせは、変更前の設定でお届けすることがあります。</p>
          </section>
          <div className="button-row">
            <button type="button" className="button button--block" onClick={() => actor.send({ type: 'wizard.back' })}>
              受信設定の確認に戻る
            </button>
          </div>
        </>
      );
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
