/**
 * Idempotent seed of the demo customers (docs/decisions/0007-demo-customers.md): rows that exist
 * are left as they are, so a restarted local server keeps what a demo changed.
 */
import { inArray } from 'drizzle-orm';
import { ContractStatus, PaymentMethod, RequestType, type RequestTypeValue } from '../../contracts/codes';
import { ResumeHistoryType, SuspensionHistoryType } from '../contracts/history-types';
import { endOfJstMonth } from '../time/jst';
import type { Db } from './client';
import {
  DEMO_PASSWORD,
  demoCoupons,
  demoCustomerRecords,
  demoStorageUsage,
  demoSupportHistory,
  type DemoContract,
  type DemoPayment,
} from './demo-customers';
import { hashPassword } from './passwords';
import { contractHistory, couponUses, coupons, customers, serviceContracts, storageUsage, supportHistory } from './schema';

export type SeedResult = { customersCreated: number };

type HistoryRow = Omit<typeof contractHistory.$inferInsert, 'contractId' | 'sbSystemId' | 'id'>;

const paymentOf = (payment: DemoPayment) => ({
  method: payment.method,
  last4: payment.method === PaymentMethod.CreditCard ? payment.last4 : null,
});

/** The request type the server records for a payment change from one method to the other. */
function paymentChangeType(before: DemoPayment, after: DemoPayment): RequestTypeValue {
  if (after.method === PaymentMethod.WithMobile) return RequestType.CreditToMobile;
  return before.method === PaymentMethod.CreditCard ? RequestType.CreditToCredit : RequestType.MobileToCredit;
}

/**
 * History rows that tell how a seeded contract reached its state, and the plan and payment it
 * ends with: registration, then each event in order, then the withdrawal or reservation.
 */
export function historyFor(contract: DemoContract, now: Date): { rows: HistoryRow[]; planId: string; payment: DemoPayment; suspendedAt: Date | null } {
  const registration =
    contract.payment.method === PaymentMethod.CreditCard ? RequestType.RegisterByCredit : RequestType.RegisterByMobile;
  let planId: string = contract.planId;
  let payment = contract.payment;
  let status: string = ContractStatus.Active;
  let suspendedAt: Date | null = null;
  const row = (at: string | Date, requestType: string, change: { status?: string; planId?: string; payment?: DemoPayment } = {}): HistoryRow => {
    const after = { status: change.status ?? status, planId: change.planId ?? planId, payment: change.payment ?? payment };
    const entry: HistoryRow = {
      requestType,
      beforeStatus: status,
      afterStatus: after.status,
      beforePaymentMethod: payment.method,
      afterPaymentMethod: after.payment.method,
      afterCardLast4: paymentOf(after.payment).last4,
      beforePlanId: planId,
      afterPlanId: after.planId,
      at: new Date(at),
      effectiveAt: change.planId === undefined ? null : new Date(at),
    };
    ({ status, planId, payment } = after);
    return entry;
  };
  const rows: HistoryRow[] = [
    { ...row(contract.startedAt, registration), beforeStatus: 'none', beforePaymentMethod: null, beforePlanId: null },
  ];
  for (const event of contract.events ?? []) {
    if (event.kind === 'plan') rows.push(row(event.at, RequestType.ChangePaymentPlan, { planId: event.planId }));
    if (event.kind === 'payment') rows.push(row(event.at, paymentChangeType(payment, event.payment), { payment: event.payment }));
    if (event.kind === 'suspend') {
      rows.push(row(event.at, SuspensionHistoryType, { status: ContractStatus.Suspended }));
      suspendedAt = new Date(event.at);
    }
    if (event.kind === 'resume') {
      rows.push(row(event.at, event.payment === undefined ? ResumeHistoryType : paymentChangeType(payment, event.payment), { status: ContractStatus.Active, ...(event.payment === undefined ? {} : { payment: event.payment }) }));
      suspendedAt = null;
    }
  }
  if (contract.status === ContractStatus.WithdrawalReserved) {
    rows.push(row(now, RequestType.WithdrawalReservationMonthEnd, { status: ContractStatus.WithdrawalReserved }));
  }
  if (contract.status === ContractStatus.Withdrawn) {
    rows.push(row(contract.withdrawalAt ?? now, RequestType.Withdrawal, { status: ContractStatus.Withdrawn }));
  }
  if (status !== contract.status) throw new Error(`demo contract ${contract.id}: events end ${status}, status says ${contract.status}`);
  return { rows, planId, payment, suspendedAt };
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
    await tx
      .insert(coupons)
      .values(demoCoupons.map((row) => ({ ...row, validFrom: new Date(row.validFrom), validTo: new Date(row.validTo) })))
      .onConflictDoNothing();
    for (const customer of missing) {
      const { contracts, description: _description, ...row } = customer;
      await tx.insert(customers).values({ ...row, passwordHash }).onConflictDoNothing();
      for (const contract of contracts) {
        const history = historyFor(contract, now);
        const payment = history.payment;
        const inserted = await tx
          .insert(serviceContracts)
          .values({
            id: contract.id,
            sbSystemId: customer.sbSystemId,
            serviceId: contract.serviceId,
            planId: history.planId,
            status: contract.status,
            paymentMethod: payment.method,
            cardToken: payment.method === PaymentMethod.CreditCard ? payment.token : null,
            cardLast4: payment.method === PaymentMethod.CreditCard ? payment.last4 : null,
            cardTokenEffectiveDate: payment.method === PaymentMethod.CreditCard ? payment.effectiveDate : null,
            startedAt: new Date(contract.startedAt),
            suspendedAt: history.suspendedAt,
            withdrawalAt:
              contract.withdrawalAt === undefined
                ? null
                : contract.withdrawalAt === 'month-end'
                  ? endOfJstMonth(now)
                  : new Date(contract.withdrawalAt),
            updatedAt: history.rows.at(-1)?.at ?? new Date(contract.startedAt),
          })
          .onConflictDoNothing()
          .returning({ id: serviceContracts.id });
        if (inserted.length === 0) continue;
        await tx.insert(contractHistory).values(history.rows.map((entry) => ({ ...entry, contractId: contract.id, sbSystemId: customer.sbSystemId })));
        if (contract.coupon !== undefined) {
          await tx
            .insert(couponUses)
            .values({ sbSystemId: customer.sbSystemId, couponCode: contract.coupon, contractId: contract.id, usedAt: new Date(contract.startedAt) })
            .onConflictDoNothing();
        }
      }
    }
    await tx
      .insert(supportHistory)
      .values(demoSupportHistory.map((row) => ({ ...row, menus: [...row.menus], supportAcceptedAt: new Date(row.supportAcceptedAt) })))
      .onConflictDoNothing();
    await tx
      .insert(storageUsage)
      .values(demoStorageUsage.map((row) => ({ ...row, measuredAt: new Date(row.measuredAt) })))
      .onConflictDoNothing();
  });
  return { customersCreated: missing.length };
}
