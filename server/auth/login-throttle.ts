/**
 * Per-account throttling of password guessing (ASVS 5.0 V6.3;
 * docs/decisions/0045-throttling-and-rate-limits.md). Counted per login ID, whether or not it
 * exists and from whatever address:
 *
 * - every attempt is counted before the password is checked (a success clears the count), so
 *   guesses sent in parallel are refused as surely as guesses sent one after another;
 * - the 5th to 9th wrong password of a run of ten each make the next attempt wait 1, 2, 4, 8, 16 s;
 * - every 10th wrong password in a row locks the account: 15 minutes, doubling with each
 *   further lock up to a day, and the customer gets a notice;
 * - the counts live in PostgreSQL (login_throttles), so a restart forgets nothing and every
 *   server process enforces the same lock.
 */
import { and, eq, lt, or, isNull } from 'drizzle-orm';
import { sendAccountNotice } from '../account/account-notices';
import type { Db } from '../db/client';
import { loginThrottles } from '../db/schema';
import type { MessageGatewayClient } from '../gateways/message-gateway-client';
import { formatJstDateTime } from '../time/jst';

export const LoginThrottleRules = {
  /** Wrong passwords in a row before the account locks (and again every this many after). */
  failuresBeforeLock: 10,
  /** Wrong passwords of a run that go without any wait. */
  freeFailures: 4,
  firstLockMs: 15 * 60_000,
  longestLockMs: 24 * 60 * 60_000,
} as const;

export type Attempt =
  /** `lockUntil`: this attempt locks the account if its password is wrong. */
  | { kind: 'allowed'; failures: number; lockUntil: Date | null }
  | { kind: 'wait'; until: Date }
  | { kind: 'locked'; until: Date };

/** The account key: the login ID as the customers table compares it. */
export const accountOf = (loginId: string) => loginId.trim().toLowerCase();

/** When the account may try again after `failures` wrong passwords in a row, if it must wait at all. */
function blockFor(failures: number, now: Date): { blockedUntil: Date | null; lockedUntil: Date | null } {
  const { failuresBeforeLock, freeFailures, firstLockMs, longestLockMs } = LoginThrottleRules;
  if (failures % failuresBeforeLock === 0) {
    const lockNumber = failures / failuresBeforeLock;
    const until = new Date(now.getTime() + Math.min(longestLockMs, firstLockMs * 2 ** (lockNumber - 1)));
    return { blockedUntil: until, lockedUntil: until };
  }
  const inRun = failures % failuresBeforeLock;
  if (inRun <= freeFailures) return { blockedUntil: null, lockedUntil: null };
  return { blockedUntil: new Date(now.getTime() + 1000 * 2 ** (inRun - freeFailures - 1)), lockedUntil: null };
}

/**
 * Takes one attempt for the account, or refuses it while the account waits or is locked. The
 * attempt counts as a wrong password until `attemptSucceeded` clears it.
 */
export function beginAttempt(db: Db, loginId: string, now: Date = new Date()): Promise<Attempt> {
  const account = accountOf(loginId);
  return db.transaction(async (tx) => {
    await tx.insert(loginThrottles).values({ account, failures: 0 }).onConflictDoNothing();
    const [row] = await tx.select().from(loginThrottles).where(eq(loginThrottles.account, account)).for('update');
    if (row === undefined) throw new Error('login throttle row vanished');
    if (row.blockedUntil !== null && row.blockedUntil > now) {
      return row.lockedUntil !== null && row.lockedUntil > now
        ? { kind: 'locked' as const, until: row.lockedUntil }
        : { kind: 'wait' as const, until: row.blockedUntil };
    }
    const failures = row.failures + 1;
    const block = blockFor(failures, now);
    await tx
      .update(loginThrottles)
      .set({ failures, lastFailureAt: now, ...block })
      .where(eq(loginThrottles.account, account));
    return { kind: 'allowed' as const, failures, lockUntil: block.lockedUntil };
  });
}

/** The password was right: the run of wrong ones is over. */
export async function attemptSucceeded(db: Db, loginId: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.account, accountOf(loginId)));
}

/** Forgets runs of wrong passwords that ended a day ago and hold no lock (guessed IDs pile up otherwise). */
export async function pruneLoginThrottles(db: Db, now: Date = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60_000);
  await db
    .delete(loginThrottles)
    .where(and(lt(loginThrottles.lastFailureAt, dayAgo), or(isNull(loginThrottles.blockedUntil), lt(loginThrottles.blockedUntil, now))));
}

/**
 * The notice of a lock, to the customer's confirmed mail address (else by SMS): someone is
 * trying their password, and when they can sign in again.
 */
export function lockNotice(db: Db, messages: MessageGatewayClient) {
  return async (sbSystemId: string, until: Date): Promise<void> => {
    const when = formatJstDateTime(until).slice(0, 16);
    await sendAccountNotice(db, messages, sbSystemId, {
      subject: 'ログインを一時的に停止しました',
      lead: `ログインIDまたはパスワードを続けて間違えたため、ログインを${when}まで停止しました。`,
      advice: 'お心当たりがない場合は、第三者がログインを試みているおそれがあります。停止が解けたらパスワードを変更してください。',
    });
  };
}
