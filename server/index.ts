/**
 * Starts the portal: parse the environment, refuse an incomplete production configuration,
 * open and migrate the database, seed the demo customers in demo mode, build the app and
 * listen. SIGINT/SIGTERM close the server, then the database.
 */
import { openDatabase } from './db/client';
import { DEMO_PASSWORD, demoCustomers } from './db/demo-customers';
import { demoCustomersPresent, seedDemoData } from './db/seed';
import { parseEnv } from './env';
import { buildApp } from './app';
import { pruneKeys } from './idempotency/idempotency-store';
import { pruneLoginThrottles } from './auth/login-throttle';
import { applyDuePlanChanges } from './contracts/due-plan-changes';
import { applyDueWithdrawals } from './contracts/due-withdrawals';
import { productionProblems } from './security/production-settings';

const env = parseEnv();
// Production fails closed: every missing or unsafe setting is named, and nothing starts.
const problems = productionProblems(env);
if (problems.length > 0) {
  process.stderr.write(`本番の設定が足りないため起動しません (production settings refused):\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
const database = openDatabase(env);
await database.migrate();

const seed = env.SEED_DEMO_DATA;
if (seed) await seedDemoData(database.db);
else if (!env.DEMO_MODE && (await demoCustomersPresent(database.db))) {
  // The published demo password must not sign anyone in where demo mode is off.
  await database.close();
  process.stderr.write('デモ用のお客さまがデータベースにあるため起動しません (demo customers found with DEMO_MODE off)\n');
  process.exit(1);
}

const app = await buildApp({
  env,
  db: database.db,
  logger: {
    level: env.LOG_LEVEL,
    redact: ['req.headers.cookie', 'req.headers["session-token"]', 'res.headers["set-cookie"]'],
  },
});

// Month-end reservations and pending plan changes take effect without a request: at start (the
// server may have been down at the month end) and every minute after.
const endDueWithdrawals = () =>
  applyDueWithdrawals(database.db).then(
    (ended) => {
      if (ended > 0) app.log.info({ ended }, 'reserved withdrawals took effect');
    },
    (error: unknown) => app.log.error({ err: error }, 'applying due withdrawals failed'),
  ).then(() =>
    applyDuePlanChanges(database.db).then(
      (changed) => {
        if (changed > 0) app.log.info({ changed }, 'pending plan changes took effect');
      },
      (error: unknown) => app.log.error({ err: error }, 'applying due plan changes failed'),
    ),
  );
await endDueWithdrawals();
const withdrawals = setInterval(() => void endDueWithdrawals(), 60_000);
withdrawals.unref();

const pruning = setInterval(() => {
  pruneKeys(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning idempotency keys failed'));
  pruneLoginThrottles(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'pruning login throttles failed'));
}, 60 * 60_000);
pruning.unref();

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(pruning);
  clearInterval(withdrawals);
  try {
    await app.close();
  } finally {
    await database.close();
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ host: env.HOST, port: env.PORT });
const url = env.PUBLIC_URL ?? `http://${env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST}:${env.PORT}`;
const lines = [
  `お客さまポータル: ${url}/`,
  `データベース: ${database.kind === 'pglite' ? `PGlite (${env.DATA_DIR})` : 'PostgreSQL'}`,
];
if (seed) {
  lines.push(`デモ用のお客さま（パスワードは共通で ${DEMO_PASSWORD}）:`);
  for (const customer of demoCustomers) lines.push(`  ${customer.loginId.padEnd(8)} ${customer.sbSystemId}  ${customer.description}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
