/**
 * Idempotent seed of the demo customers (docs/decisions/0007-demo-customers.md): rows that exist
 * are left as they are, so a restarted local server keeps what a demo changed.
 */
import { inArray } from 'drizzle-orm';
import { ContractStatus, PaymentMethod, RequestType } from '../../contracts/codes';
import { endOfJstMonth } from '../time/jst';
import type { Db } from './client';
import {
  DEMO_PASSWORD,
  demoCoupons,
  demoCustomerRecords,
  demoStorageUsage,
  demoSupportHistory,
  type DemoContract,
} from './demo-customers';
import { hashPassword } from './passwords';
import { contractHistory, coupons, customers, serviceContracts, storageUsage, supportHistory } from './schema';

export type SeedResult = { customersCreated: number };

/** History rows that tell how a seeded contract reached its state. */
function historyFor(contract: DemoContract): { requestType: string; before: string; after: string }[] {
  const registration =
    contract.payment.method === PaymentMethod.CreditCard ? RequestType.RegisterByCredit : RequestType.RegisterByMobile;
  const rows: { requestType: string; before: string; after: string }[] = [
    { requestType: registration, before: 'none', after: ContractStatus.Active },
  ];
  if (contract.status === ContractStatus.WithdrawalReserved) {
    rows.push({ requestType: RequestType.WithdrawalReservationMonthEnd, before: ContractStatus.Active, after: ContractStatus.WithdrawalReserved });
  }
  if (contract.status === ContractStatus.Withdrawn) {
    rows.push({ requestType: RequestType.Withdrawal, before: ContractStatus.Active, after: ContractStatus.Withdrawn });
  }
  return rows;
}

/** Whether any demo customer is in the database (a server outside demo mode refuses to start on one). */
export async function demoCustomersPresent(db: Db): Promise<boolean> {
  const ids = demoCustomerRecords.map((customer) => customer.sbSystemId);
  const found = await db.select({ id: customers.sbSystemId }).from(customers).where(inArray(customers.sbSystemId, ids)).limit(1);
  return found.length > 0;
}

export async function seedDemoData(db: Db, now: Date = new Date()): Promise<SeedResult> {
  const ids = demoCustomerRecords.map((customer) => customer.sbSystemId);
  const existing = await db.select({ id: customers.sbSystemId }).from(customers).where(inArray(customers.sbSystemId, ids));
  const existingIds = new Set(existing.map((row) => row.id));
  const missing = demoCustomerRecords.filter((customer) => !existingIds.has(customer.sbSystemId));
  // One hash for the shared, published demo password keeps the seed fast; real customers never
  // come from here.
  const passwordHash = missing.length > 0 ? await hashPassword(DEMO_PASSWORD) : '';

  await db.transaction(async (tx) => {
    for (const customer of missing) {
      const { contracts, description: _description, ...row } = customer;
      await tx.insert(customers).values({ ...row, passwordHash }).onConflictDoNothing();
      for (const contract of contracts) {
        const inserted = await tx
          .insert(serviceContracts)
          .values({
            id: contract.id,
            sbSystemId: customer.sbSystemId,
            serviceId: contract.serviceId,
            planId: contract.planId,
            status: contract.status,
            paymentMethod: contract.payment.method,
            cardToken: contract.payment.method === PaymentMethod.CreditCard ? contract.payment.token : null,
            cardLast4: contract.payment.method === PaymentMethod.CreditCard ? contract.payment.last4 : null,
            cardTokenEffectiveDate:
              contract.payment.method === PaymentMethod.CreditCard ? contract.payment.effectiveDate : null,
            startedAt: new Date(contract.startedAt),
            suspendedAt: contract.suspendedAt !== undefined ? new Date(contract.suspendedAt) : null,
            withdrawalAt:
              contract.withdrawalAt === undefined
                ? null
                : contract.withdrawalAt === 'month-end'
                  ? endOfJstMonth(now)
                  : new Date(contract.withdrawalAt),
            updatedAt: new Date(contract.startedAt),
          })
          .onConflictDoNothing()
          .returning({ id: serviceContracts.id });
        if (inserted.length === 0) continue;
        const paymentMethod = contract.payment.method;
        await tx.insert(contractHistory).values(
          historyFor(contract).map((entry) => ({
            contractId: contract.id,
            sbSystemId: customer.sbSystemId,
            requestType: entry.requestType,
            beforeStatus: entry.before,
            afterStatus: entry.after,
            beforePaymentMethod: entry.before === 'none' ? null : paymentMethod,
            afterPaymentMethod: paymentMethod,
            beforePlanId: entry.before === 'none' ? null : contract.planId,
            afterPlanId: contract.planId,
            at: new Date(contract.startedAt),
          })),
        );
      }
    }
    await tx
      .insert(supportHistory)
      .values(demoSupportHistory.map((row) => ({ ...row, menus: [...row.menus], supportAcceptedAt: new Date(row.supportAcceptedAt) })))
      .onConflictDoNothing();
    await tx
      .insert(coupons)
      .values(demoCoupons.map((row) => ({ ...row, validFrom: new Date(row.validFrom), validTo: new Date(row.validTo) })))
      .onConflictDoNothing();
    await tx
      .insert(storageUsage)
      .values(demoStorageUsage.map((row) => ({ ...row, measuredAt: new Date(row.measuredAt) })))
      .onConflictDoNothing();
  });
  return { customersCreated: missing.length };
}
