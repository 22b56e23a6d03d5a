/**
 * Change of login ID and password, at the sign-on provider's store: the customers row the local
 * OpenID provider checks sign-ins against (docs/decisions/0079-login-id-and-password.md). Each
 * runs in one transaction with its audit row; a notice goes to the customer after it commits.
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { UpdateLoginIdResponse, UpdatePasswordResponse } from '../../contracts/api/account-credentials';
import { ErrorCode } from '../../contracts/error-catalogue';
import { attemptSucceeded, beginAttempt } from '../auth/login-throttle';
import { endProviderSessions } from '../auth/provider-store';
import { lockCustomer } from '../contracts/customer-lock';
import type { Db, Effect } from '../db/client';
import { hashPassword, verifyPassword } from '../db/passwords';
import { customers } from '../db/schema';
import { AppError, invalidRequest } from '../http/app-error';
import { revokeOtherSessions } from '../session/session-store';
import { formatJstDateTime } from '../time/jst';
import { recordChange, type Actor } from './account-audit';
import { passwordProblem } from './password-policy';

const LoginIdTaken = 'このログインIDはご利用いただけません。別のログインIDを入力してください。';

/** PostgreSQL's unique_violation: another customer took the ID between our check and our write. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  // drizzle wraps the driver's error in `cause`.
  return 'code' in error ? error.code === '23505' : 'cause' in error && isUniqueViolation(error.cause);
}

async function loginIdInUse(tx: Db, loginId: string, sbSystemId: string): Promise<boolean> {
  const [other] = await tx
    .select({ id: customers.sbSystemId })
    .from(customers)
    .where(and(sql`lower(${customers.loginId}) = ${loginId}`, ne(customers.sbSystemId, sbSystemId)))
    .limit(1);
  return other !== undefined;
}

/** `loginId`: already normalised by the contract (NFKC, lower case, allowed characters and length). */
export async function changeLoginId(effect: Effect, actor: Actor, loginId: string, now: Date = new Date()): Promise<UpdateLoginIdResponse> {
  try {
    return await effect(async (tx) => {
      const customer = await lockCustomer(tx, actor.sbSystemId);
      if (customer.loginId.toLowerCase() === loginId) {
        throw invalidRequest([{ path: 'body.loginId', message: '現在のログインIDと同じです。新しいログインIDを入力してください。' }]);
      }
      // The same answer whether the ID is another customer's or otherwise unusable: no more is told.
      if (await loginIdInUse(tx, loginId, actor.sbSystemId)) throw invalidRequest([{ path: 'body.loginId', message: LoginIdTaken }]);
      await tx.update(customers).set({ loginId }).where(eq(customers.sbSystemId, actor.sbSystemId));
      await recordChange(tx, actor, 'loginId', { loginId: customer.loginId }, { loginId }, now);
      return { loginId, changedAt: formatJstDateTime(now) };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw invalidRequest([{ path: 'body.loginId', message: LoginIdTaken }]);
    throw error;
  }
}

export type PasswordChange = { readonly currentPassword: string; readonly newPassword: string };

/**
 * Checks the current password, the policy, stores the new hash, ends the customer's other
 * sessions here and at the provider. The hashing happens before the transaction, so the customer's
 * row is locked only for the writes; the current hash is compared again under the lock, so two
 * changes racing each other cannot both win.
 */
export async function changePassword(
  db: Db,
  effect: Effect,
  actor: Actor,
  change: PasswordChange,
  now: Date = new Date(),
): Promise<UpdatePasswordResponse> {
  const [customer] = await db.select().from(customers).where(eq(customers.sbSystemId, actor.sbSystemId)).limit(1);
  if (customer === undefined) throw invalidRequest([{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }]);
  // The current password is guessed here as at the sign-in page: the same throttle counts both.
  const attempt = await beginAttempt(db, customer.loginId, now);
  if (attempt.kind !== 'allowed') throw new AppError(ErrorCode.Congestion);
  if (!(await verifyPassword(change.currentPassword, customer.passwordHash))) {
    throw invalidRequest([{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }]);
  }
  await attemptSucceeded(db, customer.loginId);
  if (await verifyPassword(change.newPassword, customer.passwordHash)) {
    throw invalidRequest([{ path: 'body.newPassword', message: '現在のパスワードとは異なるパスワードを入力してください。' }]);
  }
  const problem = passwordProblem(change.newPassword, {
    loginId: customer.loginId,
    personal: [customer.mailAddress, customer.mailAddress.split('@')[0] ?? '', customer.phoneNumber, customer.birthday.replace(/\//g, '')],
  });
  if (problem !== undefined) throw invalidRequest([{ path: 'body.newPassword', message: problem }]);
  const passwordHash = await hashPassword(change.newPassword);

  return effect(async (tx) => {
    const locked = await lockCustomer(tx, actor.sbSystemId);
    if (locked.passwordHash !== customer.passwordHash) {
      throw invalidRequest([{ path: 'body.currentPassword', message: '現在のパスワードが正しくありません。' }]);
    }
    await tx.update(customers).set({ passwordHash, passwordChangedAt: now }).where(eq(customers.sbSystemId, actor.sbSystemId));
    const endedSessions = await revokeOtherSessions(tx, actor.sbSystemId, actor.sessionId, now);
    await endProviderSessions(tx, actor.sbSystemId);
    const changedAt = formatJstDateTime(now);
    // Never the password or its hash: only that it changed, and what that did.
    await recordChange(tx, actor, 'password', { passwordChangedAt: locked.passwordChangedAt?.toISOString() ?? null }, { passwordChangedAt: now.toISOString(), endedSessions }, now);
    return { changedAt, endedSessions };
  });
}
