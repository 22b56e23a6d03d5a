/**
 * GET /api/customer/{sbSystemId}/support/history: the customer's visits to a shop under the
 * in-store support service, newest first (spec section 3, "support": SupportHistoryInfo entries).
 * `index` is the entry's position in this answer; the app's support-history machine keeps the
 * list, the index being viewed and the transition flag (docs/flows/sumahosetup-support.md).
 */
import { z } from 'zod/mini';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { JstDateTimeSchema } from './current-date';

/** One menu of a visit: what the shop did, and its price including tax (0 when the plan covers it). */
export const SupportMenuHistorySchema = z.object({
  supportMenuNm: z.string().check(z.minLength(1)),
  price: z.int().check(z.nonnegative()),
});
export type SupportMenuHistory = z.infer<typeof SupportMenuHistorySchema>;

export const SupportHistoryInfoSchema = z.object({
  index: z.int().check(z.minimum(0)),
  supportCategoryNm: z.string().check(z.minLength(1)),
  /** The shop's order number of the visit. */
  cfOrderNumber: z.string().check(z.minLength(1)),
  /** "yyyy/mm/dd hh:mm:ss" in Japan time. */
  supportAcceptedDt: JstDateTimeSchema,
  supportAcceptedShopNm: z.string().check(z.minLength(1)),
  supportMenuHistoryInfo: z.array(SupportMenuHistorySchema),
});
export type SupportHistoryInfo = z.infer<typeof SupportHistoryInfoSchema>;

export const SupportHistoryResponseSchema = z.object({
  supportHistoryInfo: z
    .array(SupportHistoryInfoSchema)
    .check(z.refine((entries) => entries.every((entry, position) => entry.index === position), { message: 'index は並び順と一致させてください。' })),
});
export type SupportHistoryResponse = z.infer<typeof SupportHistoryResponseSchema>;

export const supportHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/support/history',
  retry: true,
  summary: 'スマホ設定サポート定額のご利用履歴（新しい順）',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: SupportHistoryResponseSchema,
});
