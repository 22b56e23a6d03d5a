/**
 * The error catalogue (spec section 8) with its Japanese messages, plus the API-level codes
 * we added for what the spec leaves open (docs/decisions/0010-error-codes.md).
 * Every error a person sees comes from here; every error a program sees carries one of these codes.
 */
import { z } from 'zod/mini';

export const ErrorCode = {
  InactivityTimeout: 'W0007',
  CardUnusable: 'W0008',
  Congestion: 'W0010',
  OtpLocked: 'W0011',
  OtpSendFailed: 'W0012',
  /** Ours (ADR 0066): section 8's W0012 is the e-mail sending failure; an SMS one is told apart. */
  OtpSmsSendFailed: 'W0013',
  BrowserBack: 'W9999',
  Maintenance: 'E0005',
  StatusForbidsProcedure: 'E0008',
  ProceedFromTop: 'E9997',
  InvalidAccess: 'E9998',
  NotFound: 'E9999',
  // API-level codes (ours): the HTTP status they travel with is in ErrorStatus below.
  InvalidRequest: 'A0400',
  Unauthenticated: 'A0401',
  Forbidden: 'A0403',
  ResourceNotFound: 'A0404',
  InProgress: 'A0409',
  IdempotencyMismatch: 'A0422',
  OtpMismatch: 'A0461',
  CouponInvalid: 'A0462',
  Internal: 'A0500',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];
export const ErrorCodeSchema = z.enum(Object.values(ErrorCode) as [ErrorCodeValue, ...ErrorCodeValue[]]);

export type CatalogueEntry = { message: string; detail: string; httpStatus: number };

/** The spec's default message and detail for an error with no entry of its own. */
export const DefaultError = {
  message: '正常に処理が完了しなかったため、お手続きを中断しました。',
  detail: 'お手数ですが、もう一度お試しください。',
} as const;

export const ErrorCatalogue: Record<ErrorCodeValue, CatalogueEntry> = {
  W0007: {
    message: '一定時間操作がなかったため、タイムアウトしました。',
    detail: 'お手数ですが、もう一度最初からお手続きください。',
    httpStatus: 408,
  },
  W0008: {
    message: 'ご指定のクレジットカードはご利用いただけません。',
    detail: 'カード名義・カード番号・有効期限に誤りがないか、カードが無効になっていないかをご確認ください。',
    httpStatus: 402,
  },
  W0010: {
    message: 'ただいまアクセスが集中しています。',
    detail: 'しばらく時間をおいてから、もう一度お試しください。',
    httpStatus: 429,
  },
  W0011: {
    message: '確認コードの入力誤りが続いたため、確認コードによる認証をロックしました。',
    detail: 'しばらく時間をおいてから、もう一度お試しください。',
    httpStatus: 423,
  },
  W0012: {
    message: '確認コードをメールで送信できませんでした。',
    detail: 'メールアドレスをご確認のうえ、もう一度お試しいただくか、SMSで受け取る方法をお選びください。',
    httpStatus: 502,
  },
  W0013: {
    message: '確認コードをSMSで送信できませんでした。',
    detail: '携帯電話番号をご確認のうえ、もう一度お試しいただくか、メールで受け取る方法をお選びください。',
    httpStatus: 502,
  },
  W9999: {
    message: 'ブラウザの「戻る」ボタンはご利用いただけません。',
    detail: '画面内の「戻る」ボタンをご利用ください。',
    httpStatus: 400,
  },
  E0005: {
    message: 'ただいまシステムメンテナンス中です。',
    detail: '',
    httpStatus: 503,
  },
  E0008: {
    message: 'ご契約またはご利用の状況により、このお手続きはご利用いただけません。',
    detail: '',
    httpStatus: 409,
  },
  E9997: {
    message: 'トップページのメニューからお手続きください。',
    detail: 'お探しのページは、お手続きの途中からは直接開けません。',
    httpStatus: 400,
  },
  E9998: {
    message: '不正なアクセス、または現在の状態では受け付けられない操作です。',
    detail: 'お手数ですが、もう一度最初からお試しください。',
    httpStatus: 406,
  },
  E9999: {
    message: 'お探しのページは見つかりませんでした。',
    detail: 'URLに誤りがあるか、ページが削除された可能性があります。',
    httpStatus: 404,
  },
  A0400: {
    message: '入力内容に誤りがあります。',
    detail: '内容をご確認のうえ、もう一度お試しください。',
    httpStatus: 400,
  },
  A0401: {
    message: 'ログインの有効期限が切れました。',
    detail: 'お手数ですが、もう一度ログインしてください。',
    httpStatus: 401,
  },
  A0403: {
    message: 'このお客さま情報にはアクセスできません。',
    detail: 'ログインし直してから、もう一度お試しください。',
    httpStatus: 403,
  },
  A0404: {
    message: 'お探しの情報は見つかりませんでした。',
    detail: '',
    httpStatus: 404,
  },
  A0409: {
    message: '同じお手続きを処理しています。',
    detail: 'しばらくしてから、お手続きの結果をご確認ください。',
    httpStatus: 409,
  },
  A0422: {
    message: '処理中のお手続きと異なる内容が送信されました。',
    detail: 'お手数ですが、もう一度最初からお手続きください。',
    httpStatus: 422,
  },
  A0461: {
    message: '確認コードが正しくありません。',
    detail: '届いた確認コードをご確認のうえ、もう一度入力してください。',
    httpStatus: 400,
  },
  A0462: {
    message: 'ご入力のクーポンコードはご利用いただけません。',
    detail: 'コードをご確認ください。',
    httpStatus: 400,
  },
  A0500: {
    message: DefaultError.message,
    detail: DefaultError.detail,
    httpStatus: 500,
  },
};

/**
 * The body of every failed API answer (spec section 7: errorCode and errorOptionals.endDate
 * are read from it). `message` and `detail` are the Japanese texts for people.
 */
export const ErrorBodySchema = z.object({
  errorCode: z.optional(z.string()),
  message: z.string(),
  detail: z.optional(z.string()),
  errorOptionals: z.optional(z.object({ endDate: z.optional(z.string()) })),
  issues: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

const ERROR_TIME = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Spec section 5: "a date-time string must match yyyy/mm/dd hh:mm:ss" (and name a real time). */
export function isErrorTime(value: string): boolean {
  const m = ERROR_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60 &&
    s < 60
  );
}

/**
 * E0005's hour: the end hour, rounded up when the minutes are 30 or more, where rounding 23
 * up gives 0. Null (an empty detail) when the time is blank, contains 9999 or is malformed.
 */
export function maintenanceEndHour(endDate: string | null | undefined): number | null {
  if (endDate === null || endDate === undefined || endDate.trim() === '') return null;
  if (endDate.includes('9999')) return null;
  if (!isErrorTime(endDate)) return null;
  const hour = Number(endDate.slice(11, 13));
  const minute = Number(endDate.slice(14, 16));
  if (minute < 30) return hour;
  return hour === 23 ? 0 : hour + 1;
}

/** E0005's detail line; empty when no hour can be derived. */
export function maintenanceDetail(endDate: string | null | undefined): string {
  const hour = maintenanceEndHour(endDate);
  return hour === null ? '' : `${hour}時頃に終了する予定です。終了後にもう一度お試しください。`;
}

/** The texts a person sees for a code; unknown codes get the spec's default message. */
export function describeError(code: string | undefined, endDate?: string): { message: string; detail: string } {
  const entry = code !== undefined && Object.hasOwn(ErrorCatalogue, code) ? ErrorCatalogue[code as ErrorCodeValue] : undefined;
  if (!entry) return { ...DefaultError };
  if (code === ErrorCode.Maintenance) return { message: entry.message, detail: maintenanceDetail(endDate) };
  return { message: entry.message, detail: entry.detail };
}
