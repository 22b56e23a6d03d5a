/**
 * /Sumahosetup-support/SupportHistory (SSS0002): the shop visits, newest first, ten at a time
 * with "show more"; choosing one opens its detail (the machine sets the transition flag).
 */
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import { BusyLine } from '../service-flow/busy-line';
import { acceptedDay } from './in-store-copy';
import { formatDate } from '../service-flow/service-copy';
import { useFlowActor, type SupportHistoryActor } from '../service-flow/use-flow-actor';
import type { SupportViewProps } from './support-detail-page';
import '../service-flow/service-flow.css';
import './in-store-support.css';

export function SupportHistoryPage() {
  return <SupportHistoryFlow actor={useFlowActor('inStoreSupportHistory')} />;
}

export function SupportHistoryFlow({ actor }: { readonly actor: SupportHistoryActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <SupportHistoryView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

export function SupportHistoryView({ snapshot, send }: SupportViewProps) {
  return match(snapshot.value)
    .with('historyLoading', () => <BusyLine>ご利用履歴を読み込んでいます。</BusyLine>)
    .with('history', () => {
      const { support, shown } = snapshot.context;
      const entries = support.supportHistoryInfo;
      const visible = entries.slice(0, shown);
      return (
        <>
          {entries.length === 0 ? (
            <p>ショップでのサポートのご利用履歴はまだありません。</p>
          ) : (
            <>
              <p className="note" role="status">
                全{entries.length}件中 {visible.length}件を表示しています（新しい順）。
              </p>
              <ul className="history-list">
                {visible.map((entry) => (
                  <li key={entry.cfOrderNumber}>
                    <button type="button" className="history-list__item" onClick={() => send({ type: 'history.select', index: entry.index })}>
                      <span className="history-list__date">{formatDate(acceptedDay(entry.supportAcceptedDt))}</span>
                      <span className="history-list__title">{entry.supportCategoryNm}</span>
                      <span className="history-list__meta">{entry.supportAcceptedShopNm}</span>
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="button-row">
            {snapshot.can({ type: 'history.more' }) ? (
              <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'history.more' })}>
                もっと見る
              </button>
            ) : null}
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
              ご契約内容に戻る
            </button>
          </div>
        </>
      );
    })
    .with('loading', 'detail', 'historyDetail', 'benefits', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
