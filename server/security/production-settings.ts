/**
 * Production fails closed (docs/decisions/0042-production-settings.md): a server with
 * NODE_ENV=production refuses to start while a setting it needs is missing, and the demo
 * features (sandboxes, demo customers, the local sign-on provider) exist there only when
 * DEMO_MODE switches them on for a review/QA host.
 */
import type { Env } from '../env';
import { resolveGatewayConfig } from '../gateways/gateway-config';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostOf(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  return new URL(url).hostname.toLowerCase();
}

/** Review/QA hosts: named in DEMO_HOSTS and not a production host. */
function isReviewHost(env: Env): boolean {
  const host = hostOf(env.PUBLIC_URL);
  return host !== undefined && env.DEMO_HOSTS.includes(host) && !env.PRODUCTION_HOSTS.includes(host);
}

/**
 * What a production server must not build: the demo features without DEMO_MODE on a review/QA
 * host. buildApp refuses these even when it is not started through server/index.ts.
 */
export function demoExposureProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.DEMO_MODE && !isReviewHost(env)) {
    problems.push('DEMO_MODE is allowed only when PUBLIC_URL is a review/QA host (listed in DEMO_HOSTS, not in PRODUCTION_HOSTS)');
  }
  if (!env.DEMO_MODE) {
    if (env.SANDBOX) problems.push('SANDBOX needs DEMO_MODE in production');
    if (env.SEED_DEMO_DATA) problems.push('SEED_DEMO_DATA needs DEMO_MODE in production');
    if (env.OIDC_ISSUER === undefined) problems.push('OIDC_ISSUER is required (the local sign-on provider needs DEMO_MODE)');
    if (env.BUSINESS_DATE !== undefined) problems.push('BUSINESS_DATE (the dummy date) needs DEMO_MODE in production');
  }
  return problems;
}

/** Every reason this environment may not run in production; empty outside production. */
export function productionProblems(env: Env): string[] {
  if (env.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (env.PUBLIC_URL === undefined) problems.push('PUBLIC_URL is required');
  else if (!env.PUBLIC_URL.startsWith('https:') && !LOOPBACK_HOSTS.has(hostOf(env.PUBLIC_URL) ?? '')) {
    problems.push('PUBLIC_URL must be https');
  }
  if (env.SESSION_SECRET === undefined) problems.push('SESSION_SECRET is required');
  if (env.DATABASE_URL === undefined || env.DATABASE_URL === '') problems.push('DATABASE_URL is required (no embedded database in production)');
  if (env.OIDC_ISSUER !== undefined) {
    if (!env.OIDC_ISSUER.startsWith('https:')) problems.push('OIDC_ISSUER must be https');
    if (env.OIDC_CLIENT_SECRET === undefined) problems.push('OIDC_CLIENT_SECRET is required with OIDC_ISSUER');
  }
  problems.push(...demoExposureProblems(env));
  try {
    resolveGatewayConfig(env, { localOrigin: () => 'http://127.0.0.1' });
  } catch (error) {
    problems.push(...(error as Error).message.split('\n').slice(1).map((line) => line.trim()));
  }
  return problems;
}

export function assertNoProblems(problems: readonly string[]): void {
  if (problems.length > 0) throw new Error(`production settings refused:\n  ${problems.join('\n  ')}`);
}
