/**
 * Coupons (docs/decisions/0034-entry-judgement-and-coupons.md): judging a code for a service and
 * a customer, using it on a new contract, and the customer's coupon results.
 */
import { and, desc, eq, gt } from 'drizzle-orm';
import type { CouponJudgeResponse, CouponResult } from '../../contracts/api/coupon';
import { ServiceIdSchema, type ServiceIdValue } from '../../contracts/codes';
import type { Db } from '../db/client';
import { couponUses, coupons } from '../db/schema';

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
