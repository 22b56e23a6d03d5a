/**
 * A customer's contracts as they ran, read from the contract rows, their history and the coupons
 * used on them: the input of the monthly bills (contracts/billing/monthly-bills.ts,
 * docs/decisions/0073-billing-model.md). Nothing is stored for billing; every bill is computed
 * from what the contract requests recorded.
 */
import { asc, eq } from 'drizzle-orm';
import { ContractStatus, PaymentMethod } from '../../contracts/codes';
import type { ContractTimeline } from '../../contracts/billing/monthly-bills';
import type { Db } from '../db/client';
import { contractHistory, couponUses, coupons, serviceContracts } from '../db/schema';
import { formatJstDate } from '../time/jst';

type ContractRow = typeof serviceContracts.$inferSelect;
type HistoryRow = typeof contractHistory.$inferSelect;
type CouponRow = { contractId: string | null; couponCode: string; couponName: string; usedAt: Date; benefitMonths: number; discountPercent: number };
type Payment = ContractTimeline['payments'][number];

const day = (at: Date) => formatJstDate(at);

function plansOf(contract: ContractRow, history: readonly HistoryRow[], now: Date, startedOn: string): ContractTimeline['plans'] {
  const first = history.find((row) => row.beforeStatus === 'none')?.afterPlanId ?? contract.planId;
  const changes: { planId: string; from: string }[] = [];
  for (const row of history) {
    if (row.afterPlanId === null || row.beforePlanId === null || row.afterPlanId === row.beforePlanId) continue;
    const effective = row.effectiveAt ?? row.at;
    // A downgrade's request row looks ahead; the row of the day it took effect is the one that counts.
    if (effective > now) continue;
    changes.push({ planId: row.afterPlanId, from: day(effective) });
  }
  // A pending plan whose day has come counts even before the job that moves it has run.
  if (contract.pendingPlanId !== null && contract.pendingPlanAt !== null && contract.pendingPlanAt <= now) {
    changes.push({ planId: contract.pendingPlanId, from: day(contract.pendingPlanAt) });
  }
  const plans = [{ planId: first, from: startedOn }];
  for (const change of changes.sort((a, b) => a.from.localeCompare(b.from))) {
    const last = plans[plans.length - 1]!;
    if (change.from <= last.from) last.planId = change.planId;
    else if (change.planId !== last.planId) plans.push(change);
  }
  return plans;
}

function suspensionsOf(contract: ContractRow, history: readonly HistoryRow[]): ContractTimeline['suspensions'] {
  const suspensions: { from: string; until: string | null }[] = [];
  let open: { from: string; until: string | null } | undefined;
  for (const row of history) {
    if (row.afterStatus === ContractStatus.Suspended && row.beforeStatus !== ContractStatus.Suspended) {
      open = { from: day(row.at), until: null };
      suspensions.push(open);
    } else if (row.beforeStatus === ContractStatus.Suspended && row.afterStatus !== ContractStatus.Suspended && open) {
      open.until = day(row.at);
      open = undefined;
    }
  }
  if (contract.status === ContractStatus.Suspended && open === undefined && contract.suspendedAt !== null) {
    suspensions.push({ from: day(contract.suspendedAt), until: null });
  }
  return suspensions;
}

const anyCardOf = (history: readonly HistoryRow[]) => history.find((row) => row.afterCardLast4 !== null)?.afterCardLast4 ?? null;

function paymentsOf(contract: ContractRow, history: readonly HistoryRow[], startedOn: string): ContractTimeline['payments'] {
  const paymentAfter = (row: HistoryRow | undefined): Omit<Payment, 'from'> => {
    const method = row?.afterPaymentMethod ?? contract.paymentMethod;
    if (method === PaymentMethod.WithMobile) return { method: PaymentMethod.WithMobile, cardLast4: null };
    // Migration 0009 back-filled older card rows with the contract's card; a card row still without
    // digits (the contract has since left cards) takes the nearest card the history does name.
    return { method: PaymentMethod.CreditCard, cardLast4: row?.afterCardLast4 ?? contract.cardLast4 ?? anyCardOf(history) };
  };
  const payments: Payment[] = [{ ...paymentAfter(history.find((row) => row.beforeStatus === 'none')), from: startedOn }];
  for (const row of history) {
    if (row.beforeStatus === 'none' || row.afterPaymentMethod === null) continue;
    const next = paymentAfter(row);
    const last = payments[payments.length - 1]!;
    if (next.method === last.method && next.cardLast4 === last.cardLast4) continue;
    const from = day(row.at);
    if (from <= last.from) payments[payments.length - 1] = { ...next, from: last.from };
    else payments.push({ ...next, from });
  }
  return payments;
}

/** The customer's contracts with any day of use, oldest first, as of `now`. */
export async function contractTimelines(db: Db, sbSystemId: string, now: Date): Promise<ContractTimeline[]> {
  const [contracts, history, used] = await Promise.all([
    db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId)).orderBy(asc(serviceContracts.startedAt)),
    db.select().from(contractHistory).where(eq(contractHistory.sbSystemId, sbSystemId)).orderBy(asc(contractHistory.at), asc(contractHistory.id)),
    db
      .select({
        contractId: couponUses.contractId,
        couponCode: coupons.code,
        couponName: coupons.name,
        usedAt: couponUses.usedAt,
        benefitMonths: coupons.benefitMonths,
        discountPercent: coupons.discountPercent,
      })
      .from(couponUses)
      .innerJoin(coupons, eq(coupons.code, couponUses.couponCode))
      .where(eq(couponUses.sbSystemId, sbSystemId)) as Promise<CouponRow[]>,
  ]);
  const timelines: ContractTimeline[] = [];
  for (const contract of contracts) {
    if (contract.startedAt > now) continue;
    const rows = history.filter((row) => row.contractId === contract.id);
    const startedOn = day(contract.startedAt);
    const endedOn = contract.withdrawalAt === null ? null : day(contract.withdrawalAt);
    timelines.push({
      contractId: contract.id,
      serviceId: contract.serviceId as ContractTimeline['serviceId'],
      startedOn,
      endedOn: endedOn !== null && endedOn < startedOn ? startedOn : endedOn,
      plans: plansOf(contract, rows, now, startedOn),
      suspensions: suspensionsOf(contract, rows),
      payments: paymentsOf(contract, rows, startedOn),
      coupons: used
        .filter((coupon) => coupon.contractId === contract.id)
        .map((coupon) => ({
          couponCode: coupon.couponCode,
          couponName: coupon.couponName,
          usedOn: day(coupon.usedAt),
          benefitMonths: coupon.benefitMonths,
          discountPercent: coupon.discountPercent,
        })),
    });
  }
  return timelines;
}
