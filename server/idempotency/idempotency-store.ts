/**
 * Per-request keys as idempotency keys (docs/decisions/0004-idempotency.md).
 * claim -> run the handler -> complete (or release on failure). The claim is one INSERT ... ON
 * CONFLICT DO NOTHING, so of any number of concurrent duplicates exactly one proceeds.
 */
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';

export type KeyRef = { key: string; sbSystemId: string };

export type Claim =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'inProgress' }
  | { kind: 'mismatch' };

/** An in-progress claim older than this is taken to be from a crashed process and may be taken over. */
export const STALE_CLAIM_MS = 5 * 60_000;
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

export async function claimKey(
  db: Db,
  ref: KeyRef & { endpoint: string; bodyHash: string },
  now: Date = new Date(),
): Promise<Claim> {
  // Two rounds: a claim released between our INSERT and SELECT is simply claimed again.
  for (let round = 0; round < 2; round += 1) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...ref, status: 'in_progress', createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'proceed' };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.sbSystemId, ref.sbSystemId), eq(idempotencyKeys.key, ref.key)))
      .limit(1);
    if (!row) continue;
    if (row.endpoint !== ref.endpoint || row.bodyHash !== ref.bodyHash) return { kind: 'mismatch' };
    if (row.status === 'done') return { kind: 'replay', status: row.responseStatus ?? 200, body: row.responseBody };
    if (now.getTime() - row.createdAt.getTime() < STALE_CLAIM_MS) return { kind: 'inProgress' };
    const taken = await db
      .update(idempotencyKeys)
      .set({ createdAt: now })
      .where(
        and(
          eq(idempotencyKeys.sbSystemId, ref.sbSystemId),
          eq(idempotencyKeys.key, ref.key),
          eq(idempotencyKeys.status, 'in_progress'),
          eq(idempotencyKeys.createdAt, row.createdAt),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0 ? { kind: 'proceed' } : { kind: 'inProgress' };
  }
  return { kind: 'inProgress' };
}

/** Stores the first answer; later duplicates replay it. */
export async function completeKey(db: Db, ref: KeyRef, status: number, body: unknown, now: Date = new Date()): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ status: 'done', responseStatus: status, responseBody: body ?? null, completedAt: now })
    .where(and(eq(idempotencyKeys.sbSystemId, ref.sbSystemId), eq(idempotencyKeys.key, ref.key)));
}

/**
 * Forgets a claim whose handler failed. A failed request changed nothing (every write is in a
 * transaction), so the client's retry with the same key simply runs again.
 */
export async function releaseKey(db: Db, ref: KeyRef): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.sbSystemId, ref.sbSystemId),
        eq(idempotencyKeys.key, ref.key),
        eq(idempotencyKeys.status, 'in_progress'),
      ),
    );
}

export async function pruneKeys(db: Db, now: Date = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_RETENTION_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}
