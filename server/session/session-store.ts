/**
 * Server-side sessions (docs/decisions/0003-session-model.md). The browser holds only the
 * session id in the HttpOnly cookie `portal_sid`; the session-token travels in a header as the
 * per-session anti-forgery token.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { batchPerHandle } from '../db/read-batch';

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

function prepareUnrevokedSessions(db: Db) {
  return db
    .select()
    .from(sessions)
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')})`, isNull(sessions.revokedAt)))
    .prepare('unrevoked_sessions');
}

/**
 * The session reads of one turn of the event loop, as one query (server/db/read-batch.ts): every
 * /api call reads its session from the database, so a revocation by any process counts on the
 * next call, and concurrent calls share the round trip (docs/decisions/0092-batched-hot-reads.md).
 * The query is built once per handle: drizzle's query building costs more CPU than the round trip.
 */
const unrevokedSessions = batchPerHandle((db: Db) => {
  const query = prepareUnrevokedSessions(db);
  return async (ids: readonly string[]) => {
    const rows = await query.execute({ ids });
    return new Map(rows.map((row) => [row.id, row]));
  };
});

/**
 * The session with this id when it is neither revoked nor expired, read from the database on
 * every call. Each use slides its expiry by the session's own window (expiresAt - lastSeenAt),
 * so the TTL chosen at creation is kept; the slide is written at most once a minute.
 */
export async function findActiveSession(db: Db, id: string, now: Date = new Date()): Promise<SessionRow | undefined> {
  if (id === '') return undefined;
  return keepActive(db, await unrevokedSessions(db).load(id), now);
}

/**
 * An unrevoked session row as read, when it has not expired; its expiry slid as findActiveSession
 * describes. For the reads that fetch the session with other rows (session-with-contracts.ts).
 */
export async function keepActive(db: Db, row: SessionRow | undefined, now: Date): Promise<SessionRow | undefined> {
  if (row === undefined || row.expiresAt.getTime() <= now.getTime()) return undefined;
  if (now.getTime() - row.lastSeenAt.getTime() < SLIDE_INTERVAL_MS) return row;
  return slideOnce(db, row, now);
}

/**
 * Slides being written, by handle and session id. The calls of one moment (a page's parallel
 * reads, several tabs) all read the row before the first slide is written, and each wrote its
 * own: one UPDATE per call, queued on the row's lock, once a minute per session. Those that come
 * while a slide is being written wait for it and take its row. Nothing is kept once it is written:
 * the next call reads the database as ever (docs/decisions/0120-the-hot-reads-allocations.md).
 */
const slidesInFlight = new WeakMap<Db, Map<string, Promise<SessionRow | undefined>>>();

function slidesOf(db: Db): Map<string, Promise<SessionRow | undefined>> {
  let slides = slidesInFlight.get(db);
  if (slides === undefined) {
    slides = new Map();
    slidesInFlight.set(db, slides);
  }
  return slides;
}

function slideOnce(db: Db, row: SessionRow, now: Date): Promise<SessionRow | undefined> {
  const inFlight = slidesOf(db);
  const writing = inFlight.get(row.id);
  if (writing !== undefined) return writing;
  const slide = slideExpiry(db, row, now).finally(() => inFlight.delete(row.id));
  inFlight.set(row.id, slide);
  return slide;
}

async function slideExpiry(db: Db, row: SessionRow, now: Date): Promise<SessionRow | undefined> {
  const window = row.expiresAt.getTime() - row.lastSeenAt.getTime();
  const expiresAt = new Date(now.getTime() + window);
  const [slid] = await db
    .update(sessions)
    .set({ lastSeenAt: now, expiresAt })
    .where(and(eq(sessions.id, row.id), isNull(sessions.revokedAt)))
    .returning();
  return slid;
}

export async function revokeSession(db: Db, id: string, now: Date = new Date()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/**
 * Ends every active session of the customer except `keepId` (a password change signs out the
 * other devices), inside the caller's transaction; answers how many ended. Every process refuses
 * them from the next call on: sessions are read from the database on every call.
 */
export async function revokeOtherSessions(tx: Db, sbSystemId: string, keepId: string, now: Date = new Date()): Promise<number> {
  const active = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.sbSystemId, sbSystemId), ne(sessions.id, keepId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  if (active.length === 0) return 0;
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.sbSystemId, sbSystemId), ne(sessions.id, keepId), isNull(sessions.revokedAt)));
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
