/**
 * /Sumahosetup-support/BenefitHistory (SSS0004): the continued-use benefit as the server computed
 * it from the contract's dates (ADR 0072): months of use, the grants so far, newest first, and
 * the next one with the day its period ends.
 */
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { ContinuedUseBenefit } from '../../../contracts/services/continued-use-benefit';
import { BusyLine } from '../service-flow/busy-line';
import { formatDate } from '../service-flow/service-copy';
import { useFlowActor, type SupportHistoryActor } from '../service-flow/use-flow-actor';
import { formatMonthsOfUse, formatPoints, nextGrantLine } from './in-store-copy';
import type { SupportViewProps } from './support-detail-page';
import '../service-flow/service-flow.css';
import './in-store-support.css';

export function BenefitHistoryPage() {
  return <BenefitHistoryFlow actor={useFlowActor('inStoreSupportHistory')} />;
}

export function BenefitHistoryFlow({ actor }: { readonly actor: SupportHistoryActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <BenefitHistoryView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

function Benefit({ benefit }: { readonly benefit: ContinuedUseBenefit }) {
  const next = nextGrantLine(benefit);
  return (
    <>
      <section className="card" aria-labelledby="sss-benefit-summary">
        <h2 id="sss-benefit-summary">これまでの特典</h2>
        <dl className="definition-list">
          <dt>ご利用開始日</dt>
          <dd>{formatDate(benefit.startedOn)}</dd>
          <dt>ご利用期間</dt>
          <dd>{formatMonthsOfUse(benefit.monthsOfUse)}</dd>
          <dt>付与したポイントの合計</dt>
          <dd>{formatPoints(benefit.totalPoints)}</dd>
        </dl>
        {next === null ? null : <p>{next}</p>}
      </section>
      <section className="card" aria-labelledby="sss-benefit-grants">
        <h2 id="sss-benefit-grants">付与の履歴</h2>
        {benefit.grants.length === 0 ? (
          <p>まだ付与した特典はありません。ご利用6か月で最初の特典を付与します。</p>
        ) : (
          <table className="menu-table">
            <thead>
              <tr>
                <th scope="col">付与日</th>
                <th scope="col">内容</th>
                <th scope="col">ポイント</th>
              </tr>
            </thead>
            <tbody>
              {benefit.grants.map((grant) => (
                <tr key={grant.milestoneMonths}>
                  <td>{formatDate(grant.grantedOn)}</td>
                  <td>ご利用{formatMonthsOfUse(grant.milestoneMonths)}の特典</td>
                  <td>{formatPoints(grant.points)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="note">ご利用6か月ごとに付与します。1年ごとに1,000ポイント、その間の半年ごとに500ポイントです。解約すると、その時点で算定期間が終わっていない特典は付与されません。</p>
      </section>
    </>
  );
}

export function BenefitHistoryView({ snapshot, send }: SupportViewProps) {
  return match(snapshot.value)
    .with('benefits', () => {
      const benefit = snapshot.context.contract?.continuedUseBenefit ?? null;
      return (
        <>
          {benefit === null ? <p>継続利用特典の情報はありません。</p> : <Benefit benefit={benefit} />}
          <div className="button-row">
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
              ご契約内容に戻る
            </button>
          </div>
        </>
      );
    })
    .with('loading', 'detail', 'historyLoading', 'history', 'historyDetail', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
