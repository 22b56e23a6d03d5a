/**
 * /AccountMenu/LoginHistory (ACC0014): every sign-in and failed attempt, newest first, a page at
 * a time (GET auth/history; times are JST as the server gives them).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { LoginHistoryDays, LoginResult } from '../../../contracts/api/account-login-history';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

export function LoginHistoryPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  return match(snapshot.value)
    .with('historyLoading', () => <BusyLine>ログイン履歴を読み込んでいます。</BusyLine>)
    .with('loginHistory', 'historyPaging', (step) => {
      const { entries } = snapshot.context.loginHistory;
      return (
        <>
          <p className="status-note">過去{LoginHistoryDays}日間のログインと、ログインできなかった操作を新しい順に表示しています。</p>
          {entries.length === 0 ? (
            <p>ログインの記録はありません。</p>
          ) : (
            <ul className="account-history">
              {entries.map((entry, index) => (
                <li key={`${entry.occurredAt}-${index}`} className="card">
                  <p className="account-history__head">
                    <span>{entry.occurredAt}</span>
                    <span className={entry.result === LoginResult.Success ? 'account-history__ok' : 'account-history__ng'}>
                      {entry.result === LoginResult.Success ? 'ログイン成功' : 'ログイン失敗'}
                    </span>
                  </p>
                  {entry.reason === null ? null : <p>{entry.reason}</p>}
                  <dl className="definition-list">
                    <dt>端末</dt>
                    <dd>
                      {entry.device}（{entry.os}）
                    </dd>
                    <dt>ブラウザ</dt>
                    <dd>{entry.browser}</dd>
                    <dt>IPアドレス</dt>
                    <dd>{entry.ipAddress}</dd>
                  </dl>
                </li>
              ))}
            </ul>
          )}
          <p className="status-note">心当たりのないログインがあるときは、パスワードを変更してください。</p>
          <div className="button-row">
            {snapshot.can({ type: 'history.more' }) ? (
              <button type="button" className="button button--secondary button--block" onClick={() => actor.send({ type: 'history.more' })}>
                もっと見る
              </button>
            ) : null}
            {step === 'historyPaging' ? <BusyLine>続きを読み込んでいます。</BusyLine> : null}
            <BackToMenuButton send={(event) => actor.send(event)} />
          </div>
        </>
      );
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
