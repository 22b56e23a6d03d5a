/** Registry entry of the basket live plan change: model input, events, vertex identity and business rules. */
import type { SnapshotFrom } from 'xstate';
import { BasketLivePlans } from './plan-lineup';
import { atStep, unless } from '../mbt/invariant-helpers';
import { failures, modelEvents } from '../model-fixtures';
import type { MachineEntry, MachineInvariant } from '../registry';
import { basketLivePlanChangeMachine, offeredPlans, type PlanChangeContract } from './plan-change.machine';

type PlanChangeSnapshot = SnapshotFrom<typeof basketLivePlanChangeMachine>;

const loaded = (output: PlanChangeContract) => ({ type: 'xstate.done.actor.loadContract', output });
const receipt = { serviceId: '231', status: 'active', effectiveDate: '2026-11-24', acceptedAt: '2026-11-24T10:00:00+09:00' };

/** Steps from the confirm page on, where what is submitted is fixed. */
const SUBMIT_STEPS = ['confirm', 'submitting', 'submitUnknown'];

const priceOf = (planId: string) => BasketLivePlans.find((plan) => plan.planId === planId)?.monthlyPrice;

function invariants(): MachineInvariant[] {
  const at = (raw: unknown, steps: string[]) => atStep(raw as PlanChangeSnapshot, steps);
  const context = (raw: unknown) => (raw as PlanChangeSnapshot).context;
  return [
    {
      id: 'basketLivePlanChange.active-only',
      description: 'プランの選択以降では、契約が利用中（active）であること',
      check: (raw) => {
        const status = context(raw).contract?.status;
        return unless(!at(raw, ['choosing', 'quoting', ...SUBMIT_STEPS, 'completed']) || status === 'active', `contract status is ${String(status)}`);
      },
    },
    {
      id: 'basketLivePlanChange.offered-plan',
      description: '確認画面以降では、変更後のプランが選べるプラン（現在・予約中のプランでない）であること',
      check: (raw) => {
        const { contract, nextPlanId } = context(raw);
        return unless(
          !at(raw, SUBMIT_STEPS) || (nextPlanId !== null && offeredPlans(contract).includes(nextPlanId)),
          `next plan ${String(nextPlanId)} is not offered`,
        );
      },
    },
    {
      id: 'basketLivePlanChange.quote-before-commit',
      description: '確認画面以降では、現在と変更後のプラン・差額・適用日の見積もりを表示していること',
      check: (raw) => {
        const { contract, nextPlanId, quote } = context(raw);
        if (!at(raw, SUBMIT_STEPS)) return undefined;
        if (quote === null) return 'no quote on the confirm page';
        return unless(
          quote.current.planId === contract?.planId &&
            quote.next.planId === nextPlanId &&
            quote.monthlyDifference === (priceOf(quote.next.planId) ?? NaN) - (priceOf(quote.current.planId) ?? NaN),
          `quote ${quote.current.planId}->${quote.next.planId} (${quote.monthlyDifference}) does not match the choice`,
        );
      },
    },
    {
      id: 'basketLivePlanChange.downgrade-next-month',
      description: '見積もりの適用日は、ダウングレードなら翌月1日、それ以外は業務日付（即日）であること',
      check: (raw) => {
        const { quote } = context(raw);
        if (quote === null) return undefined;
        const firstOfMonth = quote.effectiveDate.endsWith('/01');
        return unless(quote.direction !== 'down' || firstOfMonth, `downgrade effective ${quote.effectiveDate}`);
      },
    },
    {
      id: 'basketLivePlanChange.completed-with-receipt',
      description: 'プラン変更完了では、サーバーの受付（receipt）を持つこと',
      check: (raw) => unless(!at(raw, ['completed']) || context(raw).receipt !== null, 'completed without a receipt'),
    },
  ];
}

export const basketLivePlanChangeEntry: MachineEntry = {
  id: 'basketLivePlanChange',
  title: 'バスケットLIVEのプラン変更',
  machine: basketLivePlanChangeMachine,
  input: { sbSystemId: '1000000006' },
  events: modelEvents(
    loaded({ status: 'active', planId: '232', pendingPlan: null }),
    loaded({ status: 'active', planId: '232-2', pendingPlan: { planId: '232', effectiveDate: '2026/12/01' } }),
    loaded({ status: 'suspended', planId: '232', pendingPlan: null }),
    loaded({ status: 'none', planId: null, pendingPlan: null }),
    { type: 'xstate.error.actor.loadContract', error: failures.congestion },
    // 232-2 is an upgrade from 232 and offered; 232 is the current plan (or the pending one): refused.
    { type: 'plan.select', planId: '232-2' },
    { type: 'plan.select', planId: '232' },
    { type: 'plan.select', planId: '232-4' },
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'xstate.done.actor.loadBusinessDate', output: '2026/11/24' },
    { type: 'xstate.error.actor.loadBusinessDate', error: failures.unknown },
    { type: 'confirm.submit' },
    { type: 'error.retry' },
    { type: 'xstate.done.actor.changePlan', output: receipt },
    { type: 'xstate.error.actor.changePlan', error: failures.unknown },
    { type: 'xstate.error.actor.changePlan', error: failures.statusForbids },
  ),
  serializeState: (raw) => {
    const snapshot = raw as PlanChangeSnapshot;
    const { contract, nextPlanId } = snapshot.context;
    return JSON.stringify({
      value: snapshot.value,
      planId: contract?.planId ?? null,
      pending: contract?.pendingPlan?.planId ?? null,
      nextPlanId,
    });
  },
  invariants: invariants(),
};
