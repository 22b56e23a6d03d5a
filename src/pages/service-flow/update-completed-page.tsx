/** A service's Update/Completed page (ADB0007, BKL0007): the payment change is accepted, and from when it applies. */
import { useSelector } from '@xstate/react';
import { nextMonthOf, paymentLine } from './service-copy';
import { CompletedActions } from './completed-actions';
import { useKitFlowActor, type ChangePaymentActor } from './use-flow-actor';
import './service-flow.css';

export function UpdateCompletedPage() {
  return <UpdateCompletedFlow actor={useKitFlowActor('changePayment')} />;
}

export function UpdateCompletedFlow({ actor }: { readonly actor: ChangePaymentActor }) {
  const payment = useSelector(actor, (state) => paymentLine(state.context.changeInfo.paymentMethodLabel, state.context.changeInfo.paymentMethodDetails));
  const effectiveDate = useSelector(actor, (state) => state.context.receipt?.effectiveDate ?? null);
  return <UpdateCompletedView payment={payment} effectiveDate={effectiveDate} />;
}

export function UpdateCompletedView({ payment, effectiveDate }: { readonly payment: string; readonly effectiveDate: string | null }) {
  // Without the server's effective date the month is told relatively: never the device's clock (ADR 0067).
  const from = effectiveDate === null ? '翌月' : nextMonthOf(new Date(`${effectiveDate}T00:00:00+09:00`));
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">お支払い方法の変更を受け付けました。</p>
        <p>
          新しいお支払い方法：{payment}
        </p>
      </div>
      <section className="card" aria-labelledby="update-next">
        <h2 id="update-next">これからの流れ</h2>
        <ul className="next-steps">
          <li>{from}ご請求分から、新しいお支払い方法でのお支払いとなります。</li>
          <li>今月分までのご利用料金は、変更前のお支払い方法でご請求します。</li>
        </ul>
      </section>
      <CompletedActions />
    </>
  );
}
