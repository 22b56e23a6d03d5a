/** A service's Apply/Completed page (ADB0003, BKL0003): what happened and what happens next. */
import { useSelector } from '@xstate/react';
import type { ContractReceipt } from '../../../contracts/api/service-requests';
import type { PlanIdValue } from '../../../contracts/codes';
import { formatDateTimeToSecond } from '../../../contracts/text/japan-time';
import { formatDate, monthlyPrice, nextMonthOf, paymentLine } from './service-copy';
import { planOf } from '../../../contracts/services/service-definition';
import { CompletedActions } from './completed-actions';
import { useServiceView } from './service-view';
import { useKitFlowActor, type ApplyActor } from './use-flow-actor';
import './service-flow.css';

export function ApplyCompletedPage() {
  return <ApplyCompletedFlow actor={useKitFlowActor('apply')} />;
}

export function ApplyCompletedFlow({ actor }: { readonly actor: ApplyActor }) {
  const receipt = useSelector(actor, (state) => state.context.receipt);
  const planId = useSelector(actor, (state) => state.context.applyInfo.planId);
  const payment = useSelector(actor, (state) => paymentLine(state.context.applyInfo.paymentMethodLabel, state.context.applyInfo.paymentMethodDetails));
  return <ApplyCompletedView receipt={receipt} payment={payment} planId={planId} />;
}

export type ApplyCompletedViewProps = { readonly receipt: ContractReceipt | null; readonly payment: string; readonly planId: PlanIdValue };

export function ApplyCompletedView({ receipt, payment, planId }: ApplyCompletedViewProps) {
  const { service, firstStep } = useServiceView();
  const plan = planOf(service, planId);
  const start = receipt === null ? null : formatDate(receipt.effectiveDate);
  // Without the server's receipt the month is told relatively: never the device's clock (ADR 0067).
  const chargeFrom = receipt === null ? '翌月' : nextMonthOf(new Date(`${receipt.effectiveDate}T00:00:00+09:00`));
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{service.name}のお申し込みを受け付けました。</p>
        {receipt === null ? null : <p>受付日時：{formatDateTimeToSecond(new Date(receipt.acceptedAt))}</p>}
      </div>
      <section className="card" aria-labelledby="apply-next">
        <h2 id="apply-next">これからの流れ</h2>
        <ol className="next-steps">
          <li>
            {start === null ? '本日から' : `${start}から`}
            {service.plans.length > 1 ? `「${plan.name}」を` : ''}ご利用いただけます。{firstStep}
          </li>
          <li>
            {service.firstMonthFree
              ? `お申し込み月は無料です。${chargeFrom}分から${monthlyPrice(plan)}がかかります`
              : `お申し込み月から${monthlyPrice(plan)}がかかります`}
            （お支払い方法：{payment}）。
          </li>
          <li>ご契約内容の確認、お支払い方法の変更、解約は「ご契約内容」からいつでもできます。</li>
        </ol>
      </section>
      <CompletedActions />
    </>
  );
}
