/**
 * Server-side sessions (docs/decisions/0003-session-model.md). The browser holds only the
 * session id in the HttpOnly cookie `portal_sid`; the session-token travels in a header as the
 * per-session anti-forgery token.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { sessionCache } from './session-cache';

export const SESSION_COOKIE = 'portal_sid';

export type SessionRow = typeof sessions.$inferSelect;

export type NewSession = {
  sbSystemId: string;
  acr: string;
  authTime: Date;
  idToken: string;
  claims: Record<string, unknown>;
};

/** A session slides at most this often, so a burst of API calls costs one write. */
const SLIDE_INTERVAL_MS = 60_000;

const randomId = () => randomBytes(32).toString('base64url');

export async function createSession(
  db: Db,
  input: NewSession,
  ttlMinutes: number,
  now: Date = new Date(),
): Promise<{ id: string; sessionToken: string; expiresAt: Date }> {
  const id = randomId();
  const sessionToken = randomId();
  const expiresAt = new Date(now.getTime() + ttlMinutes * 60_000);
  await db.insert(sessions).values({
    id,
    sbSystemId: input.sbSystemId,
    sessionToken,
    acr: input.acr,
    authTime: input.authTime,
    idToken: input.idToken,
    idTokenClaims: input.claims,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  return { id, sessionToken, expiresAt };
}

function prepareActiveSession(db: Db) {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sql.placeholder('id')), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('active_session');
}

/** Built once per database handle: drizzle's query building costs more CPU than the round trip. */
const activeSessionQueries = new WeakMap<Db, ReturnType<typeof prepareActiveSession>>();

function activeSessionQuery(db: Db): ReturnType<typeof prepareActiveSession> {
  let query = activeSessionQueries.get(db);
  if (query === undefined) {
    query = prepareActiveSession(db);
    activeSessionQueries.set(db, query);
  }
  return query;
}

/**
 * The session with this id when it is neither revoked nor expired. Each use slides its expiry by
 * the session's own window (expiresAt - lastSeenAt), so the TTL chosen at creation is kept.
 *
 * The row comes from the in-process cache (session-cache.ts, a few seconds) when it can; the
 * rules are checked on every call either way: revoked or expired at `now` is refused, and the
 * throttled slide is written to the database as before.
 */
export async function findActiveSession(db: Db, id: string, now: Date = new Date()): Promise<SessionRow | undefined> {
  if (id === '') return undefined;
  let row = sessionCache.get(db, id);
  if (row === undefined) {
    const generation = sessionCache.generation();
    [row] = await activeSessionQuery(db).execute({ id, now });
    if (!row) return undefined;
    sessionCache.set(db, row, generation);
  }
  if (row.revokedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
    sessionCache.delete(id);
    return undefined;
  }
  if (now.getTime() - row.lastSeenAt.getTime() < SLIDE_INTERVAL_MS) return row;
  const window = row.expiresAt.getTime() - row.lastSeenAt.getTime();
  const expiresAt = new Date(now.getTime() + window);
  const generation = sessionCache.generation();
  const [slid] = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .returning();
  if (slid) sessionCache.set(db, slid, generation);
  else sessionCache.delete(id);
  return slid;
}

export async function revokeSession(db: Db, id: string, now: Date = new Date()): Promise<void> {
  // Before the write, so no request of this process uses the entry meanwhile; after it, so a read
  // that started before the write committed cannot put the old row back.
  sessionCache.invalidate(id);
  try {
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
  } finally {
    sessionCache.invalidate(id);
  }
}

/**
 * Ends every active session of the customer except `keepId` (a password change signs out the
 * other devices), inside the caller's transaction; answers how many ended. Their cache entries
 * go before the write; another process may still accept one for at most the cache's few seconds.
 */
export async function revokeOtherSessions(tx: Db, sbSystemId: string, keepId: string, now: Date = new Date()): Promise<number> {
  const active = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.sbSystemId, sbSystemId), ne(sessions.id, keepId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  for (const { id } of active) sessionCache.invalidate(id);
  if (active.length === 0) return 0;
  const ended = await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sbSystemId, sbSystemId), ne(sessions.id, keepId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  for (const { id } of ended) sessionCache.invalidate(id);
  return active.length;
}

/** The acr value sign-on asks for (spec section 9: "acr value 2"). */
export const LEVEL2_ACR = '2';

/**
 * Level 2 (spec section 6, docs/decisions/0013-login-levels.md): a sign-in at acr 2 that is at
 * most maxAgeMinutes old.
 */
export function isLevel2(session: Pick<SessionRow, 'authTime' | 'acr'>, maxAgeMinutes: number, now: Date = new Date()): boolean {
  if (session.acr !== LEVEL2_ACR) return false;
  const age = now.getTime() - session.authTime.getTime();
  return age >= 0 && age <= maxAgeMinutes * 60_000;
}
