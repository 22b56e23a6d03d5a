/**
 * The database handle: embedded PGlite when no DATABASE_URL is set (data under DATA_DIR, or in
 * memory for 'memory://'), a node-postgres pool when it is. Both run the same drizzle schema and
 * the same migrations (docs/decisions/0002-database.md).
 */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Env } from '../env';
import * as schema from './schema';

export type Schema = typeof schema;

/** A drizzle database over either driver; queries and transactions are written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Runs a request's writes in one transaction; the API layer may add its own rows to it (the idempotent answer). */
export type Effect = <T>(work: (tx: Db) => Promise<T>) => Promise<T>;

export type DatabaseHandle = {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Applies every migration in server/db/migrations not yet applied. */
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MEMORY_DATA_DIR = 'memory://';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * The driver behind each open database handle, for the few things that need a connection of
 * their own (server/idempotency/process-lock.ts).
 */
export type Driver = { kind: 'pglite' } | { kind: 'postgres'; pool: pg.Pool };
const drivers = new WeakMap<Db, Driver>();

export function driverOf(db: Db): Driver {
  const driver = drivers.get(db);
  if (driver === undefined) throw new Error('not a database opened by openDatabase');
  return driver;
}

/** File-backed PGlite instances open in this process: one per data folder (budgets.md). */
const openDataDirs = new Set<string>();

export function openDatabase(env: Pick<Env, 'DATABASE_URL' | 'DATA_DIR'>): DatabaseHandle {
  if (env.DATABASE_URL !== undefined && env.DATABASE_URL !== '') return openPostgres(env.DATABASE_URL);
  return openPglite(env.DATA_DIR);
}

/** A fresh, empty in-memory PGlite database (tests). */
export function openMemoryDatabase(): DatabaseHandle {
  return openPglite(MEMORY_DATA_DIR);
}

function openPglite(dataDir: string): DatabaseHandle {
  const inMemory = dataDir === MEMORY_DATA_DIR;
  const folder = inMemory ? dataDir : resolve(dataDir);
  if (!inMemory) {
    if (openDataDirs.has(folder)) throw new Error(`PGlite data folder already open in this process: ${folder}`);
    mkdirSync(folder, { recursive: true });
    openDataDirs.add(folder);
  }
  const client = inMemory ? new PGlite() : new PGlite(folder);
  const db = drizzlePglite({ client, schema });
  drivers.set(db, { kind: 'pglite' });
  let closed = false;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      if (!inMemory) openDataDirs.delete(folder);
    },
  };
}

function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server closes (a database restart, a failover, a test database dropped
  // while the pool winds down) is reported here; without a listener it would end the process. The
  // pool has already discarded that connection and the next query opens a new one.
  pool.on('error', (error) => {
    process.emitWarning(`an idle PostgreSQL connection was closed: ${error.message}`, { code: 'PORTAL_PG_IDLE' });
  });
  const db = drizzleNodePg({ client: pool, schema });
  drivers.set(db, { kind: 'postgres', pool });
  let closed = false;
  return {
    db,
    kind: 'postgres',
    migrate: () => migrateNodePg(db, { migrationsFolder }),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
