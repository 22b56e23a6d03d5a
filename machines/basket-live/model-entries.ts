/**
 * Registry entries of the basket live flows (the kit's three and the plan change) and of the
 * mail-address confirmation: model input, events, vertex identity and business rules.
 */
import type { SnapshotFrom } from 'xstate';
import { BasketLive, BasketLivePlans } from '../../contracts/services/basket-live';
import { atStep, unless } from '../mbt/invariant-helpers';
import { failures, modelEvents, otpEvents } from '../model-fixtures';
import type { MachineEntry, MachineInvariant } from '../registry';
import { serviceFlowEntries } from '../service-flow/model-entries';
import { basketLiveApplyMachine, basketLiveCancelMachine, basketLiveChangePaymentMachine } from './basket-live.flows';
import { isConfirmableAddress } from './confirmable-address';
import { mailConfirmationMachine } from './mail-confirmation.machine';
import { offeredPlans } from './offered-plans';
import { basketLivePlanChangeMachine, planContractLoaded } from './plan-change.machine';

type PlanChangeSnapshot = SnapshotFrom<typeof basketLivePlanChangeMachine>;

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
    planContractLoaded({ status: 'active', planId: '232', pendingPlan: null }),
    planContractLoaded({ status: 'active', planId: '232-2', pendingPlan: { planId: '232', effectiveDate: '2026/12/01' } }),
    planContractLoaded({ status: 'suspended', planId: '232', pendingPlan: null }),
    planContractLoaded({ status: 'none', planId: null, pendingPlan: null }),
    { type: 'xstate.error.actor.loadPlanContract', error: failures.congestion },
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

type MailConfirmationSnapshot = SnapshotFrom<typeof mailConfirmationMachine>;

/** The mail-address confirmation the basket live application invokes (ADR 0063). */
export const mailConfirmationEntry: MachineEntry = {
  id: 'mailConfirmation',
  title: 'メールアドレスの確認',
  machine: mailConfirmationMachine,
  input: { sbSystemId: '1000000013', serviceId: '231', currentMailAddress: 'yoko.matsumoto@example.jp', problem: 'unconfirmed' },
  events: modelEvents(
    { type: 'mail.enter', mailAddress: 'yoko.matsumoto@example.jp' },
    { type: 'mail.enter', mailAddress: 'takuya.inoue@blocked.example.invalid' },
    { type: 'mail.enter', mailAddress: 'not-an-address' },
    { type: 'mail.confirm' },
    { type: 'mail.cancel' },
    ...otpEvents('verifyAddress'),
    { type: 'xstate.done.actor.confirmMailAddress', output: { serviceId: '231', mailAddress: 'yoko.matsumoto@example.jp', confirmedAt: '2026-11-24T01:00:00.000Z' } },
    { type: 'xstate.error.actor.confirmMailAddress', error: failures.statusForbids },
  ),
  serializeState: (raw) => {
    const snapshot = raw as MailConfirmationSnapshot;
    return JSON.stringify({ value: snapshot.value, confirmable: isConfirmableAddress(snapshot.context) });
  },
  variants: [
    {
      // The refused domain itself is not confirmable: the outcome the unconfirmed input cannot show.
      title: '受け付けられないドメイン',
      input: { sbSystemId: '1000000014', serviceId: '231', currentMailAddress: 'takuya.inoue@blocked.example.invalid', problem: 'undeliverable' },
    },
  ],
  invariants: [
    {
      id: 'mailConfirmation.confirmable-before-code',
      description: '確認コードを送る段階以降では、確認するアドレスが正しい形式で、受け付けられないと判定されたアドレスでないこと',
      check: (raw) => {
        const snapshot = raw as MailConfirmationSnapshot;
        return unless(!atStep(snapshot, ['otp', 'registering', 'confirmed']) || isConfirmableAddress(snapshot.context), `address ${snapshot.context.mailAddress} is not confirmable`);
      },
    },
    {
      id: 'mailConfirmation.output-matches-end',
      description: '終了したときの結果（確認・中止・失敗）は、終了した状態と一致すること',
      check: (raw) => {
        const snapshot = raw as MailConfirmationSnapshot;
        if (snapshot.status !== 'done') return undefined;
        return unless(snapshot.context.output?.outcome === snapshot.value, `ended in ${String(snapshot.value)} with ${String(snapshot.context.output?.outcome)}`);
      },
    },
  ],
};

export const basketLiveModelEntries: readonly MachineEntry[] = [
  ...serviceFlowEntries(BasketLive, {
    apply: basketLiveApplyMachine,
    changePayment: basketLiveChangePaymentMachine,
    cancel: basketLiveCancelMachine,
  }),
  basketLivePlanChangeEntry,
];
