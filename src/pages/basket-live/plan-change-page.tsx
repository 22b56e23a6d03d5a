/**
 * /BasketLive/Plan/Change (BKL0011): the current plan, the choice of another one, then the
 * confirmation with the quote (both plans, the monthly difference and the effective day) before
 * the customer commits (docs/flows/basket-live.md section 4, ADR 0062).
 */
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import { match } from 'ts-pattern';
import { offeredPlans } from '../../../machines/basket-live/offered-plans';
import type { basketLivePlanChangeMachine, PlanChangeEvent } from '../../../machines/basket-live/plan-change.machine';
import { ChoiceGroup } from '../service-flow/fields';
import { BusyLine } from '../service-flow/busy-line';
import { SubmitActions, SubmitUnknown } from '../service-flow/step-actions';
import { useFlowActor, type PlanChangeActor } from '../service-flow/use-flow-actor';
import { basketLivePlan } from '../../../contracts/services/basket-live';
import { formatDate, planLine } from '../service-flow/service-copy';
import { quoteNotes, signedYen } from './plan-copy';
import '../service-flow/service-flow.css';

export type PlanChangeViewProps = {
  readonly snapshot: SnapshotFrom<typeof basketLivePlanChangeMachine>;
  /** Undefined while the page is the server's first view: the choice is drawn, not yet usable (ADR 0106). */
  readonly send: ((event: PlanChangeEvent) => void) | undefined;
};

export function BasketLivePlanChangePage() {
  return <BasketLivePlanChangeFlow actor={useFlowActor('basketLivePlanChange')} />;
}

export function BasketLivePlanChangeFlow({ actor }: { readonly actor: PlanChangeActor }) {
  const snapshot = useSelector(actor, (state) => state);
  return <BasketLivePlanChangeView snapshot={snapshot} send={(event) => actor.send(event)} />;
}

function ChooseStep({ snapshot, send }: PlanChangeViewProps) {
  const { contract, nextPlanId } = snapshot.context;
  if (contract?.planId == null) return <BusyLine>ご契約内容を確認しています。</BusyLine>;
  const current = basketLivePlan(contract.planId);
  const pending = contract.pendingPlan;
  const busy = snapshot.hasTag('busy');
  const usable = send !== undefined && !busy;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send?.({ type: 'wizard.next' });
      }}
    >
      <section className="card" aria-labelledby="bkl-current-plan">
        <h2 id="bkl-current-plan">現在のプラン</h2>
        <dl className="definition-list">
          <dt>プラン</dt>
          <dd>{planLine(current)}</dd>
          <dt>内容</dt>
          <dd>{current.includes}</dd>
          {pending === null ? null : (
            <>
              <dt>変更予約</dt>
              <dd>
                {formatDate(pending.effectiveDate)}から{planLine(basketLivePlan(pending.planId))}
              </dd>
            </>
          )}
        </dl>
      </section>
      <ChoiceGroup
        id="bkl-plan"
        legend="変更後のプラン"
        required
        type="radio"
        options={offeredPlans(contract).map((planId) => {
          const plan = basketLivePlan(planId);
          return {
            value: planId,
            label: planId === current.planId ? `${planLine(plan)}のまま（変更予約の取り消し）` : planLine(plan),
            support: `${plan.includes}。現在との差額 月額${signedYen(plan.monthlyPrice - current.monthlyPrice)}`,
          };
        })}
        selected={nextPlanId === null ? [] : [nextPlanId]}
        onChange={(planId) => send?.({ type: 'plan.select', planId })}
        support="料金はすべて税込の月額です。"
        disabled={!usable}
      />
      <div className="button-row">
        <button type="submit" className="button button--block" disabled={!usable || !snapshot.can({ type: 'wizard.next' })}>
          {busy ? '料金を計算しています…' : '変更内容の確認へ進む'}
        </button>
      </div>
    </form>
  );
}

function ConfirmStep({ snapshot, send }: PlanChangeViewProps) {
  const { quote } = snapshot.context;
  if (quote === null) return <BusyLine>料金を計算しています。</BusyLine>;
  const busy = snapshot.hasTag('busy');
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send?.({ type: 'confirm.submit' });
      }}
    >
      <p className="lead">プラン変更の内容をご確認ください。</p>
      <section className="card" aria-labelledby="bkl-quote">
        <h2 id="bkl-quote">変更内容</h2>
        <dl className="definition-list">
          <dt>現在のプラン</dt>
          <dd>{planLine(quote.current)}</dd>
          <dt>変更後のプラン</dt>
          <dd>{planLine(quote.next)}</dd>
          <dt>月額の差額</dt>
          <dd>{signedYen(quote.monthlyDifference)}（税込）</dd>
          <dt>適用日</dt>
          <dd>{formatDate(quote.effectiveDate)}</dd>
        </dl>
        <ul className="next-steps">
          {quoteNotes(quote).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      {snapshot.value === 'submitUnknown' ? (
        <SubmitUnknown onRetry={() => send?.({ type: 'error.retry' })} />
      ) : (
        <SubmitActions
          busy={busy}
          canSubmit={send !== undefined && snapshot.can({ type: 'confirm.submit' })}
          submitLabel={quote.direction === 'same' ? '変更予約を取り消す' : 'プランを変更する'}
          busyLabel="送信しています…"
          backLabel="プランの選択に戻る"
          onBack={() => send?.({ type: 'wizard.back' })}
        />
      )}
    </form>
  );
}

export function BasketLivePlanChangeView(props: PlanChangeViewProps) {
  return match(props.snapshot.value)
    .with('choosing', 'quoting', () => <ChooseStep {...props} />)
    .with('confirm', 'submitting', 'submitUnknown', () => <ConfirmStep {...props} />)
    .with('loading', () => <BusyLine>ご契約内容を確認しています。</BusyLine>)
    .with('completed', 'failed', () => <BusyLine>画面を切り替えています。</BusyLine>)
    .exhaustive();
}
