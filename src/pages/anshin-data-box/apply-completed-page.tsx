/** /AnshinDataBox/Apply/Completed (ADB0003): what happened and what happens next. */
import { useSelector } from '@xstate/react';
import type { ContractReceipt } from '../../../contracts/api/service-requests';
import { formatDate, MonthlyPrice, nextMonthOf, paymentLine, ServiceName } from './anshin-copy';
import { CompletedActions } from './completed-actions';
import { useFlowActor, type ApplyActor } from './use-flow-actor';
import './anshin-data-box.css';

export function AnshinApplyCompletedPage() {
  return <AnshinApplyCompletedFlow actor={useFlowActor('anshinApply')} />;
}

export function AnshinApplyCompletedFlow({ actor }: { readonly actor: ApplyActor }) {
  const receipt = useSelector(actor, (state) => state.context.receipt);
  const payment = useSelector(actor, (state) => paymentLine(state.context.applyInfo.paymentMethodLabel, state.context.applyInfo.paymentMethodDetails));
  return <AnshinApplyCompletedView receipt={receipt} payment={payment} />;
}

export type AnshinApplyCompletedViewProps = { readonly receipt: ContractReceipt | null; readonly payment: string };

export function AnshinApplyCompletedView({ receipt, payment }: AnshinApplyCompletedViewProps) {
  const start = receipt === null ? null : formatDate(receipt.effectiveDate);
  const chargeFrom = nextMonthOf(receipt === null ? new Date() : new Date(`${receipt.effectiveDate}T00:00:00+09:00`));
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{ServiceName}のお申し込みを受け付けました。</p>
        {receipt === null ? null : <p>受付日時：{new Date(receipt.acceptedAt).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}</p>}
      </div>
      <section className="card" aria-labelledby="adb-next">
        <h2 id="adb-next">これからの流れ</h2>
        <ol className="next-steps">
          <li>{start === null ? '本日から' : `${start}から`}ご利用いただけます。スマートフォンに「あんしんデータボックス」アプリを入れ、このポータルと同じIDでログインしてください。</li>
          <li>
            お申し込み月は無料です。{chargeFrom}分から{MonthlyPrice}がかかります（お支払い方法：{payment}）。
          </li>
          <li>ご契約内容・保存容量の確認、お支払い方法の変更、解約は「ご契約内容」からいつでもできます。</li>
        </ol>
      </section>
      <CompletedActions />
    </>
  );
}
