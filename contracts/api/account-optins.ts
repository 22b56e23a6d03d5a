/**
 * Receive settings (ReceiveSet/Info, ReceiveSet/Change, Recieve/Information; the user store's
 * `optins`, spec section 3; docs/decisions/0078-account-endpoints.md): which notices the
 * customer receives by e-mail and by SMS. Notices the contract requires (billing confirmation,
 * procedure results) are not optional and are not listed.
 */
import { z } from 'zod';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';

export const OptinNotice = {
  /** お支払い金額確定のお知らせ */
  BillingAmount: 'billingAmount',
  /** ご利用中のサービスに関するお知らせ（メンテナンス・機能追加） */
  ServiceNews: 'serviceNews',
  /** キャンペーン・おすすめ情報 */
  Campaign: 'campaign',
} as const;
export type OptinNoticeValue = (typeof OptinNotice)[keyof typeof OptinNotice];
export const OptinNoticeSchema = z.enum([OptinNotice.BillingAmount, OptinNotice.ServiceNews, OptinNotice.Campaign]);

/** Japanese names of the notices, for the pages and the audit. */
export const OptinNoticeLabel: Record<OptinNoticeValue, string> = {
  billingAmount: 'お支払い金額確定のお知らせ',
  serviceNews: 'ご利用中のサービスに関するお知らせ',
  campaign: 'キャンペーン・おすすめ情報',
};

export const OptinSchema = z.object({
  notice: OptinNoticeSchema,
  email: z.boolean({ error: 'メールで受け取るかどうかを選択してください。' }),
  sms: z.boolean({ error: 'SMSで受け取るかどうかを選択してください。' }),
});
export type Optin = z.infer<typeof OptinSchema>;

/** Every notice exactly once, in the order of OptinNoticeSchema. */
const everyNoticeOnce = (optins: readonly Optin[]) =>
  optins.length === OptinNoticeSchema.options.length && OptinNoticeSchema.options.every((notice, i) => optins[i]?.notice === notice);

export const OptinsSchema = z.object({
  optins: z.array(OptinSchema).refine(everyNoticeOnce, { error: 'すべてのお知らせについて受け取り方を選択してください。' }),
});
export type Optins = z.infer<typeof OptinsSchema>;

export const UpdateOptinsRequestSchema = OptinsSchema.strict();
export type UpdateOptinsRequest = z.input<typeof UpdateOptinsRequestSchema>;

export const optinsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/optins',
  retry: true,
  summary: '受信設定（お知らせごとのメール・SMSの受け取り）',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: OptinsSchema,
});

export const updateOptinsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/optins',
  retry: false,
  idempotent: true,
  level2: true,
  summary: '受信設定の変更（SMSは連絡先電話番号が確認済みのとき）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateOptinsRequestSchema,
  response: OptinsSchema,
});
