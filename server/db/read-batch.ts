/**
 * Reads of one kind that arrive in the same turn of the event loop go to the database as one
 * query (docs/decisions/0092-batched-hot-reads.md). Nothing is kept between batches: a batch's
 * query is sent after every request in it was received, so each answer sees every write committed
 * before its request arrived, whichever process wrote it. What a batch saves is the round trip
 * and the per-query work (pool, protocol, planning) of all but one of its requests.
 */

/**
 * Batches of one kind out at once. Two measured better than one (each request waits for the
 * batch before it) and than no limit (many small queries crowd the pool and the database's CPU)
 * on the shared two-core machine (docs/decisions/0092-batched-hot-reads.md).
 */
export const READ_BATCH_MAX_IN_FLIGHT = 2;

type Waiter<V> = { resolve: (value: V | undefined) => void; reject: (error: unknown) => void };

/** Reads the rows of these keys; a key with no row is simply absent from the answer. */
export type ReadMany<K, V> = (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>;

export class ReadBatch<K, V> {
  #pending = new Map<K, Waiter<V>[]>();
  #scheduled = false;
  #inFlight = 0;

  /**
   * @param maxInFlight batches read at once; while that many are out, new reads wait and join
   *   the next batch, which goes as soon as one comes back (READ_BATCH_MAX_IN_FLIGHT).
   */
  constructor(
    private readonly readMany: ReadMany<K, V>,
    private readonly maxInFlight: number = READ_BATCH_MAX_IN_FLIGHT,
  ) {}

  /** The row of this key, read by the next batch; undefined when there is none. */
  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.#pending.get(key);
      if (waiters === undefined) this.#pending.set(key, [{ resolve, reject }]);
      else waiters.push({ resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#pending.size === 0 || this.#inFlight >= this.maxInFlight) return;
    this.#scheduled = true;
    // After the I/O callbacks of this turn: every request read from a socket in this turn joins.
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#scheduled = false;
    const batch = this.#pending;
    this.#pending = new Map();
    this.#inFlight += 1;
    this.readMany([...batch.keys()])
      .then(
        (found) => {
          for (const [key, waiters] of batch) {
            const value = found.get(key);
            for (const waiter of waiters) waiter.resolve(value);
          }
        },
        (error: unknown) => {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.#inFlight -= 1;
        this.#schedule();
      });
  }
}

/** One batch per database handle (and per transaction handle, which is a handle of its own). */
export function batchPerHandle<D extends object, K, V>(readManyOn: (db: D) => ReadMany<K, V>): (db: D) => ReadBatch<K, V> {
  const batches = new WeakMap<D, ReadBatch<K, V>>();
  return (db) => {
    let batch = batches.get(db);
    if (batch === undefined) {
      batch = new ReadBatch(readManyOn(db));
      batches.set(db, batch);
    }
    return batch;
  };
}
