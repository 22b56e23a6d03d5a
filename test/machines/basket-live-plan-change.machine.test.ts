import { describe, expect, it } from 'vitest';
import { createActor, waitFor, type SnapshotFrom } from 'xstate';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import {
  basketLivePlanChangeMachine,
  type ChangePlanInput,
  type LoadPlanContractInput,
  type PlanChangeContract,
} from '../../machines/basket-live/plan-change.machine';
import { offeredPlans } from '../../machines/basket-live/offered-plans';
import { failures } from '../../machines/model-fixtures';
import { fail, ok, scripted, type Answer } from './support/fake-actors';

type PlanChangeSnapshot = SnapshotFrom<typeof basketLivePlanChangeMachine>;
const routeOf = (s: PlanChangeSnapshot) => Object.values(s.getMeta()).at(-1)?.route;

const active = (planId: PlanChangeContract['planId'], pendingPlan: PlanChangeContract['pendingPlan'] = null): PlanChangeContract => ({
  status: 'active',
  planId,
  pendingPlan,
});
const receipt: ContractReceipt = { serviceId: '231', status: 'active', effectiveDate: '2026-11-24', acceptedAt: '2026-11-24T10:00:00+09:00' };

function start(contract: PlanChangeContract | Error, change: Answer<ContractReceipt>[] = [ok(receipt)], businessDate = '2026/11/24') {
  const loadContract = scripted<LoadPlanContractInput, PlanChangeContract>(contract instanceof Error ? fail(contract) : ok(contract));
  const loadBusinessDate = scripted<LoadPlanContractInput, string>(ok(businessDate));
  const changePlan = scripted<ChangePlanInput, ContractReceipt>(...change);
  const actor = createActor(
    basketLivePlanChangeMachine.provide({
      actors: { loadPlanContract: loadContract.logic, loadBusinessDate: loadBusinessDate.logic, changePlan: changePlan.logic },
    }),
    { input: { sbSystemId: '1000000006' } },
  ).start();
  return { actor, loadContract, loadBusinessDate, changePlan };
}

async function chooseAndConfirm(actor: ReturnType<typeof start>['actor'], planId: string) {
  await waitFor(actor, (s) => s.matches('choosing'));
  actor.send({ type: 'plan.select', planId });
  actor.send({ type: 'wizard.next' });
  await waitFor(actor, (s) => s.matches('confirm'));
}

describe('basketLivePlanChange（プラン変更）', () => {
  it('契約と業務日付は、このお客さまについて読むこと', async () => {
    const { actor, loadContract, loadBusinessDate } = start(active('232'));
    await chooseAndConfirm(actor, '232-2');
    expect(loadContract.calls).toEqual([{ sbSystemId: '1000000006' }]);
    expect(loadBusinessDate.calls).toEqual([{ sbSystemId: '1000000006' }]);
  });

  it('プランのない利用中の契約は、プランを選ばせず E0008 でエラー画面へ進むこと', async () => {
    const { actor } = start(active(null));
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('契約を読む前と、プランのない契約には、選べるプランがないこと', () => {
    expect(offeredPlans(null)).toEqual([]);
    expect(offeredPlans(active(null))).toEqual([]);
  });

  it('アップグレードは確定前に差額と即日の適用日を示し、申込種別20で変更後のプランを1回だけ送ること', async () => {
    const { actor, changePlan } = start(active('232'));
    await chooseAndConfirm(actor, '232-2');
    expect(routeOf(actor.getSnapshot())).toBe('/BasketLive/Plan/Change');
    expect(actor.getSnapshot().context.quote).toMatchObject({
      current: { planId: '232', monthlyPrice: 990 },
      next: { planId: '232-2', monthlyPrice: 1650 },
      direction: 'up',
      monthlyDifference: 660,
      effectiveDate: '2026/11/24',
    });
    expect(changePlan.calls).toHaveLength(0);
    actor.send({ type: 'confirm.submit' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(routeOf(actor.getSnapshot())).toBe('/BasketLive/Plan/Completed');
    expect(changePlan.calls).toHaveLength(1);
    expect(changePlan.calls[0]).toMatchObject({ sbSystemId: '1000000006', body: { planId: '232-2', requestType: '20' } });
    expect(changePlan.calls[0]?.requestKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(actor.getSnapshot().context.receipt).toEqual(receipt);
  });

  it('ダウングレードは翌月1日から、差額はマイナスで示すこと', async () => {
    const { actor } = start(active('232-3'), [ok(receipt)], '2026/12/15');
    await chooseAndConfirm(actor, '232-4');
    expect(actor.getSnapshot().context.quote).toMatchObject({ direction: 'down', monthlyDifference: -1870, effectiveDate: '2027/01/01' });
  });

  it('現在のプランとラインアップにないプランは選べず、選ぶまでは確認へ進めないこと', async () => {
    const { actor } = start(active('232-1'));
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'plan.select', planId: '232-1' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'plan.select', planId: '225' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'plan.select', planId: '232' })).toBe(true);
  });

  it('変更予約中は予約中のプランを選べず、現在のプランを選ぶと差額0円・即日の取り消しになること', async () => {
    const { actor } = start(active('232-2', { planId: '232', effectiveDate: '2026/12/01' }));
    await waitFor(actor, (s) => s.matches('choosing'));
    expect(actor.getSnapshot().can({ type: 'plan.select', planId: '232' })).toBe(false);
    await chooseAndConfirm(actor, '232-2');
    expect(actor.getSnapshot().context.quote).toMatchObject({ direction: 'same', monthlyDifference: 0, effectiveDate: '2026/11/24' });
  });

  it.each([
    ['利用停止中', { status: 'suspended', planId: '232', pendingPlan: null }],
    ['解約予約中', { status: 'withdrawal_reserved', planId: '232', pendingPlan: null }],
    ['解約済み', { status: 'withdrawn', planId: '232', pendingPlan: null }],
    ['契約なし', { status: 'none', planId: null, pendingPlan: null }],
  ] as const)('%sの契約はプランを選ばせず E0008 でエラー画面へ進み、何も送らないこと', async (_, contract) => {
    const { actor, changePlan } = start(contract);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorCode).toBe('E0008');
    expect(routeOf(actor.getSnapshot())).toBe('/Error');
    expect(changePlan.calls).toHaveLength(0);
  });

  it('確認から戻ると見積もりを消して選び直せること', async () => {
    const { actor } = start(active('232'));
    await chooseAndConfirm(actor, '232-1');
    actor.send({ type: 'wizard.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.quote).toBeNull();
    await chooseAndConfirm(actor, '232-3');
    expect(actor.getSnapshot().context.quote?.next.planId).toBe('232-3');
  });

  it('結果不明の失敗は同じキーで再送し、コードのある失敗はエラー画面へ進むこと', async () => {
    const retried = start(active('232'), [fail(failures.unknown), ok(receipt)]);
    await chooseAndConfirm(retried.actor, '232-2');
    retried.actor.send({ type: 'confirm.submit' });
    await waitFor(retried.actor, (s) => s.matches('submitUnknown'));
    retried.actor.send({ type: 'error.retry' });
    await waitFor(retried.actor, (s) => s.status === 'done');
    const [first, second] = retried.changePlan.calls;
    expect(second?.requestKey).toBe(first?.requestKey);
    expect(retried.actor.getSnapshot().value).toBe('completed');

    const refused = start(active('232'), [fail(failures.statusForbids)]);
    await chooseAndConfirm(refused.actor, '232-2');
    refused.actor.send({ type: 'confirm.submit' });
    await waitFor(refused.actor, (s) => s.status === 'done');
    expect(refused.actor.getSnapshot().value).toBe('failed');
    expect(refused.actor.getSnapshot().context.errorCode).toBe('E0008');
  });

  it('契約の読み込みに失敗したらエラー画面へ進むこと', async () => {
    const { actor } = start(failures.congestion);
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().context.errorCode).toBe('W0010');
  });
});
