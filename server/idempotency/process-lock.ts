/**
 * A lock tied to the database connection that says "this server process is alive"
 * (docs/decisions/0044-crash-safe-idempotency.md). In-progress idempotency keys name the lock
 * of the process running them; a key whose owner's lock is gone belongs to a dead process and
 * is taken over at once.
 *
 * - PostgreSQL: each process holds a session-level advisory lock on one connection of its own
 *   for as long as it runs. A crash closes the connection and the server drops the lock at
 *   once; every process can see which locks are held (pg_locks).
 * - Embedded PGlite: the database lives inside the one process that opened it, so only this
 *   process's own lock is alive.
 */
import { randomInt } from 'node:crypto';
import type pg from 'pg';
import { driverOf, type Db } from '../db/client';

/** The advisory lock space of process locks ("PRTL"); the second key is the owner number. */
const LOCK_SPACE = 0x5052544c;

export type ProcessLock = {
  /** This process's owner number, written on the keys it runs. */
  readonly owner: number;
  isAlive(owner: number): Promise<boolean>;
  release(): Promise<void>;
};

const newOwner = () => randomInt(1, 2 ** 31 - 1);

export async function acquireProcessLock(db: Db): Promise<ProcessLock> {
  const driver = driverOf(db);
  if (driver.kind === 'pglite') {
    const owner = newOwner();
    let released = false;
    return {
      owner,
      isAlive: (candidate) => Promise.resolve(candidate === owner && !released),
      release: () => {
        released = true;
        return Promise.resolve();
      },
    };
  }
  return acquirePostgresLock(driver.pool);
}

async function tryLock(connection: pg.PoolClient, owner: number): Promise<boolean> {
  const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [LOCK_SPACE, owner]);
  return rows[0]?.locked === true;
}

async function acquirePostgresLock(pool: pg.Pool): Promise<ProcessLock> {
  let connection = await pool.connect();
  let owner = newOwner();
  try {
    while (!(await tryLock(connection, owner))) owner = newOwner();
  } catch (error) {
    connection.release(error instanceof Error ? error : true);
    throw error;
  }
  let held = true;
  let released = false;
  // The lock's connection dropped (a database restart): until it is taken again, keys of this
  // process may be taken over by another; completeKey then refuses this process's answer, so its
  // effect rolls back instead of happening twice.
  const onLost = () => {
    held = false;
    connection.release(true);
    void (async () => {
      while (!released && !held) {
        // The old session may linger a moment before the server lets its lock go.
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
        try {
          connection = await pool.connect();
          connection.on('error', onLost);
          held = await tryLock(connection, owner);
          if (!held) connection.release(true);
        } catch {
          // The database is still away; try again.
        }
      }
    })();
  };
  connection.on('error', onLost);
  return {
    owner,
    async isAlive(candidate) {
      if (candidate === owner) return held && !released;
      const { rows } = await pool.query<{ alive: boolean }>(
        `select exists (
           select 1 from pg_locks
           where locktype = 'advisory' and granted and objsubid = 2
             and database = (select oid from pg_database where datname = current_database())
             and classid = $1::bigint::oid and objid = $2::bigint::oid
         ) as alive`,
        [LOCK_SPACE, candidate],
      );
      return rows[0]?.alive === true;
    },
    async release() {
      if (released) return;
      released = true;
      connection.off('error', onLost);
      if (!held) return;
      try {
        await connection.query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, owner]);
        connection.release();
      } catch (error) {
        connection.release(error instanceof Error ? error : true);
      }
    },
  };
}
