/**
 * /AccountMenu/Security/Change (ACC0012) and Security/Completed (ACC0013): where the notice of
 * each sign-in goes. Only a confirmed contact can be chosen (the server refuses any other); a
 * contact that cannot says why beside it.
 */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { BusyLine } from '../service-flow/busy-line';
import { ChoiceGroup } from '../service-flow/fields';
import type { AccountProfile } from '../../../machines/account-menu/account-data';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { ChangeActions, ChangeStep } from './account-steps';
import { SecurityCompletedStep } from './security-steps';
import { issueFor } from './account-copy';
import { channelOf, initialNoticeChoice, NoNoticeChosen, noticeChoices, signInNoticeLine, undeliveredNotice, type NoticeChoice } from './security-copy';
import '../service-flow/service-flow.css';
import './account.css';

export function SecurityChangePage() {
  return <ChangeStep edit="securityChange" saving="securitySaving" form={(actor, busy) => <SecurityChangeForm actor={actor} busy={busy} />} />;
}

function SecurityChangeForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const { user, profile, rejection } = useSelector(actor, (state) => state.context);
  if (profile === null) return <BusyLine>セキュリティ設定を読み込んでいます。</BusyLine>;
  const entered = user.userChangeData?.key === 'security' ? user.userChangeData.signInNoticeChannel : profile.security.signInNoticeChannel;
  return <SecurityChoiceForm actor={actor} busy={busy} profile={profile} initial={initialNoticeChoice(entered, profile.userInfo)} rejection={issueFor(rejection, 'signInNoticeChannel')} />;
}

type SecurityChoiceFormProps = {
  readonly actor: AccountActor;
  readonly busy: boolean;
  readonly profile: AccountProfile;
  readonly initial: NoticeChoice | null;
  readonly rejection: string | null;
};

/** Mounted once the profile is read, so the first choice is the customer's setting, not a default. */
function SecurityChoiceForm({ actor, busy, profile, initial, rejection }: SecurityChoiceFormProps) {
  const [choice, setChoice] = useState<NoticeChoice | null>(initial);
  const [unchosen, setUnchosen] = useState(false);
  const { userInfo, security } = profile;
  const undelivered = undeliveredNotice(security.signInNoticeChannel, userInfo);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === null) {
      setUnchosen(true);
      return;
    }
    actor.send({ type: 'change.submit', change: { key: 'security', signInNoticeChannel: channelOf(choice) } });
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <p className="status-note">現在の受け取り方：{signInNoticeLine(security.signInNoticeChannel, userInfo)}</p>
      {undelivered === null ? null : (
        <div className="alert alert--warning">
          <p>{undelivered}</p>
        </div>
      )}
      <ChoiceGroup
        id="security-notice"
        legend="ログインのお知らせの受け取り方"
        required
        type="radio"
        options={noticeChoices(userInfo)}
        selected={choice === null ? [] : [choice]}
        onChange={(next) => {
          setChoice(next);
          setUnchosen(false);
        }}
        support="ポータルにログインがあるたびに、日時・端末・IPアドレスをお知らせします。"
        error={unchosen ? NoNoticeChosen : rejection}
        disabled={busy}
      />
      <ChangeActions actor={actor} busy={busy} />
    </form>
  );
}

export function SecurityCompletedPage() {
  return (
    <SecurityCompletedStep state="securityCompleted" message="ログインのお知らせの受け取り方を変更しました。">
      {({ user, profile }) =>
        user.userChangeData?.key !== 'security' || profile === null ? null : (
          <section className="card" aria-labelledby="security-completed-heading">
            <h2 id="security-completed-heading">変更後の設定</h2>
            <dl className="definition-list">
              <dt>受け取り方</dt>
              <dd>{signInNoticeLine(user.userChangeData.signInNoticeChannel, profile.userInfo)}</dd>
            </dl>
            {user.userChangeData.signInNoticeChannel === null ? null : <p className="status-note">次回のログインから、この送り先にお知らせします。</p>}
          </section>
        )
      }
    </SecurityCompletedStep>
  );
}
