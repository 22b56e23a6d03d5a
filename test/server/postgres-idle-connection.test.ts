/**
 * PostgreSQL closing an idle connection of the pool (a restart, a failover, an administrator,
 * or a test database dropped while the pool winds down) must not end the process: the pool
 * drops that connection and the next query opens another. Runs with DATABASE_URL only.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { scratchPostgres } from './support/build-test-app';

const url = process.env.DATABASE_URL;

const PidRowsSchema = z.object({ rows: z.array(z.object({ pid: z.number() })) });

/** The server process id of the connection that answers the query. */
async function backendPid(handle: DatabaseHandle): Promise<number | undefined> {
  const result = PidRowsSchema.parse(await handle.db.execute(sql`SELECT pg_backend_pid() AS pid`));
  return result.rows[0]?.pid;
}

describe.skipIf(url === undefined || url === '')('PostgreSQLのアイドル接続が切られたとき', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = () => Promise.resolve();
  beforeAll(async () => {
    const scratch = await scratchPostgres();
    if (scratch === undefined) throw new Error('DATABASE_URL is set but no scratch database was made');
    drop = scratch.drop;
    handle = openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('プロセスを止めずに警告だけを出し、次の問い合わせは新しい接続で答えること', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const pid = await backendPid(handle);
      expect(pid).toBeTypeOf('number');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      await admin.end();
      await expect.poll(() => warnings.some((message) => message.includes('an idle PostgreSQL connection was closed'))).toBe(true);
      expect(await backendPid(handle)).not.toBe(pid);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
