/** A service's Cancel/Completed page (ADB0010, BKL0010, SSS0007): what the cancel request did, by its type. */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { RequestType, type RequestTypeValue } from '../../../contracts/codes';
import { formatDate } from './service-copy';
import { useServiceView } from './service-view';
import { CompletedActions } from './completed-actions';
import { useKitFlowActor, type CancelActor } from './use-flow-actor';
import './service-flow.css';

export function CancelCompletedPage() {
  return <CancelCompletedFlow actor={useKitFlowActor('cancel')} />;
}

export function CancelCompletedFlow({ actor }: { readonly actor: CancelActor }) {
  const requestType = useSelector(actor, (state) => state.context.cancelInfo.requestType);
  const effectiveDate = useSelector(actor, (state) => state.context.receipt?.effectiveDate ?? null);
  return <CancelCompletedView requestType={requestType} effectiveDate={effectiveDate} />;
}

export type CancelCompletedViewProps = {
  readonly requestType: RequestTypeValue | null;
  readonly effectiveDate: string | null;
};

export function CancelCompletedView({ requestType, effectiveDate }: CancelCompletedViewProps) {
  const { service, afterCancel } = useServiceView();
  const date = effectiveDate === null ? null : formatDate(effectiveDate);
  const { title, lines } = match(requestType)
    .with(P.union(RequestType.WithdrawalReservationMonthEnd, RequestType.WithdrawalReservationReckoningDate), (reservation) => ({
      title: `${service.name}の解約予約を受け付けました。`,
      lines: [
        `${date ?? '月末'}まで、これまでどおりご利用いただけます。`,
        '月額料金は、解約する月の分までご請求します。',
        ...(afterCancel[reservation] ?? []),
        '解約日までなら、「ご契約内容」から解約予約を取り消せます。',
      ],
    }))
    .with(RequestType.Withdrawal, () => ({
      title: `${service.name}を解約しました。`,
      lines: [
        `${date ?? '本日'}でご利用を終了しました。`,
        ...(afterCancel[RequestType.Withdrawal] ?? []),
        '月額料金は、今月分までご請求します。',
        'またご利用になる場合は、あらためてお申し込みください。',
      ],
    }))
    .with(RequestType.WithdrawalReservationCancel, () => ({
      title: '解約予約を取り消しました。',
      lines: ['このまま、これまでどおりご利用いただけます。', '月額料金とお支払い方法は変わりません。'],
    }))
    .otherwise(() => ({ title: 'お手続きを受け付けました。', lines: [] }));
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{title}</p>
      </div>
      {lines.length === 0 ? null : (
        <section className="card" aria-labelledby="cancel-next">
          <h2 id="cancel-next">今後について</h2>
          <ul className="next-steps">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <CompletedActions showContract={false} />
    </>
  );
}
