/**
 * /AccountMenu/Contact/Completed (ACC0010): what was registered, confirmed or changed, and the way
 * back to the info page the change started from (transitionSource: Contact/Info or Security/Info),
 * read again so it shows the new contact.
 */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { AccountPages } from '../../../machines/account-menu/account-pages';
import { LeavingPage } from './account-steps';
import { useFlowActor } from '../service-flow/use-flow-actor';
import { contactResultOf } from './contact-copy';
import '../service-flow/service-flow.css';
import './account.css';

export function ContactCompletedPage() {
  const actor = useFlowActor('account');
  const snapshot = useSelector(actor, (state) => state);
  return match(snapshot.value)
    .with('contactCompleted', () => {
      const { user } = snapshot.context;
      const result = contactResultOf(user.userChangeData, user.userBeforeData);
      if (result === null) return <LeavingPage />;
      const confirmed = result.outcome === 'confirmed';
      const backLabel = user.transitionSource === AccountPages.securityInfo ? 'セキュリティ設定に戻る' : '連絡先の確認に戻る';
      return (
        <>
          <div className="alert alert--success" role="status">
            <p className="alert__title">{result.headline}</p>
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
