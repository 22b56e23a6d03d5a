/**
 * /Sumahosetup-support/SupportHistory/Detail (SSS0003): one shop visit, the one chosen from the
 * list (the machine's currentIndex): when, where, what kind of support, its order number, and
 * each menu with its price (0 yen: covered by the plan).
 */
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SupportHistoryInfo } from '../../../contracts/api/support-history';
import { BusyLine } from '../service-flow/busy-line';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';
import { acceptedAt } from './in-store-copy';
import { useFlowActor, type SupportHistoryActor } from '../service-flow/use-flow-actor';
import type { SupportViewProps } from './support-detail-page';
import '../service-flow/service-flow.css';
import './in-store-support.css';

export function SupportHistoryDetailPage() {
  return <SupportHistoryDetailFlow actor={useFlowActor('inStoreSupportHistory')} />;
}

export function SupportHistoryDetailFlow({ actor }: { readonly actor: SupportHistoryActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <SupportHistoryDetailView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

function Visit({ entry }: { readonly entry: SupportHistoryInfo }) {
  return (
    <>
      <section className="card" aria-labelledby="sss-visit">
        <h2 id="sss-visit">{entry.supportCategoryNm}</h2>
        <dl className="definition-list">
          <dt>受付日時</dt>
          <dd>{acceptedAt(entry.supportAcceptedDt)}</dd>
          <dt>受付店舗</dt>
          <dd>{entry.supportAcceptedShopNm}</dd>
          <dt>受付番号</dt>
          <dd>{entry.cfOrderNumber}</dd>
        </dl>
      </section>
      <section className="card" aria-labelledby="sss-menus">
        <h2 id="sss-menus">サポートの内容</h2>
        <table className="menu-table">
          <thead>
            <tr>
              <th scope="col">メニュー</th>
              <th scope="col">料金</th>
            </tr>
          </thead>
          <tbody>
            {entry.supportMenuHistoryInfo.map((menu) => (
              <tr key={menu.supportMenuNm}>
                <td>{menu.supportMenuNm}</td>
                <td>{menu.price === 0 ? '定額に含む' : formatTaxIncludedYen(menu.price)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

export function SupportHistoryDetailView({ snapshot, send }: SupportViewProps) {
  return match(snapshot.value)
    .with('historyDetail', () => {
      const { supportHistoryInfo, currentIndex } = snapshot.context.support;
      const entry = supportHistoryInfo.find((candidate) => candidate.index === currentIndex);
      return (
        <>
          {entry === undefined ? null : <Visit entry={entry} />}
          <div className="button-row">
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
              ご利用履歴の一覧に戻る
            </button>
          </div>
        </>
      );
    })
    .with('loading', 'detail', 'historyLoading', 'history', 'benefits', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
