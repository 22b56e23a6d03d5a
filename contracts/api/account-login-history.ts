/**
 * GET /api/customer/{sbSystemId}/auth/history (spec section 7; LoginHistory page): every sign-in
 * and failed attempt of the customer, newest first, a page at a time
 * (docs/decisions/0078-account-endpoints.md).
 */
import { z } from 'zod';
import { CustomerParams, NoBody, defineEndpoint } from '../endpoint';
import { JstDateTimeSchema } from './current-date';

export const LoginHistoryPageSize = 20;
/** How far back the history goes (our decision): what a customer can act on, not an archive. */
export const LoginHistoryDays = 90;

export const LoginResult = { Success: 'SUCCESS', Failure: 'FAILURE' } as const;
export const LoginResultSchema = z.enum([LoginResult.Success, LoginResult.Failure]);

export const LoginHistoryQuerySchema = z
  .object({
    /** 1-based; a page past the last answers an empty list. */
    page: z.coerce.number({ error: 'ページ番号は数字で指定してください。' }).int().min(1).max(1000).default(1),
  })
  .strict();
export type LoginHistoryQuery = z.input<typeof LoginHistoryQuerySchema>;

export const LoginHistoryEntrySchema = z.object({
  /** "yyyy/mm/dd hh:mm:ss" JST. */
  occurredAt: JstDateTimeSchema,
  result: LoginResultSchema,
  /** Why a failure failed, in Japanese (null on success). */
  reason: z.string().nullable(),
  /** パソコン, スマートフォン, タブレット or 不明, with the model when the browser tells it. */
  device: z.string(),
  /** e.g. "iOS 17.4", or 不明. */
  os: z.string(),
  /** e.g. "Safari 17.4", or 不明. */
  browser: z.string(),
  ipAddress: z.string(),
});
export type LoginHistoryEntry = z.infer<typeof LoginHistoryEntrySchema>;

export const LoginHistorySchema = z.object({
  entries: z.array(LoginHistoryEntrySchema),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  totalCount: z.number().int().min(0),
  totalPages: z.number().int().min(0),
});
export type LoginHistory = z.infer<typeof LoginHistorySchema>;

export const loginHistoryEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/auth/history',
  retry: true,
  summary: `ログイン履歴（成功と失敗、新しい順、${LoginHistoryPageSize}件ずつ、${LoginHistoryDays}日分）`,
  params: CustomerParams,
  query: LoginHistoryQuerySchema,
  body: NoBody,
  response: LoginHistorySchema,
});
