/**
 * Hot-read throughput: GET contracts for a signed-in customer against a bare Fastify route on
 * the same process settings, both measured in this run at 50 connections, in alternating slices. GET /api/getCurrentDate
 * (no database) is measured too, to tell the plugins' share from the database's. The hot read is
 * measured twice: as one customer from every connection (the budget's figure), and as every demo
 * customer in turn, so that a batch of one turn holds several customers' sessions, as real traffic
 * does (docs/decisions/0109-session-and-contracts-in-one-read.md).
 *
 * The load generator (autocannon) runs in a child process for every side: in this process it
 * shared the servers' event loop, so each request paid the client's work too, which inflated
 * latency and squeezed every ratio towards 1 (docs/decisions/0040-precomputed-security-headers.md).
 * Each child loads its target unmeasured for a second before it measures (CLIENT_WARM_UP_SECONDS).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../../server/app';
import { openDatabase } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';
import { parseEnv } from '../../server/env';
import { createSession, SESSION_COOKIE } from '../../server/session/session-store';
import { demoCustomers } from '../../server/db/demo-customers';

export type LoadResult = { requestsPerSecond: number; p99: number; sliceP99s: number[]; errors: number; non2xx: number };
export type ApiReport = {
  database: string;
  endpoint: string;
  bare: LoadResult;
  /** GET /api/getCurrentDate: the portal's plugins and endpoint pipeline without a database call. */
  pipeline: LoadResult;
  hot: LoadResult;
  /** The same read for every demo customer in turn, each with their own session. */
  hotManyCustomers: LoadResult;
  customers: number;
  ratio: number;
  manyCustomersRatio: number;
  pipelineRatio: number;
};

const SLICES = 4;
const SLICE_SECONDS = 2;
const CONNECTIONS = 50;
/**
 * Every run is a new autocannon process, and its first second measured mostly the client
 * compiling its own HTTP code: a p99 of 32-106 ms there against 10-14 ms after, on a server
 * already warm. Each run first loads the server this long, unmeasured; the measured run then opens
 * its connections anew.
 */
const CLIENT_WARM_UP_SECONDS = 1;

const AUTOCANNON_CLI = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Target = {
  url: string;
  headers: Record<string, string>;
  /** A HAR file of requests that each connection sends in turn, in place of url's path and headers. */
  har?: string;
};

/** One autocannon run in its own Node process; its JSON result. */
function autocannonRun({ url, headers, har }: Target, seconds: number): Promise<autocannon.Result> {
  const args = [AUTOCANNON_CLI, '--json', '--connections', String(CONNECTIONS), '--duration', String(seconds)];
  // The client's own start is not the server's latency (docs/decisions/0120-the-hot-reads-allocations.md).
  args.push('--warmup', '[', '--connections', String(CONNECTIONS), '--duration', String(CLIENT_WARM_UP_SECONDS), ']');
  for (const [name, value] of Object.entries(headers)) args.push('--headers', `${name}=${value}`);
  if (har !== undefined) args.push('--har', har);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        // With a warm-up, the warm-up's result comes first, on a line of its own.
        const lines = Buffer.concat(out).toString('utf8').trim().split('\n');
        resolve(JSON.parse(lines[lines.length - 1] ?? '') as autocannon.Result);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  });
}

/**
 * Each side in SLICES slices of SLICE_SECONDS, the sides taking turns, after a short warm-up of
 * each: on a machine shared with other jobs the load changes from one second to the next, and
 * measuring the sides one after another let that change decide the ratio. Throughput is the
 * slices' mean; p99 is the median of the slices' p99s, so one slice that met another job's burst
 * does not decide it (every slice's p99 is in the report).
 */
async function loadInTurns(targets: readonly Target[]): Promise<LoadResult[]> {
  for (const target of targets) await autocannonRun(target, 1);
  const slices: autocannon.Result[][] = targets.map(() => []);
  for (let slice = 0; slice < SLICES; slice += 1) {
    for (const [index, target] of targets.entries()) slices[index]?.push(await autocannonRun(target, SLICE_SECONDS));
  }
  return slices.map((results) => {
    const p99s = results.map((result) => result.latency.p99);
    return {
      requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0) / results.length,
      p99: median(p99s),
      sliceP99s: p99s,
      errors: results.reduce((sum, result) => sum + result.errors, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    };
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export async function measureApi(): Promise<ApiReport> {
  // Production mode as a review host runs it (demo mode: the sandboxes and the local sign-on; docs/decisions/0042).
  const env = parseEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000000', SESSION_SECRET: 'bench-secret-bench-secret-bench-secret!', DATA_DIR: process.env.DATA_DIR ?? 'memory://', DEMO_MODE: 'true', PUBLIC_URL: 'http://127.0.0.1' });
  const handle = openDatabase(env);
  await handle.migrate();
  await seedDemoData(handle.db);
  const app = await buildApp({ env, db: handle.db });
  const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

  const signIn = async (sbSystemId: string) => {
    const session = await createSession(handle.db, { sbSystemId, acr: '2', authTime: new Date(), idToken: 'bench', claims: {} }, 60);
    return { path: `/api/customer/${sbSystemId}/contracts`, headers: { cookie: `${SESSION_COOKIE}=${session.id}`, 'session-token': session.sessionToken } };
  };
  const customer = demoCustomers.find((c) => c.loginId === 'demo02') ?? demoCustomers[0];
  if (!customer) throw new Error('no demo customer to measure with');
  const { path: endpoint, headers } = await signIn(customer.sbSystemId);
  const everyone = await Promise.all(demoCustomers.map((c) => signIn(c.sbSystemId)));
  const harDir = await mkdtemp(join(tmpdir(), 'bench-api-'));
  const har = join(harDir, 'every-customer.har');
  const entries = everyone.map(({ path, headers: own }) => ({
    request: { method: 'GET', url: `${appUrl}${path}`, headers: Object.entries(own).map(([name, value]) => ({ name, value })) },
  }));
  await writeFile(har, JSON.stringify({ log: { entries } }));

  const bare = Fastify({ logger: false });
  bare.get('/bare', () => ({ contracts: [] }));
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

  try {
    const [bareResult, pipeline, hot, hotManyCustomers] = await loadInTurns([
      { url: `${bareUrl}/bare`, headers: {} },
      { url: `${appUrl}/api/getCurrentDate`, headers: {} },
      { url: `${appUrl}${endpoint}`, headers },
      // The path is only ever asked if autocannon ignored the HAR file: it answers 404, and the
      // run then fails below instead of measuring the wrong page.
      { url: `${appUrl}/api/not-a-route-the-har-file-replaces`, headers: {}, har },
    ]);
    if (!bareResult || !pipeline || !hot || !hotManyCustomers) throw new Error('a side of the hot-read bench was not measured');
    for (const side of [hot, hotManyCustomers]) {
      if (side.non2xx > 0 || side.errors > 0) throw new Error(`the hot read failed during the run: ${side.non2xx} non-2xx, ${side.errors} errors`);
    }
    return {
      database: env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)',
      endpoint: 'GET /api/customer/{sbSystemId}/contracts',
      bare: bareResult,
      pipeline,
      hot,
      hotManyCustomers,
      customers: everyone.length,
      ratio: hot.requestsPerSecond / bareResult.requestsPerSecond,
      manyCustomersRatio: hotManyCustomers.requestsPerSecond / bareResult.requestsPerSecond,
      pipelineRatio: pipeline.requestsPerSecond / bareResult.requestsPerSecond,
    };
  } finally {
    await rm(harDir, { recursive: true, force: true });
    await bare.close();
    await app.close();
    await handle.close();
  }
}
