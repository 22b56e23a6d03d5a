/**
 * A service's Cancel/Inform page (ADB0008, BKL0008): what cancelling means (what the customer
 * loses, the last billing month) before the customer chooses how; a contract with nothing to
 * cancel cannot go on.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { ErrorCode } from '../../../contracts/error-catalogue';
import { servicePath } from '../../../contracts/services/service-definition';
import type { CancelFlowMachine } from '../../../machines/service-flow/cancel.flow';
import { ErrorMessage } from '../../components/error-message';
import { ContractSummary } from './contract-summary';
import { useServiceView } from './service-view';
import { BusyLine } from './busy-line';
import { useKitFlowActor, type CancelActor } from './use-flow-actor';
import './service-flow.css';

export function CancelInformPage() {
  return <CancelInformFlow actor={useKitFlowActor('cancel')} />;
}

export function CancelInformFlow({ actor }: { readonly actor: CancelActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <CancelInformView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type CancelViewProps = {
  readonly snapshot: SnapshotFrom<CancelFlowMachine>;
  readonly send: CancelActor['send'];
};

/**
 * Without `send` (the server's first view, ADR 0106) the way on is drawn but not usable until the
 * app has taken the page over.
 */
export function CancelInformView({ snapshot, send }: Omit<CancelViewProps, 'send'> & { readonly send: CancelViewProps['send'] | undefined }) {
  const { service, beforeCancel } = useServiceView();
  return match(snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('inform', () => {
      const contract = snapshot.context.contract;
      const canGoOn = snapshot.can({ type: 'wizard.next' });
      const reserved = contract?.status === 'withdrawal_reserved';
      return (
        <>
          {contract === null ? null : (
            <section className="card" aria-labelledby="cancel-contract">
              <h2 id="cancel-contract">現在のご契約</h2>
              <ContractSummary contract={contract} />
            </section>
          )}
          {reserved ? (
            <section className="card" aria-labelledby="cancel-reserved">
              <h2 id="cancel-reserved">解約のご予約について</h2>
              <p>現在、解約のご予約を承っています。解約予約を取り消すと、このままご利用を続けられます。</p>
            </section>
          ) : (
            <section className="card" aria-labelledby="cancel-notes">
              <h2 id="cancel-notes">解約の前にご確認ください</h2>
              <ul>
                {beforeCancel.map((line) => (
                  <li key={line}>{line}</li>
                ))}
                <li>月末での解約予約なら、月末までご利用いただけます。即時解約は、本日でご利用が終了します。</li>
                <li>いずれの場合も、解約する月の月額料金はかかります。日割りはありません。解約金はかかりません。</li>
              </ul>
            </section>
          )}
          {canGoOn ? null : <ErrorMessage code={ErrorCode.StatusForbidsProcedure} />}
          <div className="button-row">
            {canGoOn ? (
              <button type="button" className="button button--block" disabled={send === undefined} onClick={() => send?.({ type: 'wizard.next' })}>
                {reserved ? '解約予約の取り消しへ進む' : '解約のお手続きへ進む'}
              </button>
            ) : null}
            <Link to={servicePath(service, 'detail')} className="button button--secondary button--block">
              ご契約内容に戻る
            </Link>
          </div>
        </>
      );
    })
    .with('confirm', 'submitting', 'submitUnknown', 'completed', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
