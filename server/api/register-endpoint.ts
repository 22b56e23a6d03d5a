/**
 * Registers a handler for one entry of the endpoint table (docs/decisions/0006-endpoint-table.md).
 * Order of checks on every call: session (401/403), the customer's rate limit (429 W0010), then
 * the request's shape against the zod schemas (400 A0400, nothing changed), then the
 * idempotency key, then the handler. Outside production the handler's answer is checked
 * against the response schema as well.
 *
 * A handler writes its effect through `context.effect`: one transaction, which on an idempotent
 * endpoint also stores the answer under the request key (docs/decisions/0044-crash-safe-idempotency.md).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod/mini';
import { Header, toRoutePattern, type EndpointDef, type Schema } from '../../contracts/endpoint';
import { ErrorCode } from '../../contracts/error-catalogue';
import type { Db, Effect } from '../db/client';
import type { Env } from '../env';
import { AppError, invalidRequest, unauthenticated, type Issue } from '../http/app-error';
import { claimKey, completeKey, effectWithAnswer, releaseKey, requestFingerprint } from '../idempotency/idempotency-store';
import { congestion } from '../security/request-limits';
import { requireSession, requireSessionWithContracts } from '../session/require-session';
import type { CustomerWithContracts } from '../contracts/contract-repository';
import type { SessionRow } from '../session/session-store';

/** The one call that hands out the session-token and so cannot demand it. */
const BOOTSTRAP_PATHS = new Set(['/api/getAuthInfo']);

const REQUEST_KEY = /^[A-Za-z0-9_-]{8,128}$/;

export type EndpointContext<E extends EndpointDef> = {
  readonly params: z.output<E['params']>;
  readonly query: z.output<E['query']>;
  readonly body: z.output<E['body']>;
  readonly headers: [NonNullable<E['headers']>] extends [never] ? Record<string, never> : z.output<NonNullable<E['headers']>>;
  /** Null only on public endpoints. */
  readonly session: SessionRow | null;
  /**
   * The session customer's record and contracts, read with the session in one statement on an
   * endpoint registered with `{ withContracts: true }`; null on the others (ownContractsOf).
   */
  readonly ownContracts: CustomerWithContracts | null;
  readonly requestKey: string | undefined;
  readonly db: Db;
  /** Runs the call's writes in one transaction (with the idempotent answer, where there is one). */
  readonly effect: Effect;
  readonly env: Env;
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
};

export type EndpointHandler<E extends EndpointDef> = (
  context: EndpointContext<E>,
) => Promise<z.input<E['response']>> | z.input<E['response']>;

export type EndpointOptions = {
  /**
   * Reads the session customer's contracts with the session, in one statement
   * (docs/decisions/0109-session-and-contracts-in-one-read.md): for the hot contract reads.
   */
  readonly withContracts?: boolean;
};

/** The contracts read with the session; only on an endpoint registered to read them. */
export function ownContractsOf(context: { ownContracts: CustomerWithContracts | null }): CustomerWithContracts {
  if (!context.ownContracts) throw new Error('ownContractsOf: the endpoint is not registered with { withContracts: true }');
  return context.ownContracts;
}

/** The session of a signed-in endpoint; a handler of a public one gets 401 if it asks. */
export function sessionOf(context: { session: SessionRow | null }): SessionRow {
  if (!context.session) throw unauthenticated();
  return context.session;
}

function issuesOf(error: z.core.$ZodError, where: string): Issue[] {
  return error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
}

function parsePart<S extends Schema>(schema: S, value: unknown, where: string, issues: Issue[]): z.output<S> | undefined {
  const result = z.safeParse(schema, value);
  if (result.success) return result.data;
  issues.push(...issuesOf(result.error, where));
  return undefined;
}

/**
 * The handler's answer, checked against the response schema outside production. A module
 * function rather than a closure made per call: tsx names every closure it creates
 * (Object.defineProperty), which showed on the hot read's profile.
 */
async function answerOf<E extends EndpointDef>(def: E, handler: EndpointHandler<E>, context: EndpointContext<E>): Promise<unknown> {
  const value = await handler(context);
  return context.env.NODE_ENV === 'production' ? value : z.parse(def.response, value);
}

export function registerEndpoint<E extends EndpointDef>(app: FastifyInstance, def: E, handler: EndpointHandler<E>, options: EndpointOptions = {}): void {
  const method = def.method;
  const endpointName = `${def.method} ${def.path}`;
  const requirement = {
    // A file the browser opens by a link cannot carry the header; it is a read.
    tokenHeader: !BOOTSTRAP_PATHS.has(def.path) && def.file === undefined,
    level2: def.level2 === true,
  };
  const readSession = async (request: FastifyRequest): Promise<{ session: SessionRow | null; own: CustomerWithContracts | null }> => {
    if (def.public) return { session: null, own: null };
    if (options.withContracts) return requireSessionWithContracts(app.portal, request, requirement);
    return { session: await requireSession(app.portal, request, requirement), own: null };
  };
  // Made once, not per call: see answerOf.
  const plainEffect: Effect = (work) => app.portal.db.transaction(work);
  app.route({
    method,
    url: toRoutePattern(def.path),
    handler: async (request, reply) => {
      const { db, env } = app.portal;
      const { session, own } = await readSession(request);
      if (session !== null) {
        const decision = app.portal.limiter.hit(`customer:${session.sbSystemId}`, env.RATE_LIMIT_PER_MINUTE);
        if (!decision.allowed) throw congestion(reply, decision.retryAfterSeconds);
      }

      const issues: Issue[] = [];
      const params = parsePart(def.params, request.params ?? {}, 'params', issues);
      const query = parsePart(def.query, request.query ?? {}, 'query', issues);
      const body = parsePart(def.body, request.body, 'body', issues);
      const headers = def.headers ? parsePart(def.headers, request.headers, 'headers', issues) : {};
      const keyHeader = request.headers[Header.RequestKey];
      const requestKey = typeof keyHeader === 'string' ? keyHeader : undefined;
      if (def.idempotent && (requestKey === undefined || !REQUEST_KEY.test(requestKey))) {
        issues.push({ path: `headers.${Header.RequestKey}`, message: 'リクエストキーが指定されていないか、形式が正しくありません。' });
      }
      if (issues.length > 0) throw invalidRequest(issues);

      const context = {
        params,
        query,
        body,
        headers,
        session,
        ownContracts: own,
        requestKey,
        db,
        effect: plainEffect,
        env,
        request,
        reply,
      } as EndpointContext<E>;

      if (!def.idempotent || requestKey === undefined) return reply.code(200).send(await answerOf(def, handler, context));

      const ref = { key: requestKey, sbSystemId: session?.sbSystemId ?? '' };
      const path = request.url.split('?')[0] ?? request.url;
      const { processLock } = app.portal;
      const claim = await claimKey(db, processLock, { ...ref, endpoint: endpointName, bodyHash: requestFingerprint(method, path, query, body) });
      switch (claim.kind) {
        case 'mismatch':
          throw new AppError(ErrorCode.IdempotencyMismatch);
        case 'inProgress':
          throw new AppError(ErrorCode.InProgress);
        case 'replay':
          return reply.code(claim.status).header('idempotent-replayed', 'true').send(claim.body);
        case 'proceed':
          break;
      }
      let effectRan = false;
      const effect: Effect = (work) => {
        effectRan = true;
        return effectWithAnswer(db, processLock, ref, work);
      };
      let value: unknown;
      try {
        value = await answerOf(def, handler, { ...context, effect });
        // A handler without a transaction of its own: its answer is stored after it.
        if (!effectRan) await completeKey(db, processLock, ref, 200, value);
      } catch (error) {
        await releaseKey(db, processLock, ref);
        throw error;
      }
      return reply.code(200).send(value);
    },
  });
}
