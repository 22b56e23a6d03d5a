/**
 * The server's configuration, parsed once with zod. Nothing else reads process.env.
 */
import { z } from 'zod';
import { isCalendarDay } from '../contracts/api/current-date';
import { cdnBase } from './spa/cdn-url';

const hostList = (fallback = '') =>
  z
    .string()
    .default(fallback)
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    );

const Flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

const EnvObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The origin customers use; sign-on redirect and card-provider return URLs are built on it. */
  PUBLIC_URL: z.url().optional(),
  /** Where the build's static files are served from (spec section 3 config, ADR 0090); the build must use the same value. */
  CDN_URL: z
    .string()
    .optional()
    .superRefine((value, context) => {
      try {
        cdnBase(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : 'CDN_URL is not valid' });
      }
    }),
  /** Unset: embedded PGlite under DATA_DIR. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('.data/pglite'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Secret for sealing cookies and deriving keys; a fixed development value when unset locally. */
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_MINUTES: z.coerce.number().int().positive().default(60),
  /** Level 2 (spec section 6): the sign-in is at most this old; older asks the customer to sign in again. */
  LV2_MAX_AGE_MINUTES: z.coerce.number().int().positive().default(30),

  /** Sign-on. Unset OIDC_ISSUER: the server runs its own local OpenID provider at /oidc. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('carrier-portal'),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_REDIRECT_PATH: z.string().default('/auth/callback'),
  OIDC_POST_LOGOUT_PATH: z.string().default('/'),

  /** Hosts whose referrer may enter any page directly (spec section 4). */
  ENTRY_ALLOWED_HOSTS: hostList(),
  /** Hosts /Redirect may forward to; anything else is E9998 (no open redirect). */
  REDIRECT_ALLOWED_HOSTS: hostList('order.sandbox.localhost'),
  /** Hosts where demo pages are served: local, review and QA (spec section 6). */
  DEMO_HOSTS: hostList('localhost,127.0.0.1,review.portal.example.test,qa.portal.example.test'),
  PRODUCTION_HOSTS: hostList('portal.example.jp'),
  TAG_MANAGER_ID: z.string().optional(),

  /** A fixed business date (yyyy/mm/dd) for test environments: the "dummy date" of spec section 3. */
  BUSINESS_DATE: z
    .string()
    .regex(/^\d{4}\/\d{2}\/\d{2}$/)
    .refine(isCalendarDay, { message: 'BUSINESS_DATE must be a day of the calendar (yyyy/mm/dd)' })
    .optional(),
  /**
   * API calls a minute per signed-in customer (sliding window; docs/decisions/0045-throttling-and-rate-limits.md).
   * Pages and assets are not counted.
   */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /**
   * The looser ceiling per client address on API calls and form posts (a carrier NAT puts many
   * customers on one). Unset: 20 x RATE_LIMIT_PER_MINUTE.
   */
  RATE_LIMIT_IP_PER_MINUTE: z.coerce.number().int().positive().optional(),
  /** Proxies in front of the server whose X-Forwarded-For is believed (the client address of the limits). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * The demo features: the sandboxes, the demo customers and the local sign-on provider
   * (docs/decisions/0042-production-settings.md). Unset: on outside production, off in production,
   * where it may be switched on only for a review/QA host (PUBLIC_URL's host in DEMO_HOSTS).
   */
  DEMO_MODE: Flag.optional(),
  /** Seed the demo customers at start-up. Unset: seed in demo mode on embedded PGlite (no DATABASE_URL). */
  SEED_DEMO_DATA: Flag.optional(),
  /** The sandbox stand-ins of the external systems. Unset: as DEMO_MODE. */
  SANDBOX: Flag.optional(),
  /** A credential that reads every message of the outbox sandbox (QA tools, tests); a customer reads only their own. */
  OUTBOX_READ_KEY: z.string().min(16).optional(),

  /**
   * External systems reached over HTTP (docs/decisions/0032-card-provider-sandbox.md,
   * 0033-message-outbox.md). A URL left unset means the sandbox stand-in on this server (needs
   * SANDBOX), with per-process random credentials unless given; a URL that is set names a real
   * system and then its credentials are required (server/gateways/gateway-config.ts).
   */
  CARD_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  CARD_PROVIDER_MERCHANT_KEY: z.string().min(16).optional(),
  /** Shared secret the provider signs checkRequestValidityToken with. */
  CARD_PROVIDER_SECRET: z.string().min(32).optional(),
  MESSAGE_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  MESSAGE_GATEWAY_KEY: z.string().min(16).optional(),
});

/** The switches whose default depends on NODE_ENV are resolved once here. */
export const EnvSchema = EnvObject.transform((env) => {
  const DEMO_MODE = env.DEMO_MODE ?? env.NODE_ENV !== 'production';
  return {
    ...env,
    DEMO_MODE,
    SANDBOX: env.SANDBOX ?? DEMO_MODE,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? (DEMO_MODE && (env.DATABASE_URL === undefined || env.DATABASE_URL === '')),
    RATE_LIMIT_IP_PER_MINUTE: env.RATE_LIMIT_IP_PER_MINUTE ?? env.RATE_LIMIT_PER_MINUTE * 20,
  };
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
