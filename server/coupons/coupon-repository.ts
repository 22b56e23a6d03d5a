/**
 * Coupons (docs/decisions/0034-entry-judgement-and-coupons.md): judging a code for a service and
 * a customer, using it on a new contract, and the customer's coupon results.
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { ActiveCoupon, CouponJudgeResponse, CouponResult } from '../../contracts/api/coupon';
import { ServiceIdSchema, type ServiceIdValue } from '../../contracts/codes';
import type { Db } from '../db/client';
import { couponUses, coupons, serviceContracts } from '../db/schema';
import { endOfJstMonth } from '../time/jst';

/** Texts a person reads beside the coupon field (the flow shows ngReason as it is). */
export const CouponNgReason = {
  NotFound: 'ご入力のクーポンコードは見つかりませんでした。コードをご確認ください。',
  OtherService: 'このクーポンは、このサービスではご利用いただけません。',
  OutOfPeriod: 'このクーポンのご利用期間外です。',
  AlreadyUsed: 'このクーポンはすでにご利用済みです。',
} as const;

/** "New" results are coupons applied within this many days. */
export const NEW_RESULT_DAYS = 30;

export async function judgeCoupon(
  db: Db,
  input: { sbSystemId: string; couponCd: string; serviceId: ServiceIdValue },
  now: Date = new Date(),
): Promise<CouponJudgeResponse> {
  const ngWith = (ngReason: string): CouponJudgeResponse => ({ result: 'NG', couponCd: input.couponCd, ngReason });
  const [coupon] = await db.select().from(coupons).where(eq(coupons.code, input.couponCd)).limit(1);
  if (!coupon) return ngWith(CouponNgReason.NotFound);
  if (coupon.serviceId !== input.serviceId) return ngWith(CouponNgReason.OtherService);
  if (now < coupon.validFrom || now > coupon.validTo) return ngWith(CouponNgReason.OutOfPeriod);
  const [used] = await db
    .select({ id: couponUses.id })
    .from(couponUses)
    .where(and(eq(couponUses.sbSystemId, input.sbSystemId), eq(couponUses.couponCode, coupon.code)))
    .limit(1);
  if (used) return ngWith(CouponNgReason.AlreadyUsed);
  return { result: 'OK', couponCd: coupon.code, couponName: coupon.name };
}

export async function useCoupon(tx: Db, input: { sbSystemId: string; couponCd: string; contractId: string }, now: Date = new Date()): Promise<void> {
  await tx.insert(couponUses).values({ sbSystemId: input.sbSystemId, couponCode: input.couponCd, contractId: input.contractId, usedAt: now });
}

export async function couponResults(db: Db, sbSystemId: string, options: { since?: Date } = {}): Promise<CouponResult[]> {
  const rows = await db
    .select({ couponCd: coupons.code, couponName: coupons.name, serviceId: coupons.serviceId, usedAt: couponUses.usedAt })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.code, couponUses.couponCode))
    .where(
      options.since === undefined
        ? eq(couponUses.sbSystemId, sbSystemId)
        : and(eq(couponUses.sbSystemId, sbSystemId), gt(couponUses.usedAt, options.since)),
    )
    .orderBy(desc(couponUses.usedAt), desc(couponUses.id));
  return rows.map((row) => ({
    couponCd: row.couponCd,
    couponName: row.couponName,
    serviceId: ServiceIdSchema.parse(row.serviceId),
    appliedAt: row.usedAt.toISOString(),
  }));
}

/**
 * The last second of a coupon's benefit used at `usedAt`: the end of its last month in Japan time,
 * the month of use counting as the first (ADR 0070). A coupon used on 15 Nov for 1 month ends
 * 30 Nov 23:59:59; for 3 months, 31 Jan 23:59:59.
 */
export function benefitEnd(usedAt: Date, benefitMonths: number): Date {
  let end = endOfJstMonth(usedAt);
  for (let month = 1; month < benefitMonths; month += 1) end = endOfJstMonth(new Date(end.getTime() + 1000));
  return end;
}

/** Coupons whose benefit runs at `now`: used on a contract the customer has not withdrawn, within its months. */
export async function activeCoupons(db: Db, sbSystemId: string, now: Date = new Date()): Promise<ActiveCoupon[]> {
  const rows = await db
    .select({
      couponCd: coupons.code,
      couponName: coupons.name,
      serviceId: coupons.serviceId,
      benefitMonths: coupons.benefitMonths,
      usedAt: couponUses.usedAt,
      contractId: serviceContracts.id,
    })
    .from(couponUses)
    .innerJoin(coupons, eq(coupons.code, couponUses.couponCode))
    .innerJoin(serviceContracts, eq(serviceContracts.id, couponUses.contractId))
    .where(and(eq(couponUses.sbSystemId, sbSystemId), ne(serviceContracts.status, 'withdrawn')))
    .orderBy(desc(couponUses.usedAt), desc(couponUses.id));
  return rows.flatMap((row) => {
    const ends = benefitEnd(row.usedAt, row.benefitMonths);
    if (ends < now || row.usedAt > now) return [];
    return [
      {
        couponCd: row.couponCd,
        couponName: row.couponName,
        serviceId: ServiceIdSchema.parse(row.serviceId),
        appliedAt: row.usedAt.toISOString(),
        contractId: row.contractId,
        benefitEndsAt: ends.toISOString(),
      },
    ];
  });
}
