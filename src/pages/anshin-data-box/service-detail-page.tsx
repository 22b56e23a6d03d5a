/**
 * /AnshinDataBox/Service/Detail (ADB0004): the contract (plan, state, start, payment with the
 * card masked to its last 4 digits), the storage used, and the procedures the contract's state
 * allows (contracts/lifecycle.ts): payment change (this flow's next step), cancel, resume and
 * the withdrawal-reservation cancel (each the entry page of its own flow).
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import type { AnshinContract, StorageUsageResponse } from '../../../contracts/api/anshin-data-box';
import type { ServiceContract } from '../../../contracts/api/service-contracts';
import { ServiceId } from '../../../contracts/codes';
import { allowedActionsFor } from '../../../contracts/lifecycle';
import type { anshinChangePaymentMachine } from '../../../machines/anshin-data-box/anshin-change-payment.machine';
import { contractsQueryOptions } from '../../api/queries/contracts.query';
import { storageUsageQueryOptions } from '../../api/queries/storage-usage.query';
import { formatDate } from './anshin-copy';
import { ContractSummary } from './contract-summary';
import { BusyLine } from './steps';
import { useFlowActor, type ChangePaymentActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinServiceDetailPage() {
  const actor = useFlowActor('anshinChangePayment');
  const hasContract = useSelector(actor, (state) => state.context.contract !== null && state.context.contract.status !== 'none' && state.context.contract.status !== 'withdrawn');
  const contracts = useQuery(contractsQueryOptions());
  const usage = useQuery({ ...storageUsageQueryOptions(), enabled: hasContract });
  const started = contracts.data?.contracts.find((contract) => contract.serviceId === ServiceId.DataStorage && contract.status !== 'withdrawn');
  return (
    <AnshinServiceDetailFlow
      actor={actor}
      contract={started}
      usage={usage.data}
      usageFailed={usage.isError}
    />
  );
}

export type AnshinServiceDetailFlowProps = {
  readonly actor: ChangePaymentActor;
  readonly contract: ServiceContract | undefined;
  readonly usage: StorageUsageResponse | undefined;
  readonly usageFailed: boolean;
};

export function AnshinServiceDetailFlow({ actor, ...rest }: AnshinServiceDetailFlowProps) {
  const snapshot = useSelector(actor, (state) => state);
  return <AnshinServiceDetailView snapshot={snapshot} send={(event) => actor.send(event)} {...rest} />;
}

export type AnshinServiceDetailViewProps = Omit<AnshinServiceDetailFlowProps, 'actor'> & {
  readonly snapshot: SnapshotFrom<typeof anshinChangePaymentMachine>;
  readonly send: ChangePaymentActor['send'];
};

export function AnshinServiceDetailView(props: AnshinServiceDetailViewProps) {
  return match(props.snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('detail', () => {
      const contract = props.snapshot.context.contract;
      return contract === null ? null : <Detail {...props} anshin={contract} />;
    })
    .with(
      'paymentSelect',
      { cardProvider: 'opening' },
      { cardProvider: 'away' },
      { cardProvider: 'verifying' },
      'confirm',
      'otp',
      'submitting',
      'submitUnknown',
      'completed',
      'failed',
      () => <BusyLine>画面を切り替えています。</BusyLine>,
    )
    .exhaustive();
}

const gigabytes = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 1 });
// Storage is sold in binary gigabytes (50GB = 50 x 1024^3 bytes), as phones show it.
const toGb = (bytes: number) => `${gigabytes.format(bytes / 1024 ** 3)}GB`;

function StorageUsage({ usage, failed }: { readonly usage: StorageUsageResponse | undefined; readonly failed: boolean }) {
  if (usage === undefined) {
    return failed ? <p className="note">保存容量を取得できませんでした。時間をおいて、もう一度お試しください。</p> : <BusyLine>保存容量を確認しています。</BusyLine>;
  }
  const percent = Math.min(100, Math.round((usage.usedBytes / usage.capacityBytes) * 100));
  return (
    <>
      <p>
        {toGb(usage.usedBytes)} / {toGb(usage.capacityBytes)} 使用中（{percent}%）
      </p>
      <meter className="usage-meter" min={0} max={usage.capacityBytes} value={usage.usedBytes} aria-label="保存容量の使用率">
        {percent}%
      </meter>
      <p className="note">{formatDate(usage.measuredAt)}時点</p>
    </>
  );
}

function Detail({ snapshot, send, contract, usage, usageFailed, anshin }: AnshinServiceDetailViewProps & { readonly anshin: AnshinContract }) {
  if (anshin.status === 'none') {
    return (
      <section className="card">
        <p>あんしんデータボックスのご契約はありません。</p>
        <div className="button-row">
          <Link to="/AnshinDataBox" className="button button--block">
            サービスのご案内・お申し込み
          </Link>
        </div>
      </section>
    );
  }
  const actions = allowedActionsFor(ServiceId.DataStorage, anshin.status);
  return (
    <>
      <section className="card" aria-labelledby="adb-contract">
        <h2 id="adb-contract">ご契約内容</h2>
        <ContractSummary contract={anshin} startedAt={contract?.startedAt ?? null} />
      </section>
      {anshin.status === 'withdrawn' ? null : (
        <section className="card" aria-labelledby="adb-usage">
          <h2 id="adb-usage">保存容量</h2>
          <StorageUsage usage={usage} failed={usageFailed} />
        </section>
      )}
      <section aria-labelledby="adb-actions">
        <h2 id="adb-actions">お手続き</h2>
        {actions.length === 0 ? <p>いまポータルでできるお手続きはありません。</p> : null}
        <ul className="action-list">
          {actions.includes('changePayment') && snapshot.can({ type: 'wizard.next' }) ? (
            <li>
              <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.next' })}>
                お支払い方法の変更
              </button>
            </li>
          ) : null}
          {actions.includes('resume') ? (
            <li>
              <Link to="/AnshinDataBox/Resume/Confirm" className="button button--secondary button--block">
                利用再開
              </Link>
            </li>
          ) : null}
          {actions.includes('cancelReservation') ? (
            <li>
              <Link to="/AnshinDataBox/Cancel/Inform" className="button button--secondary button--block">
                解約予約の取り消し
              </Link>
            </li>
          ) : null}
          {actions.includes('cancel') ? (
            <li>
              <Link to="/AnshinDataBox/Cancel/Inform" className="button button--secondary button--block">
                解約
              </Link>
            </li>
          ) : null}
          {actions.includes('apply') ? (
            <li>
              <Link to="/AnshinDataBox" className="button button--secondary button--block">
                お申し込み
              </Link>
            </li>
          ) : null}
        </ul>
      </section>
    </>
  );
}
