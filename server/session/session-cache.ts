/**
 * A small in-process cache of active session rows, so a hot /api call does not pay a database
 * round trip for its session (docs/decisions/0038-hot-read-path.md).
 *
 * - Keyed by session id; an entry is used only for the same database handle it was read from.
 * - Entries live at most SESSION_CACHE_TTL_MS (a few seconds) and the map holds at most
 *   SESSION_CACHE_MAX_ENTRIES sessions (least recently used goes first).
 * - Only active sessions are stored; unknown, expired or revoked ids always go to the database.
 * - session-store.ts is the only writer: revokeSession deletes the entry before it returns, and
 *   a slide replaces it with the updated row. Another process's revocation is seen here only when
 *   the entry ages out, so a revoked session may be accepted by another process for at most the TTL.
 */
import type { Db } from '../db/client';
import type { sessions } from '../db/schema';

type SessionRow = typeof sessions.$inferSelect;

export const SESSION_CACHE_TTL_MS = 3_000;
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

type Entry = { readonly db: Db; readonly row: SessionRow; readonly storedAt: number };

/** Monotonic, so a test moving its own `now` or a wall-clock step cannot stretch an entry's life. */
const monotonic = (): number => performance.now();

export class SessionCache {
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every revocation, so a read that raced one is not cached (see `set`). */
  #generation = 0;

  constructor(
    readonly ttlMs: number = SESSION_CACHE_TTL_MS,
    readonly maxEntries: number = SESSION_CACHE_MAX_ENTRIES,
    private readonly clock: () => number = monotonic,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The cached row for this id, read from this database, if it is younger than the TTL. */
  get(db: Db, id: string): SessionRow | undefined {
    const entry = this.#entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.db !== db || this.clock() - entry.storedAt >= this.ttlMs) {
      this.#entries.delete(id);
      return undefined;
    }
    // Most recently used goes to the end of the map's order.
    this.#entries.delete(id);
    this.#entries.set(id, entry);
    return entry.row;
  }

  /** Take before reading a session from the database; hand to `set` with the row read. */
  generation(): number {
    return this.#generation;
  }

  /**
   * Stores a row read (or written) by the database. Refused when a revocation happened since
   * `generation` was taken: the row may predate it, and caching it would revive the session.
   */
  set(db: Db, row: SessionRow, generation: number): void {
    if (this.maxEntries <= 0 || generation !== this.#generation) return;
    this.#entries.delete(row.id);
    this.#entries.set(row.id, { db, row: Object.freeze(row), storedAt: this.clock() });
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) break;
      this.#entries.delete(oldest.value);
    }
  }

  delete(id: string): void {
    this.#entries.delete(id);
  }

  /** A revocation: drops the entry and refuses every read that started before now. */
  invalidate(id: string): void {
    this.#generation += 1;
    this.#entries.delete(id);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/** The process's cache, used by session-store.ts. */
export const sessionCache = new SessionCache();
