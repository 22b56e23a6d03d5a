/**
 * What every route of the portal reaches through the Fastify instance: the database, the
 * parsed environment, the configured origin and the process lock. buildApp
 * decorates the root instance once; plugins inherit it.
 */
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { ProcessLock } from '../idempotency/process-lock';
import type { RateLimiter } from '../security/rate-limiter';
import type { SessionRow } from '../session/session-store';

export type PortalContext = {
  readonly db: Db;
  readonly env: Env;
  /** The origin customers use: PUBLIC_URL, or the listening address; never a request's Host. */
  readonly baseUrl: () => string;
  /** This process's lock: in-progress idempotency keys count only while their owner's is held. */
  readonly processLock: ProcessLock;
  /** The request limits every process shares (API per customer, per address). */
  readonly limiter: RateLimiter;
};

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalContext;
  }
  interface FastifyRequest {
    /** The signed-in session once requireSession has run; null before and on public endpoints. */
    portalSession: SessionRow | null;
  }
}
