/**
 * /AccountMenu/LoginHistory (ACC0014): every sign-in and failed attempt, newest first, a page at
 * a time (GET auth/history; times are JST as the server gives them).
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { LoginHistoryDays, LoginResult } from '../../../contracts/api/account-login-history';
import type { LoginHistoryPage } from '../../../machines/account-menu/account-data';
import { BusyLine } from '../service-flow/busy-line';
import { BackToMenuButton, LeavingPage, type AccountSend } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import '../service-flow/service-flow.css';
import './account.css';

export function LoginHistoryPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  return match(snapshot.value)
    .with('historyLoading', () => <BusyLine>ログイン履歴を読み込んでいます。</BusyLine>)
    .with('loginHistory', 'historyPaging', (step) => (
      <LoginHistoryView
        history={snapshot.context.loginHistory}
        paging={step === 'historyPaging'}
        onMore={snapshot.can({ type: 'history.more' }) ? () => actor.send({ type: 'history.more' }) : undefined}
        send={(event) => actor.send(event)}
      />
    ))
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}

export type LoginHistoryViewProps = {
  readonly history: LoginHistoryPage;
  /** The next page is being read. */
  readonly paging: boolean;
  /** Asks for the next page; undefined when it cannot be asked now. */
  readonly onMore: (() => void) | undefined;
  readonly send: AccountSend;
};

/**
 * The page's body from its props: the page and the server's first view (ADR 0106) both draw it.
 * 「もっと見る」 shows while there is a next page, and is usable when it can be asked.
 */
export function LoginHistoryView({ history, paging, onMore, send }: LoginHistoryViewProps) {
  const { entries } = history;
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
        {history.nextPage !== null && !paging ? (
          <button type="button" className="button button--secondary button--block" disabled={onMore === undefined} onClick={onMore}>
            もっと見る
          </button>
        ) : null}
        {paging ? <BusyLine>続きを読み込んでいます。</BusyLine> : null}
        <BackToMenuButton send={send} />
      </div>
    </>
  );
}
