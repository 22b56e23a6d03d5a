/**
 * Keys for signing server-issued values, derived from SESSION_SECRET with HKDF so each use has
 * its own key. Production refuses to start without a secret; elsewhere a fixed development
 * secret is used (it signs nothing of value: local demo data only).
 */
import { hkdfSync } from 'node:crypto';
import type { Env } from '../env';

const DEVELOPMENT_SECRET = 'carrier-portal-development-secret-not-for-production';

export function rootSecret(env: Pick<Env, 'NODE_ENV' | 'SESSION_SECRET'>): string {
  if (env.SESSION_SECRET !== undefined) return env.SESSION_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET must be set in production');
  return DEVELOPMENT_SECRET;
}

export function deriveKey(env: Pick<Env, 'NODE_ENV' | 'SESSION_SECRET'>, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret(env), 'carrier-portal', purpose, 32));
}
