/**
 * A fresh server for one test file: its own database (in-memory PGlite, or with DATABASE_URL a
 * new PostgreSQL database created for the file and dropped afterwards), migrated and seeded,
 * and buildApp on top. signInAs creates a session row directly, as the sign-on callback would.
 */
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { ErrorBodySchema, type ErrorBody } from '../../../contracts/error-catalogue';
import { buildApp, type BuildAppOptions } from '../../../server/app';
import { MEMORY_DATA_DIR, openDatabase, openMemoryDatabase, type DatabaseHandle, type Db } from '../../../server/db/client';
import { customers } from '../../../server/db/schema';
import { seedDemoData } from '../../../server/db/seed';
import { parseEnv, type Env } from '../../../server/env';
import { SESSION_COOKIE, createSession } from '../../../server/session/session-store';

export type TestApp = {
  readonly app: FastifyInstance;
  readonly db: Db;
  readonly env: Env;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** Environment variables on top of the test defaults (strings, as the process would give them). */
  env?: Record<string, string>;
  /** The built app's folder; by default one that does not exist (the "not built" page). */
  clientDir?: string;
  /** Extra routes, registered before the app is ready. */
  extend?: (app: FastifyInstance) => void;
  /** Options of the external systems' sandboxes (e.g. the card provider's clock). */
  gateways?: BuildAppOptions['gateways'];
};

/** The real process environment decides only one thing here: PostgreSQL or PGlite. */
const processEnv = parseEnv();

/**
 * With DATABASE_URL: a new, empty PostgreSQL database for the caller, dropped by `drop`.
 * Without: undefined (the caller uses embedded PGlite).
 */
export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const url = processEnv.DATABASE_URL;
  if (url === undefined || url === '') return undefined;
  const name = `portal_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  return {
    url: testUrl.toString(),
    // Callers close their own connections first. A plain DROP then waits for them to go and
    // stops an autovacuum worker itself; WITH (FORCE) instead refuses outright when it meets
    // one, because an unprivileged role may not terminate a background process.
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name}`);
      } finally {
        await dropper.end();
      }
    },
  };
}

async function openTestDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const scratch = await scratchPostgres();
  if (scratch === undefined) return { handle: openMemoryDatabase(), drop: async () => {} };
  return { handle: openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' }), drop: scratch.drop };
}

/** A fresh, migrated database of its own (for plugins tested without the whole app). */
export async function migratedDatabase(): Promise<{ db: Db; close(): Promise<void> }> {
  const { handle, drop } = await openTestDatabase();
  await handle.migrate();
  return {
    db: handle.db,
    async close() {
      await handle.close();
      await drop();
    },
  };
}

export const testEnvDefaults: Record<string, string> = {
  NODE_ENV: 'test',
  DATA_DIR: MEMORY_DATA_DIR,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '100000',
  SANDBOX: 'true',
  OUTBOX_READ_KEY: 'test-outbox-read-key-0123456789',
};

/**
 * A complete production configuration (docs/decisions/0042-production-settings.md): real
 * external systems by URL, no demo features. Tests that use it never call those systems.
 */
export const productionEnv: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://portal.example.jp',
  SESSION_SECRET: 'production-test-secret-0123456789abcdef',
  DATABASE_URL: 'postgres://portal@db.example.jp:5432/portal',
  OIDC_ISSUER: 'https://sso.example.jp/realms/portal',
  OIDC_CLIENT_SECRET: 'sso-client-secret-0123456789',
  SANDBOX: 'false',
  CARD_PROVIDER_URL: 'https://pay.example.jp/merchant',
  CARD_PROVIDER_MERCHANT_KEY: 'merchant-key-0123456789',
  CARD_PROVIDER_SECRET: 'card-provider-secret-0123456789abcdef',
  MESSAGE_GATEWAY_URL: 'https://messages.example.jp/v1',
  MESSAGE_GATEWAY_KEY: 'gateway-key-0123456789',
};

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const env = parseEnv({ ...testEnvDefaults, ...options.env });
  const { handle, drop } = await openTestDatabase();
  let app: FastifyInstance;
  try {
    await handle.migrate();
    await seedDemoData(handle.db);
    app = await buildApp({
      env,
      db: handle.db,
      clientDir: options.clientDir ?? join(tmpdir(), 'carrier-portal-no-client-build'),
      ...(options.gateways === undefined ? {} : { gateways: options.gateways }),
    });
    options.extend?.(app);
    await app.ready();
  } catch (error) {
    await handle.close();
    await drop();
    throw error;
  }
  return {
    app,
    db: handle.db,
    env,
    async close() {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}

export type SignedIn = { cookie: string; sessionToken: string; sbSystemId: string; sessionId: string };

/** A session for a seeded customer, as if they had just signed in (or at `authTime`). */
export async function signInAs(
  test: Pick<TestApp, 'db' | 'env'>,
  loginId: string,
  options: { authTime?: Date; ttlMinutes?: number } = {},
): Promise<SignedIn> {
  const [customer] = await test.db
    .select({ sbSystemId: customers.sbSystemId })
    .from(customers)
    .where(eq(sql`lower(${customers.loginId})`, loginId.toLowerCase()))
    .limit(1);
  if (!customer) throw new Error(`no seeded customer with login id ${loginId}`);
  const session = await createSession(
    test.db,
    { sbSystemId: customer.sbSystemId, acr: '2', authTime: options.authTime ?? new Date(), idToken: 'test-id-token', claims: { sub: customer.sbSystemId } },
    options.ttlMinutes ?? test.env.SESSION_TTL_MINUTES,
  );
  return {
    cookie: `${SESSION_COOKIE}=${session.id}`,
    sessionToken: session.sessionToken,
    sbSystemId: customer.sbSystemId,
    sessionId: session.id,
  };
}

/** The headers a signed-in API call carries. */
export function apiHeaders(user: SignedIn, extra: Record<string, string> = {}): Record<string, string> {
  return { cookie: user.cookie, 'session-token': user.sessionToken, ...extra };
}

/** A failed answer's body, checked against the ErrorBody shape. */
export function errorOf(response: { json: () => unknown }): ErrorBody {
  return ErrorBodySchema.parse(response.json());
}
