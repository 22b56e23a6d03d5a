/** /BasketLive/Plan/Completed (BKL0012): what the plan change did and from when. */
import { useSelector } from '@xstate/react';
import type { PlanChangeQuote } from '../../../contracts/services/plan-change';
import type { BasketLivePlan } from '../../../contracts/services/basket-live';
import { CompletedActions } from '../service-flow/completed-actions';
import { useFlowActor, type PlanChangeActor } from '../service-flow/use-flow-actor';
import { quoteNotes } from './plan-copy';
import '../service-flow/service-flow.css';

export function BasketLivePlanCompletedPage() {
  return <BasketLivePlanCompletedFlow actor={useFlowActor('basketLivePlanChange')} />;
}

export function BasketLivePlanCompletedFlow({ actor }: { readonly actor: PlanChangeActor }) {
  const quote = useSelector(actor, (state) => state.context.quote);
  return <BasketLivePlanCompletedView quote={quote} />;
}

export function BasketLivePlanCompletedView({ quote }: { readonly quote: PlanChangeQuote<BasketLivePlan> | null }) {
  const title =
    quote === null
      ? 'お手続きを受け付けました。'
      : quote.direction === 'same'
        ? 'プラン変更の予約を取り消しました。'
        : quote.direction === 'up'
          ? `${quote.next.name}に変更しました。`
          : `${quote.next.name}への変更を予約しました。`;
  return (
    <>
      <div className="alert alert--success" role="status">
        <p className="alert__title">{title}</p>
      </div>
      {quote === null ? null : (
        <section className="card" aria-labelledby="bkl-plan-next">
          <h2 id="bkl-plan-next">今後について</h2>
          <ul className="next-steps">
            {quoteNotes(quote).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      )}
      <CompletedActions showContract={false} />
    </>
  );
}
