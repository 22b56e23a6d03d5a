/**
 * The basket live service (231) through the calls every service shares: apply with a plan of its
 * own and a coupon, the plan change (request type 20: upgrade now, downgrade on the 1st of next
 * month, withdrawn by choosing the current plan, applied by the job when its day comes), and the
 * refusals (E0008 or A0400, nothing changed). docs/decisions/0064-service-requests-and-plan-change.md.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ServiceContractsSchema } from '../../contracts/api/service-contracts';
import { ContractReceiptSchema } from '../../contracts/api/service-requests';
import { firstOfNextMonth } from '../../contracts/services/plan-change';
import { applyDuePlanChanges } from '../../server/contracts/due-plan-changes';
import { DuePlanChangeHistoryType } from '../../server/contracts/history-types';
import { contractHistory, couponUses, serviceContracts, storageUsage } from '../../server/db/schema';
import { formatJstDate, startOfJstDay } from '../../server/time/jst';
import { call, registerByMobileRequest, snapshotOf, updateRequestBase, verifyContact, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo06', 'demo07', 'demo08', 'demo09', 'demo10', 'demo13', 'demo14']);
const user = kit.user;

let keySequence = 0;
const send = (id: string, path: '/service' | '/update/contracts', payload: unknown, key = `bkl-${id}-${(keySequence += 1)}`) =>
  call(kit.test, user(id), 'POST', path, { payload, headers: { 'x-request-key': key } });
const update = (id: string, payload: unknown) => send(id, '/update/contracts', payload);

const basketLive = { ...updateRequestBase, serviceId: '231' };
const changeTo = (planId: string) => ({ ...basketLive, planId, requestType: '20' });

const applyByMobile = { ...registerByMobileRequest, serviceId: '231', planId: '232-1' };

async function basketLiveContract(id: string) {
  const rows = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user(id).sbSystemId));
  return rows.find((row) => row.serviceId === '231' && row.status !== 'withdrawn');
}

async function expectRefused(id: string, path: '/service' | '/update/contracts', payload: unknown, errorCode: string) {
  const before = await snapshotOf(kit.test, user(id).sbSystemId);
  const response = await send(id, path, payload);
  expect(response.json<Answer>().errorCode, JSON.stringify(payload)).toBe(errorCode);
  expect(await snapshotOf(kit.test, user(id).sbSystemId)).toEqual(before);
}

/** The contract's history rows since it was seeded (the seed writes its registration). */
async function planChangeHistory(contractId: string | undefined) {
  const rows = await kit.test.db.select().from(contractHistory).where(eq(contractHistory.contractId, contractId ?? '')).orderBy(contractHistory.id);
  return rows.filter((row) => row.requestType === '20');
}

const today = () => formatJstDate(new Date());

describe('basket live through POST service and POST update/contracts', () => {
  it('申し込みはバスケットLIVEのプランとクーポンで契約を1件作り、データボックスの容量は作らないこと', async () => {
    await verifyContact(kit.test, kit.origin, user('demo01'));
    const response = await send('demo01', '/service', { ...applyByMobile, couponCode: 'BASKET1M' });
    expect(response.statusCode).toBe(200);
    expect(ContractReceiptSchema.parse(response.json())).toMatchObject({ serviceId: '231', status: 'active' });
    const contract = await basketLiveContract('demo01');
    expect(contract).toMatchObject({ serviceId: '231', planId: '232-1', paymentMethod: '01' });
    expect(await kit.test.db.select().from(storageUsage).where(eq(storageUsage.contractId, contract?.id ?? ''))).toEqual([]);
    const history = await kit.test.db.select().from(contractHistory).where(eq(contractHistory.contractId, contract?.id ?? ''));
    expect(history).toMatchObject([{ requestType: '01', afterPlanId: '232-1' }]);
    const uses = await kit.test.db.select().from(couponUses).where(eq(couponUses.sbSystemId, user('demo01').sbSystemId));
    expect(uses).toMatchObject([{ couponCode: 'BASKET1M', contractId: contract?.id }]);
  });

  it('ほかのサービスのプラン・申し込めないサービスは A0400、契約中なら E0008 で、何も変えないこと', async () => {
    await verifyContact(kit.test, kit.origin, user('demo13'));
    await expectRefused('demo13', '/service', { ...applyByMobile, planId: '225' }, 'A0400');
    await expectRefused('demo13', '/service', { ...applyByMobile, serviceId: '223', planId: '232' }, 'A0400');
    await expectRefused('demo13', '/service', { ...applyByMobile, serviceId: '237', planId: '238' }, 'A0400');
    await verifyContact(kit.test, kit.origin, user('demo06'));
    await expectRefused('demo06', '/service', applyByMobile, 'E0008');
  });

  it('アップグレードは即日、支払方法はそのままで、種別20の履歴が1件残ること（確認コード不要）', async () => {
    const before = await basketLiveContract('demo08');
    const response = await update('demo08', changeTo('232-3'));
    expect(response.statusCode).toBe(200);
    expect(ContractReceiptSchema.parse(response.json())).toMatchObject({ serviceId: '231', status: 'active', effectiveDate: today().replaceAll('/', '-') });
    const after = await basketLiveContract('demo08');
    expect(after).toMatchObject({ id: before?.id, planId: '232-3', pendingPlanId: null, paymentMethod: before?.paymentMethod });
    const history = await planChangeHistory(before?.id);
    expect(history).toMatchObject([{ requestType: '20', beforePlanId: '232-2', afterPlanId: '232-3', beforeStatus: 'active', afterStatus: 'active' }]);
  });

  it('ダウングレードは翌月1日まで予約になり、同じ予約・今のプランの再選択（予約なし）は A0400、今のプランを選ぶと予約を取り消すこと', async () => {
    const id = 'demo09';
    const response = await update(id, changeTo('232-4'));
    expect(response.statusCode).toBe(200);
    const nextMonth = firstOfNextMonth(today());
    expect(ContractReceiptSchema.parse(response.json()).effectiveDate).toBe(nextMonth.replaceAll('/', '-'));
    const pending = await basketLiveContract(id);
    expect(pending).toMatchObject({ planId: '232-3', pendingPlanId: '232-4' });
    expect(pending?.pendingPlanAt?.getTime()).toBe(startOfJstDay(nextMonth).getTime());

    const listed = ServiceContractsSchema.parse((await call(kit.test, user(id), 'GET', '/contracts')).json());
    expect(listed.contracts.find((contract) => contract.serviceId === '231')).toMatchObject({
      planId: '232-3',
      pendingPlan: { planId: '232-4', effectiveDate: nextMonth },
    });

    await expectRefused(id, '/update/contracts', changeTo('232-4'), 'A0400');
    const back = await update(id, changeTo('232-3'));
    expect(back.statusCode).toBe(200);
    expect(await basketLiveContract(id)).toMatchObject({ planId: '232-3', pendingPlanId: null, pendingPlanAt: null });
    await expectRefused(id, '/update/contracts', changeTo('232-3'), 'A0400');

    const history = await planChangeHistory(pending?.id);
    expect(history.map((row) => [row.requestType, row.beforePlanId, row.afterPlanId])).toEqual([
      ['20', '232-3', '232-4'],
      ['20', '232-3', '232-3'],
    ]);
    expect(history[0]?.effectiveAt?.getTime()).toBe(startOfJstDay(nextMonth).getTime());
  });

  it('予約したダウングレードは、その日が来ると契約一覧でも新しいプランになり、処理で契約に反映され履歴が残ること', async () => {
    const id = 'demo07';
    expect((await update(id, changeTo('232-4'))).statusCode).toBe(200);
    const contract = await basketLiveContract(id);
    const dueAt = contract?.pendingPlanAt ?? new Date(0);
    expect(await applyDuePlanChanges(kit.test.db, new Date(dueAt.getTime() - 1))).toBe(0);
    expect(await applyDuePlanChanges(kit.test.db, dueAt)).toBe(1);
    expect(await basketLiveContract(id)).toMatchObject({ planId: '232-4', pendingPlanId: null, pendingPlanAt: null });
    const history = await kit.test.db.select().from(contractHistory).where(eq(contractHistory.contractId, contract?.id ?? ''));
    expect(history.at(-1)).toMatchObject({ requestType: DuePlanChangeHistoryType, beforePlanId: '232-1', afterPlanId: '232-4', at: dueAt });
    expect(await applyDuePlanChanges(kit.test.db, dueAt)).toBe(0);
  });

  it('プラン変更は利用中の契約だけ：解約予約中・データボックスは E0008、プラン違いの解約は A0400 で、何も変えないこと', async () => {
    await expectRefused('demo10', '/update/contracts', { ...basketLive, planId: '232', requestType: '04' }, 'A0400');
    expect((await update('demo10', { ...basketLive, planId: '232-4', requestType: '04' })).statusCode).toBe(200);
    await expectRefused('demo10', '/update/contracts', changeTo('232'), 'E0008');
    await expectRefused('demo06', '/update/contracts', { ...changeTo('232-1'), resume: true }, 'A0400');
    await expectRefused('demo06', '/update/contracts', { ...basketLive, planId: '232', resume: true }, 'E0008');
    // demo02's data storage contract is active, but data storage offers no plan change.
    await expectRefused('demo02', '/update/contracts', { ...updateRequestBase, requestType: '20' }, 'E0008');
  });

  it('ダウングレードの予約中に解約すると、予約は契約とともに消えること', async () => {
    const id = 'demo06';
    expect((await update(id, changeTo('232-4'))).statusCode).toBe(200);
    expect((await update(id, { ...basketLive, planId: '232', requestType: '03' })).statusCode).toBe(200);
    const [row] = (await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user(id).sbSystemId))).filter(
      (contract) => contract.serviceId === '231',
    );
    expect(row).toMatchObject({ status: 'withdrawn', planId: '232', pendingPlanId: null });
  });

  it('50件の同時の申し込みは、同じキーでも別々のキーでも、契約をちょうど1件だけ作ること', async () => {
    for (const [id, sameKey] of [['demo13', true], ['demo14', false]] as const) {
      await verifyContact(kit.test, kit.origin, user(id));
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, index) => send(id, '/service', applyByMobile, sameKey ? `bkl-concurrent-${id}` : `bkl-concurrent-${id}-${index}`)),
      );
      const rows = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user(id).sbSystemId));
      expect(rows.filter((row) => row.serviceId === '231'), id).toHaveLength(1);
      const statuses = new Set(responses.map((response) => response.statusCode));
      expect(responses.filter((response) => response.statusCode === 200).length, id).toBeGreaterThanOrEqual(1);
      expect([...statuses].every((status) => [200, 400, 409].includes(status)), `${id}: ${[...statuses].join(',')}`).toBe(true);
    }
  });
});
