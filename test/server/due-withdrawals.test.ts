/**
 * Month-end reservations take effect (server/contracts/due-withdrawals.ts): nothing happens before
 * the date; at the date the contract is withdrawn once, with a history row and its data dropped;
 * and no request can act on a reservation that is due but not yet applied.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applyDueWithdrawals } from '../../server/contracts/due-withdrawals';
import { DueWithdrawalHistoryType } from '../../server/contracts/history-types';
import { serviceContracts, storageUsage } from '../../server/db/schema';
import { call, snapshotOf, updateRequestBase, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo05']);
const demo05 = () => kit.user('demo05');

const cancelReservation = { ...updateRequestBase, requestType: '05' };

async function reservedContract() {
  const [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, demo05().sbSystemId));
  if (!contract?.withdrawalAt) throw new Error('demo05 has no reserved withdrawal');
  return { ...contract, withdrawalAt: contract.withdrawalAt };
}

describe('月末解約予約の発効', () => {
  it('予約日より前は何も変えないこと', async () => {
    const { withdrawalAt } = await reservedContract();
    const before = await snapshotOf(kit.test, demo05().sbSystemId);
    expect(await applyDueWithdrawals(kit.test.db, new Date(withdrawalAt.getTime() - 1))).toBe(0);
    expect(await snapshotOf(kit.test, demo05().sbSystemId)).toEqual(before);
  });

  it('予約日を過ぎて未反映の予約には、予約の取消もE0008で何も変えないこと', async () => {
    // Move the reservation into the past, as if the month had ended a moment ago.
    const contract = await reservedContract();
    const past = new Date(Date.now() - 60_000);
    await kit.test.db.update(serviceContracts).set({ withdrawalAt: past }).where(eq(serviceContracts.id, contract.id));
    const before = await snapshotOf(kit.test, demo05().sbSystemId);
    const answer = await call(kit.test, demo05(), 'POST', '/update/contracts', {
      payload: cancelReservation,
      headers: { 'x-request-key': 'due-withdrawal-cancel' },
    });
    expect(answer.json<Answer>().errorCode).toBe('E0008');
    expect(await snapshotOf(kit.test, demo05().sbSystemId)).toEqual(before);
  });

  it('予約日を過ぎると解約済みになり、履歴を1件残してデータを消し、2回目は何もしないこと', async () => {
    const contract = await reservedContract();
    const storageBefore = await kit.test.db.select().from(storageUsage).where(eq(storageUsage.contractId, contract.id));
    expect(storageBefore.length).toBeGreaterThan(0);
    const { history: historyBefore } = await snapshotOf(kit.test, demo05().sbSystemId);

    expect(await applyDueWithdrawals(kit.test.db, new Date())).toBe(1);
    const { contracts, history } = await snapshotOf(kit.test, demo05().sbSystemId);
    expect(contracts[0]).toMatchObject({ id: contract.id, status: 'withdrawn' });
    expect(history).toHaveLength(historyBefore.length + 1);
    expect(history.at(-1)).toMatchObject({
      contractId: contract.id,
      requestType: DueWithdrawalHistoryType,
      beforeStatus: 'withdrawal_reserved',
      afterStatus: 'withdrawn',
      requestKey: null,
      at: contract.withdrawalAt,
    });
    expect(await kit.test.db.select().from(storageUsage).where(eq(storageUsage.contractId, contract.id))).toEqual([]);

    const after = await snapshotOf(kit.test, demo05().sbSystemId);
    expect(await applyDueWithdrawals(kit.test.db, new Date())).toBe(0);
    expect(await snapshotOf(kit.test, demo05().sbSystemId)).toEqual(after);
  });
});
