/**
 * What every route of the portal reaches through the Fastify instance: the database and the
 * parsed environment. buildApp decorates the root instance once; plugins inherit it.
 */
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { SessionRow } from '../session/session-store';

export type PortalContext = { readonly db: Db; readonly env: Env };

declare module 'fastify' {
  interface FastifyInstance {
    portal: PortalContext;
  }
  interface FastifyRequest {
    /** The signed-in session once requireSession has run; null before and on public endpoints. */
    portalSession: SessionRow | null;
  }
}
