/**
 * /AccountMenu/Security/Change (ACC0012) and Security/Completed (ACC0013): where the notice of
 * each sign-in goes. Only a confirmed contact can be chosen (the server refuses any other); a
 * contact that cannot says why beside it.
 */
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { BusyLine } from '../service-flow/busy-line';
import { ChoiceGroup } from '../service-flow/fields';
import type { AccountActor } from '../service-flow/use-flow-actor';
import { ChangeActions, ChangeStep } from './account-steps';
import { SecurityCompletedStep } from './security-steps';
import { issueFor } from './account-copy';
import { channelOf, choiceOf, noticeChoices, signInNoticeLine, type NoticeChoice } from './security-copy';
import '../service-flow/service-flow.css';
import './account.css';

export function SecurityChangePage() {
  return <ChangeStep edit="securityChange" saving="securitySaving" form={(actor, busy) => <SecurityChangeForm actor={actor} busy={busy} />} />;
}

function SecurityChangeForm({ actor, busy }: { readonly actor: AccountActor; readonly busy: boolean }) {
  const { user, profile, rejection } = useSelector(actor, (state) => state.context);
  const entered = user.userChangeData?.key === 'security' ? user.userChangeData.signInNoticeChannel : (profile?.security.signInNoticeChannel ?? null);
  const [choice, setChoice] = useState<NoticeChoice>(choiceOf(entered));
  if (profile === null) return <BusyLine>セキュリティ設定を読み込んでいます。</BusyLine>;
  const { userInfo, security } = profile;

  const options = noticeChoices(userInfo);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'change.submit', change: { key: 'security', signInNoticeChannel: channelOf(choice) } });
  };

  return (
    <form className="card" onSubmit={submit} noValidate>
      <p className="status-note">現在の受け取り方：{signInNoticeLine(security.signInNoticeChannel, userInfo)}</p>
      <ChoiceGroup
        id="security-notice"
        legend="ログインのお知らせの受け取り方"
        required
        type="radio"
        options={options}
        selected={[choice]}
        onChange={(next) => setChoice(next)}
        support="ポータルにログインがあるたびに、日時・端末・IPアドレスをお知らせします。"
        error={issueFor(rejection, 'signInNoticeChannel')}
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
