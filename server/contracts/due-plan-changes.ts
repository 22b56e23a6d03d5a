/**
 * A plan downgrade takes effect: once its day has come (the 1st of the month after the request,
 * request type 20), the pending plan becomes the contract's plan and the history records it.
 * The server runs this with the due withdrawals (server/index.ts); a request on the customer's
 * contracts runs it first for that customer, so no request decides on a plan that has changed.
 */
import { and, eq, isNotNull, lte, ne } from 'drizzle-orm';
import { ContractStatus } from '../../contracts/codes';
import type { Db } from '../db/client';
import { contractHistory, serviceContracts } from '../db/schema';
import { DuePlanChangeHistoryType } from './history-types';

/** True when a contract's pending plan is already its plan by date, whether or not the job has run. */
export function isPlanChangeDue(contract: { pendingPlanAt: Date | null }, now: Date): boolean {
  return contract.pendingPlanAt !== null && contract.pendingPlanAt <= now;
}

/** Applies every due plan change (of one customer, when given); returns how many contracts changed. */
export async function applyDuePlanChanges(db: Db, now: Date = new Date(), sbSystemId?: string): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(serviceContracts)
      .where(
        and(
          isNotNull(serviceContracts.pendingPlanId),
          lte(serviceContracts.pendingPlanAt, now),
          ne(serviceContracts.status, ContractStatus.Withdrawn),
          sbSystemId === undefined ? undefined : eq(serviceContracts.sbSystemId, sbSystemId),
        ),
      );
    let changed = 0;
    for (const contract of due) {
      if (contract.pendingPlanId === null || contract.pendingPlanAt === null) continue;
      // The pending plan in the condition makes a concurrent run or request harmless.
      const moved = await tx
        .update(serviceContracts)
        .set({ planId: contract.pendingPlanId, pendingPlanId: null, pendingPlanAt: null, updatedAt: now })
        .where(and(eq(serviceContracts.id, contract.id), eq(serviceContracts.pendingPlanId, contract.pendingPlanId)))
        .returning({ id: serviceContracts.id });
      if (moved.length === 0) continue;
      changed += 1;
      await tx.insert(contractHistory).values({
        contractId: contract.id,
        sbSystemId: contract.sbSystemId,
        requestType: DuePlanChangeHistoryType,
        operation: null,
        cancelSurvey: null,
        beforeStatus: contract.status,
        afterStatus: contract.status,
        beforePaymentMethod: contract.paymentMethod,
        afterPaymentMethod: contract.paymentMethod,
        afterCardLast4: contract.cardLast4,
        beforePlanId: contract.planId,
        afterPlanId: contract.pendingPlanId,
        // When it took effect, not when this run noticed.
        at: contract.pendingPlanAt,
        effectiveAt: contract.pendingPlanAt,
        requestKey: null,
      });
    }
    return changed;
  });
}
