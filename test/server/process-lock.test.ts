/**
 * The process lock (server/idempotency/process-lock.ts): an in-progress idempotency key counts
 * only while the lock of the process that runs it is held. With PostgreSQL every process sees
 * the others' locks; with embedded PGlite only the one process that opened the database lives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openMemoryDatabase, type DatabaseHandle } from '../../server/db/client';
import { acquireProcessLock } from '../../server/idempotency/process-lock';
import { scratchPostgres } from './support/build-test-app';

describe('プロセスのロック', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void> = () => Promise.resolve();
  let postgres = false;
  beforeAll(async () => {
    const scratch = await scratchPostgres();
    postgres = scratch !== undefined;
    handle = scratch === undefined ? openMemoryDatabase() : openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    if (scratch !== undefined) drop = scratch.drop;
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it('自分のロックは生きていて、手放せば生きていないこと。ほかのプロセスのロックは、PostgreSQLでは手放すまで生きて見えること', async () => {
    const mine = await acquireProcessLock(handle.db);
    const theirs = await acquireProcessLock(handle.db);
    expect(mine.owner).not.toBe(theirs.owner);
    expect(await mine.isAlive(mine.owner)).toBe(true);
    // PGlite: the database lives in one process, so no other owner can be alive.
    expect(await mine.isAlive(theirs.owner)).toBe(postgres);
    await theirs.release();
    expect(await mine.isAlive(theirs.owner)).toBe(false);
    expect(await theirs.isAlive(theirs.owner)).toBe(false);
    await mine.release();
  });
});
