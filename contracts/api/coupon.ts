/** Coupons (spec section 7): judging a code on the apply page, and the customer's coupon results. */
import { z } from 'zod/mini';
import { ServiceIdSchema } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';

/** Our decision: 4 to 20 half-width letters and digits, entered upper-cased. */
export const CouponCodeSchema = z.string().check(z.regex(/^[A-Z0-9]{4,20}$/));
export type CouponCode = z.infer<typeof CouponCodeSchema>;

export const CouponJudgeParamsSchema = z.strictObject({ couponCd: CouponCodeSchema });
export const CouponJudgeQuerySchema = z.strictObject({ contentsServiceId: ServiceIdSchema });

export const CouponJudgeResponseSchema = z.discriminatedUnion('result', [
  z.object({ result: z.literal('OK'), couponCd: CouponCodeSchema, couponName: z.string().check(z.minLength(1)) }),
  z.object({ result: z.literal('NG'), couponCd: z.string(), ngReason: z.string() }),
]);
export type CouponJudgeResponse = z.infer<typeof CouponJudgeResponseSchema>;

export const CouponResultSchema = z.object({
  couponCd: CouponCodeSchema,
  couponName: z.string(),
  serviceId: ServiceIdSchema,
  /** ISO date-time the coupon was applied. */
  appliedAt: z.string(),
});
export type CouponResult = z.infer<typeof CouponResultSchema>;

export const CouponResultListResponseSchema = z.object({ coupons: z.array(CouponResultSchema) });
export type CouponResultListResponse = z.infer<typeof CouponResultListResponseSchema>;

/** A coupon whose benefit runs now: used on a contract the customer still has, within its benefit months. */
export const ActiveCouponSchema = z.extend(CouponResultSchema, {
  contractId: z.string(),
  /** ISO date-time of the last second of the benefit (the end of its last month, Japan time). */
  benefitEndsAt: z.string(),
});
export type ActiveCoupon = z.infer<typeof ActiveCouponSchema>;

export const ActiveCouponListResponseSchema = z.object({ coupons: z.array(ActiveCouponSchema) });
export type ActiveCouponListResponse = z.infer<typeof ActiveCouponListResponseSchema>;

export const couponJudgeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/coupon/{couponCd}/judge',
  retry: true,
  summary: 'クーポンコードの判定',
  params: CouponJudgeParamsSchema,
  query: CouponJudgeQuerySchema,
  body: NoBody,
  response: CouponJudgeResponseSchema,
});

export const couponResultNewEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/coupon/result/new',
  retry: true,
  summary: '新しく適用されたクーポン',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: CouponResultListResponseSchema,
});

export const couponResultHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/coupon/result/history',
  retry: true,
  summary: 'クーポンの適用履歴',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: CouponResultListResponseSchema,
});

export const couponActiveEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/coupon/active',
  retry: true,
  summary: '特典期間中のクーポン',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: ActiveCouponListResponseSchema,
});
