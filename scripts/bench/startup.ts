/**
 * `npm start` (built) to the first 200, with embedded PGlite: the server started as `npm start`
 * starts it, on an empty data folder (first start: PGlite's initdb, migrations, seed) and again
 * on the same folder (restart), with its idle memory. The baseline, in the same run: PGlite
 * alone opening an empty folder and reopening it, each in a fresh Node process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { embeddedServerEnv } from './embedded-server-env';

export type StartupReport = {
  /** Empty data folder to the first 200 of GET /api/getCurrentDate. */
  firstStartMs: number;
  /** The same folder again. */
  restartMs: number;
  /** Resident memory 5 s after the first 200, per start. */
  idleRssMb: { firstStart: number; restart: number };
  pgliteAlone: { coldMs: number; reopenMs: number };
};

const root = resolve(import.meta.dirname, '../..');
const port = 3610;
const IDLE_SETTLE_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident set size of a process, from /proc (Linux only, like these machines). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

async function stopped(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exit = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exit;
}

async function startServer(dataDir: string): Promise<{ ms: number; idleRssMb: number }> {
  const started = performance.now();
  const server = spawn('node', ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: embeddedServerEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'development' }),
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} before answering`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/getCurrentDate`)).ok) break;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 120_000) throw new Error('the server did not answer within 120 s');
      await sleep(50);
    }
    const ms = performance.now() - started;
    await sleep(IDLE_SETTLE_MS);
    if (server.pid === undefined) throw new Error('the server has no pid');
    return { ms, idleRssMb: rssMb(server.pid) };
  } finally {
    await stopped(server);
  }
}

/** Time from spawning Node to PGlite ready on `dataDir`, in a process of its own. */
async function pgliteAlone(dataDir: string): Promise<number> {
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(${JSON.stringify(dataDir)});
await db.waitReady;
await db.close();`;
  const started = performance.now();
  const child = spawn('node', ['--input-type=module', '-e', script], { cwd: root, stdio: 'ignore' });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  if (code !== 0) throw new Error(`PGlite alone exited with ${code}`);
  return performance.now() - started;
}

export async function measureStartup(): Promise<StartupReport> {
  const scratch = mkdtempSync(join(tmpdir(), 'portal-startup-'));
  try {
    const alone = join(scratch, 'pglite-alone');
    const coldMs = await pgliteAlone(alone);
    const reopenMs = await pgliteAlone(alone);
    const dataDir = join(scratch, 'server');
    const first = await startServer(dataDir);
    const again = await startServer(dataDir);
    return {
      firstStartMs: first.ms,
      restartMs: again.ms,
      idleRssMb: { firstStart: first.idleRssMb, restart: again.idleRssMb },
      pgliteAlone: { coldMs, reopenMs },
    };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
