/**
 * Per-request keys as idempotency keys (docs/decisions/0004-idempotency.md,
 * 0044-crash-safe-idempotency.md).
 *
 * claim -> run the handler -> the answer is stored in the same transaction as the effect
 * (`effectWithAnswer`), or the claim is released on failure.
 * - The claim is one INSERT ... ON CONFLICT DO NOTHING, so of any number of concurrent
 *   duplicates exactly one proceeds; the others see "in progress" (409 A0409).
 * - An in-progress key names its owner's process lock (process-lock.ts). It counts only while
 *   that lock is held: a key left by a crashed process is taken over at once.
 * - 'done' and the answer commit together with the effect, so after a crash the key replays
 *   the answer exactly when the effect happened.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { ProcessLock } from './process-lock';

export type KeyRef = { key: string; sbSystemId: string };
export type KeyRequest = KeyRef & { endpoint: string; bodyHash: string };

export type Claim =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'inProgress' }
  | { kind: 'mismatch' };

/** Finished keys are kept this long; the client reuses a key only within one submit and its retry. */
export const KEY_RETENTION_MS = 24 * 60 * 60_000;

/** JSON with object keys sorted, so the same body always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function requestFingerprint(method: string, path: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${method}\n${path}\n${canonicalJson(query)}\n${canonicalJson(body)}`)
    .digest('base64url');
}

const keyIs = (ref: KeyRef) => and(eq(idempotencyKeys.sbSystemId, ref.sbSystemId), eq(idempotencyKeys.key, ref.key));

export async function claimKey(db: Db, lock: ProcessLock, request: KeyRequest, now: Date = new Date()): Promise<Claim> {
  // Two rounds: a claim released between our INSERT and SELECT is simply claimed again.
  for (let round = 0; round < 2; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...request, status: 'in_progress', owner: lock.owner, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'proceed' };

    const [row] = await db.select().from(idempotencyKeys).where(keyIs(request)).limit(1);
    if (!row) continue;
    if (row.endpoint !== request.endpoint || row.bodyHash !== request.bodyHash) return { kind: 'mismatch' };
    if (row.status === 'done') return { kind: 'replay', status: row.responseStatus ?? 200, body: row.responseBody };
    if (row.owner !== null && (await lock.isAlive(row.owner))) return { kind: 'inProgress' };
    // The owner's process is gone and its effect never committed: this call runs it.
    const taken = await db
      .update(idempotencyKeys)
      .set({ owner: lock.owner, createdAt: now })
      .where(
        and(
          keyIs(request),
          eq(idempotencyKeys.status, 'in_progress'),
          row.owner === null ? undefined : eq(idempotencyKeys.owner, row.owner),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0 ? { kind: 'proceed' } : { kind: 'inProgress' };
  }
  return { kind: 'inProgress' };
}

/** Marks the claimed key done with its answer; inside the effect's transaction it commits with the effect. */
export async function completeKey(db: Db, lock: ProcessLock, ref: KeyRef, status: number, body: unknown, now: Date = new Date()): Promise<void> {
  const completed = await db
    .update(idempotencyKeys)
    .set({ status: 'done', owner: null, responseStatus: status, responseBody: body ?? null, completedAt: now })
    .where(and(keyIs(ref), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.owner, lock.owner)))
    .returning({ key: idempotencyKeys.key });
  // Only a process taken for dead could lose its claim; its effect must not commit then.
  if (completed.length === 0) throw new Error('idempotency claim lost before the answer was stored');
}

/** Runs `work` in one transaction that also stores its result as the key's answer (status 200). */
export function effectWithAnswer<T>(db: Db, lock: ProcessLock, ref: KeyRef, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const value = await work(tx);
    await completeKey(tx, lock, ref, 200, value);
    return value;
  });
}

/**
 * Forgets a claim whose handler failed. A failed request changed nothing (every write is in a
 * transaction), so the client's retry with the same key simply runs again.
 */
export async function releaseKey(db: Db, lock: ProcessLock, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(keyIs(ref), eq(idempotencyKeys.status, 'in_progress'), eq(idempotencyKeys.owner, lock.owner)));
}

/** Whether one of the customer's calls to this endpoint runs now, in a live process. */
export async function hasLiveClaim(db: Db, lock: ProcessLock, sbSystemId: string, endpoint: string): Promise<boolean> {
  const rows = await db
    .select({ owner: idempotencyKeys.owner })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.sbSystemId, sbSystemId), eq(idempotencyKeys.endpoint, endpoint), eq(idempotencyKeys.status, 'in_progress')))
    .limit(10);
  for (const { owner } of rows) if (owner !== null && (await lock.isAlive(owner))) return true;
  return false;
}

export async function pruneKeys(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
