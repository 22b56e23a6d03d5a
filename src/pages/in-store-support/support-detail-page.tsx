/**
 * /Sumahosetup-support/Service/Detail (SSS0001): the contract (plan, state, start, payment), the
 * continued-use benefit so far and the next grant, the way to the support and benefit histories,
 * and the procedures the contract's state allows (cancel, or withdrawing a reservation). A
 * customer without the service is told it is applied for in a shop.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { allowedActionsFor } from '../../../contracts/lifecycle';
import { InStoreSupport } from '../../../contracts/services/in-store-support';
import type { SupportHistoryMachine } from '../../../machines/in-store-support/support-history.machine';
import { BusyLine } from '../service-flow/busy-line';
import { ContractSummary } from '../service-flow/contract-summary';
import { ProcedureList } from '../service-flow/procedure-list';
import { useFlowActor, type SupportHistoryActor } from '../service-flow/use-flow-actor';
import { formatMonthsOfUse, formatPoints, nextGrantLine } from './in-store-copy';
import '../service-flow/service-flow.css';

export function InStoreSupportDetailPage() {
  return <InStoreSupportDetailFlow actor={useFlowActor('inStoreSupportHistory')} />;
}

export function InStoreSupportDetailFlow({ actor }: { readonly actor: SupportHistoryActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <InStoreSupportDetailView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export type SupportViewProps = {
  readonly snapshot: SnapshotFrom<SupportHistoryMachine>;
  readonly send: SupportHistoryActor['send'];
};

/**
 * Without `send` (the server's first view, ADR 0106) the ways to the histories are drawn but not
 * usable until the app has taken the page over.
 */
export function InStoreSupportDetailView({ snapshot, send }: Omit<SupportViewProps, 'send'> & { readonly send: SupportViewProps['send'] | undefined }) {
  return match(snapshot.value)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('detail', () => {
      const contract = snapshot.context.contract;
      return contract === null ? null : <Detail contract={contract} send={send} />;
    })
    .with('historyLoading', 'history', 'historyDetail', 'benefits', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}

function Detail({ contract, send }: { readonly contract: FlowContract; readonly send: SupportHistoryActor['send'] | undefined }) {
  if (contract.status === 'none') {
    return (
      <section className="card" aria-labelledby="sss-none">
        <h2 id="sss-none">{InStoreSupport.name}のご契約はありません</h2>
        <p>{InStoreSupport.name}は、ショップでお申し込みいただけます。設定したいスマートフォンをお持ちのうえ、ご来店ください。</p>
        <div className="button-row">
          <Link to="/OptionServices" className="button button--secondary button--block">
            オプションサービスの一覧へ
          </Link>
        </div>
      </section>
    );
  }
  const benefit = contract.continuedUseBenefit;
  const next = benefit === null ? null : nextGrantLine(benefit);
  return (
    <>
      <section className="card" aria-labelledby="detail-contract">
        <h2 id="detail-contract">ご契約内容</h2>
        <ContractSummary contract={contract} />
      </section>
      {benefit === null ? null : (
        <section className="card" aria-labelledby="sss-benefit">
          <h2 id="sss-benefit">継続利用特典</h2>
          <dl className="definition-list">
            <dt>ご利用期間</dt>
            <dd>{formatMonthsOfUse(benefit.monthsOfUse)}</dd>
            <dt>これまでの特典</dt>
            <dd>{formatPoints(benefit.totalPoints)}</dd>
          </dl>
          {next === null ? null : <p>{next}</p>}
          <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.({ type: 'benefits.open' })}>
            継続利用特典の履歴を見る
          </button>
        </section>
      )}
      <section className="card" aria-labelledby="sss-history">
        <h2 id="sss-history">サポートのご利用履歴</h2>
        <p>ショップでお受けになったサポートの日時・店舗・内容を確認できます。</p>
        <button type="button" className="button button--secondary button--block" disabled={send === undefined} onClick={() => send?.({ type: 'history.open' })}>
          サポートのご利用履歴を見る
        </button>
      </section>
      <ProcedureList service={InStoreSupport} actions={allowedActionsFor(InStoreSupport.serviceId, contract.status)} />
    </>
  );
}
