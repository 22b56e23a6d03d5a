/**
 * The login history (GET auth/history; docs/decisions/0078-account-endpoints.md): the sign-in
 * events sign-on records (server/auth/sign-in-events.ts) of one customer, newest first, a page at
 * a time, with the device, OS and browser read from the user agent by bowser.
 */
import Bowser from 'bowser';
import { and, count, desc, eq, gt } from 'drizzle-orm';
import {
  LoginHistoryDays,
  LoginHistoryPageSize,
  LoginResult,
  type LoginHistory,
  type LoginHistoryEntry,
} from '../../contracts/api/account-login-history';
import { FailureReason, type FailureReasonValue } from '../auth/sign-in-events';
import type { Db } from '../db/client';
import { signInEvents } from '../db/schema';
import { formatJstDateTime } from '../time/jst';

const Unknown = '不明';

/** What the customer reads for each failure reason sign-on records. */
const FailureReasonText: Record<FailureReasonValue, string> = {
  [FailureReason.InvalidCredentials]: 'ログインIDまたはパスワードの誤り',
  [FailureReason.AccessDenied]: '同意されなかったため中止',
  [FailureReason.AcrNotMet]: '認証の強さが不足',
  [FailureReason.StateMismatch]: 'ログイン手続きの不一致（やり直し）',
  [FailureReason.MissingTransaction]: 'ログイン手続きの期限切れ（やり直し）',
  [FailureReason.ProviderError]: 'ログインサービスのエラー',
  [FailureReason.TokenRejected]: 'ログイン情報の確認に失敗',
  [FailureReason.UnknownSubject]: 'お客さま情報の確認に失敗',
};

const PlatformText: Record<string, string> = {
  mobile: 'スマートフォン',
  tablet: 'タブレット',
  desktop: 'パソコン',
  tv: 'テレビ',
  bot: '自動プログラム',
};

const withVersion = (name: string | undefined, version: string | undefined) =>
  name === undefined || name === '' ? Unknown : version === undefined || version === '' ? name : `${name} ${version}`;

/** Device, OS and browser of a user agent, in words the customer reads. */
export function describeUserAgent(userAgent: string): Pick<LoginHistoryEntry, 'device' | 'os' | 'browser'> {
  // bowser refuses an empty string; a request without the header is simply unknown.
  if (userAgent.trim() === '') return { device: Unknown, os: Unknown, browser: Unknown };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type === undefined ? undefined : PlatformText[parsed.platform.type];
  const device = platform === undefined ? Unknown : parsed.platform.model === undefined ? platform : `${platform}（${parsed.platform.model}）`;
  // Windows reports its kernel ("NT 10.0"); its versionName is the name people know ("10").
  const osVersion = parsed.os.name === 'Windows' ? (parsed.os.versionName ?? parsed.os.version) : parsed.os.version;
  return { device, os: withVersion(parsed.os.name, osVersion), browser: withVersion(parsed.browser.name, parsed.browser.version) };
}

function reasonText(reason: string | null): string {
  if (reason === null) return FailureReasonText[FailureReason.ProviderError];
  return (FailureReasonText as Record<string, string>)[reason] ?? FailureReasonText[FailureReason.ProviderError];
}

export async function readLoginHistory(db: Db, sbSystemId: string, page: number, now: Date = new Date()): Promise<LoginHistory> {
  const since = new Date(now.getTime() - LoginHistoryDays * 24 * 60 * 60 * 1000);
  const ofCustomer = and(eq(signInEvents.sbSystemId, sbSystemId), gt(signInEvents.occurredAt, since));
  const [total] = await db.select({ value: count() }).from(signInEvents).where(ofCustomer);
  const rows = await db
    .select()
    .from(signInEvents)
    .where(ofCustomer)
    .orderBy(desc(signInEvents.occurredAt), desc(signInEvents.id))
    .limit(LoginHistoryPageSize)
    .offset((page - 1) * LoginHistoryPageSize);
  const totalCount = total?.value ?? 0;
  return {
    entries: rows.map((row) => ({
      occurredAt: formatJstDateTime(row.occurredAt),
      result: row.result === 'success' ? LoginResult.Success : LoginResult.Failure,
      reason: row.result === 'success' ? null : reasonText(row.reason),
      ...describeUserAgent(row.userAgent),
      ipAddress: row.ip,
    })),
    page,
    pageSize: LoginHistoryPageSize,
    totalCount,
    totalPages: Math.ceil(totalCount / LoginHistoryPageSize),
  };
}
