/**
 * /AccountMenu/Contact/Completed (ACC0010): what was registered, confirmed or changed, and the way
 * back to the info page the change started from (transitionSource: Contact/Info or Security/Info),
 * read again so it shows the new contact.
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import type { AccountChange, UserBeforeData } from '../../../machines/account-menu/account-data';
import { LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { phoneLine } from './account-copy';
import { sameMailAddress, samePhoneNumber } from './contact-copy';
import '../service-flow/service-flow.css';
import './account.css';

type ContactResult = { readonly label: string; readonly before: string | null; readonly after: string; readonly show: (value: string | null) => string; readonly same: (a: string, b: string) => boolean; readonly use: string };

function resultOf(change: AccountChange | null, before: UserBeforeData | null): ContactResult | null {
  if (change?.key === 'contactMail') {
    const was = before?.mailAddress ?? null;
    return { label: 'メールアドレス', before: was, after: change.mailAddress, show: (value) => value ?? '未設定', same: sameMailAddress, use: '今後のお知らせと確認コードは、このアドレスにお送りします。' };
  }
  if (change?.key === 'contactPhone') {
    const was = before?.phoneNumber ?? null;
    return { label: '電話番号', before: was, after: change.phoneNumber, show: phoneLine, same: samePhoneNumber, use: 'SMSで受け取るお知らせと確認コードは、この番号にお送りします。' };
  }
  return null;
}

/** The value on file proved as it was: a confirmation, not a change. */
const isSame = (result: ContactResult) => result.before !== null && result.same(result.before, result.after);

export function ContactCompletedPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  return match(snapshot.value)
    .with('contactCompleted', () => {
      const { user } = snapshot.context;
      const result = resultOf(user.userChangeData, user.userBeforeData);
      if (result === null) return <LeavingPage />;
      const confirmed = isSame(result);
      const headline = confirmed ? `連絡先の${result.label}を確認しました。` : result.before === null ? `連絡先の${result.label}を登録しました。` : `連絡先の${result.label}を変更しました。`;
      const backLabel = user.transitionSource === AccountPages.securityInfo ? 'セキュリティ設定に戻る' : '連絡先の確認に戻る';
      return (
        <>
          <div className="alert alert--success" role="status">
            <p className="alert__title">{headline}</p>
          </div>
          <section className="card" aria-labelledby="contact-result-heading">
            <h2 id="contact-result-heading">{confirmed ? '確認した連絡先' : '変更の内容'}</h2>
            <dl className="definition-list">
              {confirmed ? null : (
                <>
                  <dt>変更前</dt>
                  <dd>{result.show(result.before)}</dd>
                </>
              )}
              <dt>{confirmed ? result.label : '変更後'}</dt>
              <dd>
                {result.show(result.after)}（確認済み）
              </dd>
            </dl>
            <p className="status-note">{result.use}</p>
          </section>
          <div className="button-row">
            <button type="button" className="button button--block" onClick={() => actor.send({ type: 'wizard.back' })}>
              {backLabel}
            </button>
          </div>
        </>
      );
    })
    .with(P.string, () => <LeavingPage />)
    .exhaustive();
}
