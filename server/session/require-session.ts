/**
 * The session checks of every /api call (docs/decisions/0003-session-model.md):
 * - no cookie, unknown, expired or revoked session -> 401 A0401;
 * - the session-token header must equal the session's token, except on the bootstrap call that
 *   hands it out -> otherwise 401 A0401;
 * - a {sbSystemId} in the path must be the session's customer -> otherwise 403 A0403;
 * - a level-2 endpoint needs a recent sign-in -> otherwise 401 A0401.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { Header } from '../../contracts/endpoint';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { forbidden, unauthenticated } from '../http/app-error';
import { SESSION_COOKIE, findActiveSession, isLevel2, type SessionRow } from './session-store';
import { findActiveSessionWithContracts, type SessionWithContracts } from './session-with-contracts';

export type SessionRequirement = {
  /** The bootstrap call (GET /api/getAuthInfo) returns the token, so it cannot demand it. */
  readonly tokenHeader: boolean;
  readonly level2: boolean;
};

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The request's session cookie; undefined when there is none. */
function sessionIdOf(request: FastifyRequest): string | undefined {
  const id = request.cookies[SESSION_COOKIE];
  return id === undefined || id === '' ? undefined : id;
}

/** The checks above on a session as read (undefined: none active), in the order listed. */
function checkSession(deps: { env: Env }, request: FastifyRequest, requirement: SessionRequirement, session: SessionRow | undefined): SessionRow {
  if (!session) throw unauthenticated();
  if (requirement.tokenHeader) {
    const header = request.headers[Header.SessionToken];
    if (typeof header !== 'string' || !sameToken(header, session.sessionToken)) throw unauthenticated();
  }
  const params = request.params as Record<string, unknown> | undefined;
  const owner = params?.['sbSystemId'];
  if (owner !== undefined && owner !== session.sbSystemId) throw forbidden();
  if (requirement.level2 && !isLevel2(session, deps.env.LV2_MAX_AGE_MINUTES)) throw unauthenticated();
  request.portalSession = session;
  return session;
}

export async function requireSession(deps: { db: Db; env: Env }, request: FastifyRequest, requirement: SessionRequirement): Promise<SessionRow> {
  const id = sessionIdOf(request);
  return checkSession(deps, request, requirement, id === undefined ? undefined : await findActiveSession(deps.db, id));
}

/**
 * requireSession for the contract reads: the same checks, on a session read in one statement with
 * its customer's contracts (session-with-contracts.ts), which are answered only once they pass.
 */
export async function requireSessionWithContracts(
  deps: { db: Db; env: Env },
  request: FastifyRequest,
  requirement: SessionRequirement,
): Promise<SessionWithContracts> {
  const id = sessionIdOf(request);
  const read = id === undefined ? undefined : await findActiveSessionWithContracts(deps.db, id);
  if (read === undefined) throw unauthenticated();
  return { session: checkSession(deps, request, requirement, read.session), own: read.own };
}
