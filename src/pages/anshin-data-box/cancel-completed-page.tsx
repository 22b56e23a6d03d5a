/** /AnshinDataBox/Cancel/Completed (ADB0010): what the cancel request did, by its type. */
import { useSelector } from '@xstate/react';
import { match, P } from 'ts-pattern';
import { RequestType, type RequestTypeValue } from '../../../contracts/codes';
import { formatDate, ServiceName } from './anshin-copy';
import { CompletedActions } from './completed-actions';
import { useFlowActor, type CancelActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinCancelCompletedPage() {
  return <AnshinCancelCompletedFlow actor={useFlowActor('anshinCancel')} />;
}

export function AnshinCancelCompletedFlow({ actor }: { readonly actor: CancelActor }) {
  const requestType = useSelector(actor, (state) => state.context.cancelInfo.requestType);
  const effectiveDate = useSelector(actor, (state) => state.context.receipt?.effectiveDate ?? null);
  return <AnshinCancelCompletedView requestType={requestType} effectiveDate={effectiveDate} />;
}

export type AnshinCancelCompletedViewProps = {
  readonly requestType: RequestTypeValue | null;
  readonly effectiveDate: string | null;
};

export function AnshinCancelCompletedView({ requestType, effectiveDate }: AnshinCancelCompletedViewProps) {
  const date = effectiveDate === null ? null : formatDate(effectiveDate);
  const { title, lines } = match(requestType)
    .with(P.union(RequestType.WithdrawalReservationMonthEnd, RequestType.WithdrawalReservationReckoningDate), () => ({
      title: `${ServiceName}の解約予約を受け付けました。`,
      lines: [
        `${date ?? '月末'}まで、これまでどおりご利用いただけます。`,
        '月額料金は、解約する月の分までご請求します。',
        '解約日を過ぎると、保存したデータは削除されます。必要なデータは、それまでに端末へ保存してください。',
        '解約日までなら、「ご契約内容」から解約予約を取り消せます。',
      ],
    }))
    .with(RequestType.Withdrawal, () => ({
      title: `${ServiceName}を解約しました。`,
      lines: [
        `${date ?? '本日'}でご利用を終了しました。保存したデータは削除されます。`,
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
        <section className="card" aria-labelledby="adb-cancel-next">
          <h2 id="adb-cancel-next">今後について</h2>
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
