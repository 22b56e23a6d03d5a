/**
 * A reserved withdrawal takes effect: once its date has come (the month end a `04` request
 * reserved), the contract becomes withdrawn, its stored data goes and the history records it.
 * The server runs this at start and every minute (server/index.ts); the request paths refuse to
 * act on a reservation that is already due (contract-requests.ts), so the minute between
 * runs cannot revive a contract that has ended.
 */
import { and, eq, lte } from 'drizzle-orm';
import { ContractStatus } from '../../contracts/codes';
import type { Db } from '../db/client';
import { contractHistory, serviceContracts } from '../db/schema';
import { dropStorage } from './storage-usage-repository';
import { DueWithdrawalHistoryType } from './history-types';

/** True when a reserved withdrawal's date has come, whether or not the job has run yet. */
export function isWithdrawalDue(contract: { status: string; withdrawalAt: Date | null }, now: Date): boolean {
  return contract.status === ContractStatus.WithdrawalReserved && contract.withdrawalAt !== null && contract.withdrawalAt <= now;
}

/** Applies every due reservation in one transaction; returns how many contracts ended. */
export async function applyDueWithdrawals(db: Db, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    // The status condition in the UPDATE itself makes a concurrent run or request harmless:
    // a row another transaction already moved is not matched again.
    const ended = await tx
      .update(serviceContracts)
      .set({ status: ContractStatus.Withdrawn, updatedAt: now })
      .where(and(eq(serviceContracts.status, ContractStatus.WithdrawalReserved), lte(serviceContracts.withdrawalAt, now)))
      .returning();
    for (const contract of ended) {
      await tx.insert(contractHistory).values({
        contractId: contract.id,
        sbSystemId: contract.sbSystemId,
        requestType: DueWithdrawalHistoryType,
        operation: null,
        cancelSurvey: null,
        beforeStatus: ContractStatus.WithdrawalReserved,
        afterStatus: ContractStatus.Withdrawn,
        beforePaymentMethod: contract.paymentMethod,
        afterPaymentMethod: contract.paymentMethod,
        afterCardLast4: contract.cardLast4,
        beforePlanId: contract.planId,
        afterPlanId: contract.planId,
        // When it took effect, not when this run noticed.
        at: contract.withdrawalAt ?? now,
        requestKey: null,
      });
      await dropStorage(tx, contract.id);
    }
    return ended.length;
  });
}
