/**
 * The origin the browser uses for the portal: PUBLIC_URL, or the listening address. It is read
 * on first use, after listen, because tests and `PORT=0` learn their port only then.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Env } from '../env';

export type BaseUrl = () => string;

export function createBaseUrl(fastify: FastifyInstance, env: Env): BaseUrl {
  return () => {
    if (env.PUBLIC_URL !== undefined) return env.PUBLIC_URL.replace(/\/+$/, '');
    const address = fastify.server.address();
    if (address === null || typeof address === 'string') {
      throw new Error('the sign-on needs PUBLIC_URL or a listening TCP server');
    }
    return `http://${hostForUrl(env.HOST, address)}:${address.port}`;
  };
}

function hostForUrl(configured: string, address: AddressInfo): string {
  const host = configured === '0.0.0.0' || configured === '::' || configured === '' ? 'localhost' : configured;
  return address.family === 'IPv6' && host.includes(':') ? `[${host}]` : host;
}

export function isSecure(env: Env): boolean {
  return env.PUBLIC_URL?.startsWith('https:') ?? false;
}
