/**
 * Service eligibility check (spec sections 3, 5, 7): GET entry_judgement, its retry rule and the
 * mapping of reasons to Japanese texts.
 */
import { z } from 'zod/mini';
import { ServiceIdSchema } from '../codes';
import { CustomerParams, NoBody, defineEndpoint } from '../endpoint';

export const EntryJudgementQuerySchema = z.strictObject({ contentsServiceId: ServiceIdSchema });
export type EntryJudgementQuery = z.infer<typeof EntryJudgementQuerySchema>;

export const EntryJudgementNgSchema = z.object({ parameter: z.string(), reason: z.string() });
export type EntryJudgementNg = z.infer<typeof EntryJudgementNgSchema>;

export const EntryJudgementResult = { Ok: 'OK', Ng: 'NG' } as const;

export const EntryJudgementResponseSchema = z.object({
  result: z.enum([EntryJudgementResult.Ok, EntryJudgementResult.Ng]),
  ngList: z.array(EntryJudgementNgSchema),
});
export type EntryJudgementResponse = z.infer<typeof EntryJudgementResponseSchema>;

/** The parameter of a failure about the customer's mail address (spec section 5). */
export const MailAddressParameter = 'mailAddress';

/**
 * Parameters whose failure is transient, so the judgement is asked again (spec section 7:
 * "while it fails and ngList includes a listed parameter"). The list itself is our decision:
 * an order still being processed and a contract not yet synchronised.
 */
export const RetryableNgParameters: readonly string[] = ['orderInProgress', 'contractSync'];

/** Spec sections 7 and 9: up to 4 retries, 250 ms apart. */
export const EntryJudgementRetry = { maxRetries: 4, delayMs: 250 } as const;

export function isJudgementOk(response: EntryJudgementResponse): boolean {
  return response.result === EntryJudgementResult.Ok;
}

/** "A failure affecting only the mail address is flagged." */
export function isMailAddressOnlyFailure(response: EntryJudgementResponse): boolean {
  return (
    response.result === EntryJudgementResult.Ng &&
    response.ngList.length > 0 &&
    response.ngList.every((ng) => ng.parameter === MailAddressParameter)
  );
}

export function isRetryableFailure(response: EntryJudgementResponse): boolean {
  return (
    response.result === EntryJudgementResult.Ng &&
    response.ngList.some((ng) => RetryableNgParameters.includes(ng.parameter))
  );
}

/** Japanese texts for the reasons we know; anything else shows the server's reason as is. */
/** The three rules above as ECMAScript over `_event.data` (the response), for the SCXML exports (ADR 0076). */
export const judgementOkExpr = `_event.data.result === ${JSON.stringify(EntryJudgementResult.Ok)}`;
export const mailAddressOnlyFailureExpr = `(_event.data.result === ${JSON.stringify(EntryJudgementResult.Ng)} && _event.data.ngList.length > 0 && _event.data.ngList.every(function (ng) { return ng.parameter === ${JSON.stringify(MailAddressParameter)}; }))`;
export const retryableFailureExpr = `(_event.data.result === ${JSON.stringify(EntryJudgementResult.Ng)} && _event.data.ngList.some(function (ng) { return ${JSON.stringify(RetryableNgParameters)}.indexOf(ng.parameter) >= 0; }))`;

export const EntryJudgementReasonText: Readonly<Record<string, string>> = {
  ALREADY_CONTRACTED: 'すでにお申し込み済みです。',
  LINE_RESTRICTED: 'ご契約中の回線の状態により、お申し込みいただけません。',
  UNDER_AGE: 'ご契約者さまの年齢により、お申し込みいただけません。',
  PAYMENT_OVERDUE: 'お支払いの確認が取れていないため、お申し込みいただけません。',
  ORDER_IN_PROGRESS: '前回のお手続きを処理中です。しばらく時間をおいてから、もう一度お試しください。',
  MAIL_ADDRESS_UNCONFIRMED: 'メールアドレスの確認が完了していません。',
  MAIL_ADDRESS_UNDELIVERABLE: 'ご登録のメールアドレスにはメールをお届けできません。',
  SERVICE_NOT_OFFERED: 'このサービスはこちらからはお申し込みいただけません。',
};

export function entryJudgementMessages(ngList: readonly EntryJudgementNg[]): string[] {
  return ngList.map((ng) => EntryJudgementReasonText[ng.reason] ?? ng.reason);
}

export const entryJudgementEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/entry_judgement',
  retry: true,
  summary: 'サービスの利用可否判定',
  params: CustomerParams,
  query: EntryJudgementQuerySchema,
  body: NoBody,
  response: EntryJudgementResponseSchema,
});
