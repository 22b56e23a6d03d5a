/**
 * /AnshinDataBox/Cancel/Inform (ADB0008): what cancelling means (stored data, last billing
 * month) before the customer chooses how; a contract with nothing to cancel cannot go on.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { ErrorCode } from '../../../contracts/error-catalogue';
import type { anshinCancelMachine } from '../../../machines/anshin-data-box/anshin-cancel.machine';
import { ErrorMessage } from '../../components/error-message';
import { ContractSummary } from './contract-summary';
import { BusyLine } from './steps';
import { useFlowActor, type CancelActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinCancelInformPage() {
  return <AnshinCancelInformFlow actor={useFlowActor('anshinCancel')} />;
}

export function AnshinCancelInformFlow({ actor }: { readonly actor: CancelActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <AnshinCancelInformView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type CancelViewProps = {
  readonly snapshot: SnapshotFrom<typeof anshinCancelMachine>;
  readonly send: CancelActor['send'];
};

export function AnshinCancelInformView({ snapshot, send }: CancelViewProps) {
  return match(snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('inform', () => {
      const contract = snapshot.context.contract;
      const canGoOn = snapshot.can({ type: 'wizard.next' });
      const reserved = contract?.status === 'withdrawal_reserved';
      return (
        <>
          {contract === null ? null : (
            <section className="card" aria-labelledby="adb-cancel-contract">
              <h2 id="adb-cancel-contract">現在のご契約</h2>
              <ContractSummary contract={contract} />
            </section>
          )}
          {reserved ? (
            <section className="card" aria-labelledby="adb-cancel-reserved">
              <h2 id="adb-cancel-reserved">解約のご予約について</h2>
              <p>現在、解約のご予約を承っています。解約予約を取り消すと、このままご利用を続けられます。</p>
            </section>
          ) : (
            <section className="card" aria-labelledby="adb-cancel-notes">
              <h2 id="adb-cancel-notes">解約の前にご確認ください</h2>
              <ul>
                <li>解約すると、保存した写真・動画・連絡先などのデータはすべて削除され、元に戻せません。必要なデータは、解約前に端末へ保存してください。</li>
                <li>月末での解約予約なら、月末までご利用いただけます。即時解約は、本日でご利用が終了します。</li>
                <li>どちらの場合も、解約する月の月額料金（550円（税込））はかかります。日割りはありません。解約金はかかりません。</li>
              </ul>
            </section>
          )}
          {canGoOn ? null : <ErrorMessage code={ErrorCode.StatusForbidsProcedure} />}
          <div className="button-row">
            {canGoOn ? (
              <button type="button" className="button button--block" onClick={() => send({ type: 'wizard.next' })}>
                {reserved ? '解約予約の取り消しへ進む' : '解約のお手続きへ進む'}
              </button>
            ) : null}
            <Link to="/AnshinDataBox/Service/Detail" className="button button--secondary button--block">
              ご契約内容に戻る
            </Link>
          </div>
        </>
      );
    })
    .with('confirm', 'submitting', 'submitUnknown', 'completed', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
