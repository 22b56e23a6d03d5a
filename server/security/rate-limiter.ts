/**
 * Request limits shared by every server process (docs/decisions/0045-throttling-and-rate-limits.md).
 *
 * A sliding window of one minute, estimated from two fixed windows: the hits of the current
 * window plus the previous window's, weighted by how much of it still lies inside the last
 * minute. The counts live in PostgreSQL (rate_limit_windows): each process decides at once from
 * what it knows (the shared counts as of its last flush, plus its own hits since) and flushes its
 * hits once a second, reading back the totals of every process. So one process is exact, and
 * several together exceed a limit by at most what they admit within one flush.
 */
import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitWindows } from '../db/schema';

export const WINDOW_MS = 60_000;
const FLUSH_MS = 1_000;

export type Decision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type Bucket = {
  /** Shared totals by window start, as of the last flush (our own flushed hits included). */
  shared: Map<number, number>;
  /** Our hits being written now, counted until the totals that include them come back. */
  inFlight: Map<number, number>;
  /** Our hits not yet flushed, by window start. */
  pending: Map<number, number>;
};

const ALLOWED: Decision = Object.freeze({ allowed: true });

function add(counts: Map<number, number>, start: number, hits: number): void {
  counts.set(start, (counts.get(start) ?? 0) + hits);
}

/** The hits a window holds as this process knows them: the shared totals, in flight and pending. */
function countIn(bucket: Bucket, start: number): number {
  return (bucket.shared.get(start) ?? 0) + (bucket.inFlight.get(start) ?? 0) + (bucket.pending.get(start) ?? 0);
}

export class RateLimiter {
  readonly #buckets = new Map<string, Bucket>();
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  #lastPrune = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Counts one request against `limit` a minute for `bucket`, unless the limit is reached. Every
   * API call runs this twice (per address, per customer), so the allowed path makes no closure and
   * no object: tsx names each closure it creates (Object.defineProperty), which showed on the hot
   * read's profile (docs/decisions/0120-the-hot-reads-allocations.md).
   */
  hit(bucket: string, limit: number): Decision {
    const now = this.now();
    const current = now - (now % WINDOW_MS);
    const previous = current - WINDOW_MS;
    const state = this.#bucket(bucket);
    const previousCount = countIn(state, previous);
    const currentCount = countIn(state, current);
    const previousWeight = 1 - (now - current) / WINDOW_MS;
    const estimate = previousCount * previousWeight + currentCount;
    if (estimate + 1 > limit) {
      // When enough of the previous window will have slid out (or the current one ends).
      const excess = estimate + 1 - limit;
      const perMs = previousCount / WINDOW_MS;
      const waitMs = perMs > 0 ? Math.min(current + WINDOW_MS - now, excess / perMs) : current + WINDOW_MS - now;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    add(state.pending, current, 1);
    this.#schedule();
    return ALLOWED;
  }

  #bucket(name: string): Bucket {
    let bucket = this.#buckets.get(name);
    if (bucket === undefined) {
      bucket = { shared: new Map(), inFlight: new Map(), pending: new Map() };
      this.#buckets.set(name, bucket);
    }
    return bucket;
  }

  #schedule(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      void this.flush();
    }, FLUSH_MS);
    this.#timer.unref();
  }

  /** Writes this process's hits and reads back every process's totals for those buckets. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flush()
      .catch(this.onError)
      .finally(() => {
        this.#flushing = undefined;
      });
    return this.#flushing;
  }

  async #flush(): Promise<void> {
    const now = this.now();
    const previous = now - (now % WINDOW_MS) - WINDOW_MS;
    const rows: { bucket: string; windowStart: number; hits: number }[] = [];
    for (const [name, bucket] of this.#buckets) {
      for (const counts of [bucket.shared, bucket.inFlight]) for (const start of counts.keys()) if (start < previous) counts.delete(start);
      for (const [windowStart, hits] of bucket.pending) {
        rows.push({ bucket: name, windowStart, hits });
        add(bucket.inFlight, windowStart, hits);
      }
      bucket.pending.clear();
      if (bucket.shared.size === 0 && bucket.inFlight.size === 0) this.#buckets.delete(name);
    }
    if (rows.length === 0) return;
    try {
      await this.db
        .insert(rateLimitWindows)
        .values(rows)
        .onConflictDoUpdate({
          target: [rateLimitWindows.bucket, rateLimitWindows.windowStart],
          set: { hits: sql`${rateLimitWindows.hits} + excluded.hits` },
        });
    } catch (error) {
      // Not written: the hits stay this process's own, for the next flush.
      for (const row of rows) {
        const bucket = this.#bucket(row.bucket);
        add(bucket.pending, row.windowStart, row.hits);
        bucket.inFlight.delete(row.windowStart);
      }
      this.#schedule();
      throw error;
    }
    const names = [...new Set(rows.map((row) => row.bucket))];
    const totals = await this.db
      .select()
      .from(rateLimitWindows)
      .where(and(inArray(rateLimitWindows.bucket, names), gte(rateLimitWindows.windowStart, previous)));
    for (const name of names) this.#bucket(name).inFlight.clear();
    for (const total of totals) this.#bucket(total.bucket).shared.set(total.windowStart, total.hits);
    if (now - this.#lastPrune > WINDOW_MS) {
      this.#lastPrune = now;
      await this.db.delete(rateLimitWindows).where(lt(rateLimitWindows.windowStart, previous));
    }
  }

  /** Flushes what is pending and stops the timer (server close). */
  async close(): Promise<void> {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.flush();
  }
}
