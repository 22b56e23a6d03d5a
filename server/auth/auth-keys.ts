/**
 * Keys the sign-on derives from SESSION_SECRET: the sealing key of its short-lived cookies,
 * the local provider's cookie keys and the local client secret. One secret, separate keys.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Env } from '../env';
import { deriveKey } from '../security/app-secret';

export type AuthKeys = {
  readonly sealKey: Buffer;
  readonly providerCookieKeys: string[];
  readonly localClientSecret: string;
};

/** Production refuses to start without SESSION_SECRET (server/security/app-secret.ts). */
export function deriveAuthKeys(env: Env): AuthKeys {
  return {
    sealKey: deriveKey(env, 'auth-transaction-seal'),
    providerCookieKeys: [deriveKey(env, 'auth-local-provider-cookies').toString('base64url')],
    localClientSecret: deriveKey(env, 'auth-local-client-secret').toString('base64url'),
  };
}

/** AES-256-GCM: the browser can carry the value but can neither read nor change it. */
export function seal(key: Buffer, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** The sealed value, or undefined when it was tampered with, sealed with another key or malformed. */
export function unseal(key: Buffer, sealed: string): unknown {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (iv === undefined || tag === undefined || body === undefined || iv.length !== 12 || tag.length !== 16) {
    return undefined;
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    const plain = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    return JSON.parse(plain) as unknown;
  } catch {
    return undefined;
  }
}
