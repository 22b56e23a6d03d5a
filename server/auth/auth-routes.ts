/**
 * The relying party's routes: /auth/login (sign-on and level-2 step-up), /auth/callback and
 * /auth/logout. Rules (docs/decisions/0012-0014): only page-table paths as landings; a failed
 * callback starts sign-on again at most AuthorizedRetryCount times, then E9998; a replayed or
 * stale callback lands a signed-in customer instead of showing an error; every attempt is
 * written to the login history.
 */
import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { z } from 'zod';
import { SignOnTypeSchema, type SignOnTypeValue } from '../../contracts/codes';
import { signOnInterfaceOf } from '../../contracts/sign-on-interfaces';
import { ErrorCode } from '../../contracts/error-catalogue';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import type { Env } from '../env';
import { createSession, findActiveSession, isLevel2, revokeSession, SESSION_COOKIE, type SessionRow } from '../session/session-store';
import type { AuthCookies, LoginLevelNumber, Transaction } from './auth-cookies';
import type { SignInSeen } from '../account/sign-in-notice';
import { RequiredAcr } from './local-provider';
import { logoutConfirmPage } from './pages';
import { SignOnParameters, type RelyingParty } from './relying-party';
import { DefaultLanding, landingFor } from './return-to';
import { FailureReason, recordSignInEvent, type FailureReasonValue } from './sign-in-events';

/** Spec section 9: authorized retry count 3. */
const AuthorizedRetryCount = 3;
const SignOnErrorPath = `/Error?code=${ErrorCode.InvalidAccess}`;
const AuthPath = { login: '/auth/login', logout: '/auth/logout' } as const;
const SessionTokenField = 'session-token';

const LoginQuerySchema = z
  .object({
    returnTo: z.string().max(2048).optional().catch(undefined),
    type: z.optional(SignOnTypeSchema).catch(undefined),
    level: z.enum(['1', '2']).optional().catch(undefined),
  })
  .catch({});

const CallbackQuerySchema = z
  .object({
    state: z.string().max(512).optional().catch(undefined),
    error: z.string().max(256).optional().catch(undefined),
  })
  .catch({});

const LogoutBodySchema = z.object({ [SessionTokenField]: z.string().max(256).optional().catch(undefined) }).catch({});

type Dependencies = {
  db: Db;
  env: Env;
  rp: RelyingParty;
  cookies: AuthCookies;
  secure: boolean;
  now?: () => Date;
  /** Sends the customer's sign-in notice, if they asked for one (security settings). */
  notifySignIn?: (sbSystemId: string, seen: SignInSeen) => Promise<void>;
};

export function registerAuthRoutes(fastify: FastifyInstance, deps: Dependencies): void {
  const { db, env, rp, cookies, secure } = deps;
  const now = deps.now ?? (() => new Date());
  const lv2MaxAgeSeconds = env.LV2_MAX_AGE_MINUTES * 60;

  const currentSession = async (request: FastifyRequest): Promise<SessionRow | undefined> => {
    const id = request.cookies[SESSION_COOKIE];
    if (id === undefined || id === '') return undefined;
    return (await findActiveSession(db, id)) ?? undefined;
  };

  /** Level 2 (docs/decisions/0013): acr 2 and a sign-in no older than LV2_MAX_AGE_MINUTES. */
  const satisfies = (session: SessionRow, level: LoginLevelNumber): boolean =>
    level === 1 || (session.acr === RequiredAcr && isLevel2(session, env.LV2_MAX_AGE_MINUTES, now()));

  const loginUrl = (landing: string, level: LoginLevelNumber, type: SignOnTypeValue | undefined) => {
    const query = new URLSearchParams({ returnTo: landing });
    if (level === 2) query.set('level', '2');
    if (type !== undefined) query.set('type', type);
    return `${AuthPath.login}?${query.toString()}`;
  };

  const startSignOn = async (request: FastifyRequest, reply: FastifyReply, landing: string, level: LoginLevelNumber, type: SignOnTypeValue | undefined) => {
    const signOn = signOnInterfaceOf(type);
    let configuration: client.Configuration;
    try {
      configuration = await rp.configuration(signOn.clientIdKind);
    } catch (error) {
      request.log.error({ err: error }, 'OpenID provider discovery failed');
      return reply.redirect(SignOnErrorPath, 302);
    }
    const codeVerifier = client.randomPKCECodeVerifier();
    const transaction: Transaction = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier,
      landing,
      level,
      ...(type === undefined ? {} : { type }),
      ...(level === 2 ? { maxAge: lv2MaxAgeSeconds } : {}),
      completed: false,
    };
    const parameters: Record<string, string> = {
      ...SignOnParameters,
      redirect_uri: rp.redirectUri(signOn.redirectUrlKind),
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
    };
    if (level === 2) {
      // Step-up: the provider must authenticate again however fresh its own session is.
      parameters['prompt'] = `login ${SignOnParameters.prompt}`;
      parameters['max_age'] = String(lv2MaxAgeSeconds);
    }
    cookies.writeTransaction(reply, transaction);
    return reply.header('cache-control', 'no-store').redirect(client.buildAuthorizationUrl(configuration, parameters).href, 302);
  };

  /** auth_time has whole seconds: a sign-in in the same second as the change counts as after it. */
  const passwordChangedSince = async (sbSystemId: string, authTime: Date): Promise<boolean> => {
    const [customer] = await db
      .select({ passwordChangedAt: customers.passwordChangedAt })
      .from(customers)
      .where(eq(customers.sbSystemId, sbSystemId))
      .limit(1);
    const changedAt = customer?.passwordChangedAt;
    return changedAt != null && authTime.getTime() < Math.floor(changedAt.getTime() / 1000) * 1000;
  };

  const loginIdOf = async (sbSystemId: string | undefined): Promise<string> => {
    if (sbSystemId === undefined) return '';
    const [customer] = await db
      .select({ loginId: customers.loginId })
      .from(customers)
      .where(eq(customers.sbSystemId, sbSystemId))
      .limit(1);
    return customer?.loginId ?? '';
  };

  /** A failed callback: sign on again, up to the authorized retry count, then E9998. */
  const failAndRetry = async (
    request: FastifyRequest,
    reply: FastifyReply,
    reason: FailureReasonValue,
    retry: Pick<Transaction, 'landing' | 'level' | 'type'>,
    sbSystemId?: string,
  ) => {
    const attempt = cookies.readRetryCount(request) + 1;
    const known = sbSystemId === undefined ? undefined : await loginIdOf(sbSystemId);
    await recordSignInEvent(db, request, {
      result: 'failure',
      reason,
      ...(known === undefined || known === '' ? {} : { sbSystemId }),
      loginId: known ?? '',
      attempt,
    });
    request.log.warn({ reason, attempt }, 'sign-on callback failed');
    if (attempt > AuthorizedRetryCount) {
      cookies.clearRetryCount(reply);
      return reply.redirect(SignOnErrorPath, 302);
    }
    cookies.writeRetryCount(reply, attempt);
    return reply.redirect(loginUrl(retry.landing, retry.level, retry.type), 302);
  };

  fastify.get(AuthPath.login, async (request, reply) => {
    const query = LoginQuerySchema.parse(request.query);
    const landing = landingFor(query.type, query.returnTo);
    const level: LoginLevelNumber = query.level === '2' ? 2 : 1;
    const session = await currentSession(request);
    if (session !== undefined && satisfies(session, level)) return reply.redirect(landing, 302);
    return startSignOn(request, reply, landing, level, query.type);
  });

  // OIDC_REDIRECT_PATH (default /auth/callback) stays under /auth, where the transaction cookie lives.
  if (!/^\/auth\/[A-Za-z0-9/_-]+$/.test(env.OIDC_REDIRECT_PATH)) {
    throw new Error(`OIDC_REDIRECT_PATH must be a path under /auth/, got ${env.OIDC_REDIRECT_PATH}`);
  }
  fastify.get(env.OIDC_REDIRECT_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const query = CallbackQuerySchema.parse(request.query);
    const transaction = cookies.readTransaction(request);
    const session = await currentSession(request);

    // Browser Back onto a used callback, a second tab, or an expired transaction.
    const stale = transaction === undefined || transaction.completed || query.state !== transaction.state;
    if (stale) {
      const landing = transaction?.landing ?? DefaultLanding;
      const level = transaction?.level ?? 1;
      if (session !== undefined && satisfies(session, level)) return reply.redirect(landing, 302);
      const reason =
        transaction === undefined || transaction.completed ? FailureReason.MissingTransaction : FailureReason.StateMismatch;
      if (transaction !== undefined && !transaction.completed) cookies.clearTransaction(reply);
      return failAndRetry(request, reply, reason, { landing, level, type: transaction?.type });
    }
    cookies.clearTransaction(reply);

    if (query.error !== undefined) {
      if (query.error === 'access_denied') {
        // The customer declined consent: a choice, not a failure to retry.
        await recordSignInEvent(db, request, {
          result: 'failure',
          reason: FailureReason.AccessDenied,
          loginId: '',
          attempt: cookies.readRetryCount(request) + 1,
        });
        return reply.redirect('/', 302);
      }
      return failAndRetry(request, reply, FailureReason.ProviderError, transaction);
    }

    let claims: client.IDToken | undefined;
    let idToken: string | undefined;
    try {
      const signOn = signOnInterfaceOf(transaction.type);
      const configuration = await rp.configuration(signOn.clientIdKind);
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const tokens = await client.authorizationCodeGrant(configuration, new URL(`${rp.redirectUri(signOn.redirectUrlKind)}${search}`), {
        pkceCodeVerifier: transaction.codeVerifier,
        expectedState: transaction.state,
        expectedNonce: transaction.nonce,
        ...(transaction.maxAge === undefined ? {} : { maxAge: transaction.maxAge }),
      });
      claims = tokens.claims();
      idToken = tokens.id_token;
    } catch (error) {
      request.log.warn({ err: error }, 'authorization code grant rejected');
    }
    if (claims === undefined || idToken === undefined) {
      if (session !== undefined && satisfies(session, transaction.level)) return reply.redirect(transaction.landing, 302);
      return failAndRetry(request, reply, FailureReason.TokenRejected, transaction);
    }

    const sbSystemId = claims.sub;
    if (claims['acr'] !== RequiredAcr) {
      return failAndRetry(request, reply, FailureReason.AcrNotMet, transaction, sbSystemId);
    }
    const loginId = await loginIdOf(sbSystemId);
    if (loginId === '') {
      return failAndRetry(request, reply, FailureReason.UnknownSubject, transaction);
    }

    const authTime = new Date((claims.auth_time ?? claims.iat) * 1000);
    // A password entered before the password changed no longer signs in (a sign-in racing the change).
    if (await passwordChangedSince(sbSystemId, authTime)) {
      return failAndRetry(request, reply, FailureReason.TokenRejected, transaction, sbSystemId);
    }
    // A new session id on every sign-in (and step-up), so an old cookie value is worth nothing.
    if (session !== undefined) await revokeSession(db, session.id);
    const created = await createSession(
      db,
      { sbSystemId, acr: RequiredAcr, authTime, idToken, claims: { ...claims } },
      env.SESSION_TTL_MINUTES,
    );
    await recordSignInEvent(db, request, {
      result: 'success',
      sbSystemId,
      loginId,
      attempt: cookies.readRetryCount(request) + 1,
    });
    await deps.notifySignIn?.(sbSystemId, { at: now(), userAgent: request.headers['user-agent'] ?? '', ip: request.ip }).catch((error: unknown) => {
      request.log.error({ err: error }, 'sign-in notice not sent');
    });
    cookies.clearRetryCount(reply);
    cookies.writeTransaction(reply, { ...transaction, completed: true });
    reply.setCookie(SESSION_COOKIE, created.id, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
    return reply.redirect(transaction.landing, 302);
  });

  fastify.get(AuthPath.logout, async (request, reply) => {
    const session = await currentSession(request);
    if (session === undefined) return reply.redirect('/', 302);
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(logoutConfirmPage({ action: AuthPath.logout, sessionToken: session.sessionToken }));
  });

  fastify.post(AuthPath.logout, async (request, reply) => {
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const finish = (location: string, status = 200) =>
      wantsJson ? reply.code(status).send({ redirectTo: location }) : reply.redirect(location, 303);

    const session = await currentSession(request);
    if (session === undefined) {
      reply.clearCookie(SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
      return finish('/');
    }
    const header = request.headers[SessionTokenField];
    const token = typeof header === 'string' ? header : LogoutBodySchema.parse(request.body)[SessionTokenField];
    if (token === undefined || !sameToken(token, session.sessionToken)) {
      request.log.warn('logout without a matching session-token');
      return finish(SignOnErrorPath, 403);
    }
    await revokeSession(db, session.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/', secure, httpOnly: true, sameSite: 'lax' });
    return finish(await endSessionUrl(request, rp, session.idToken));
  });
}

async function endSessionUrl(request: FastifyRequest, rp: RelyingParty, idToken: string): Promise<string> {
  try {
    // The session does not record its sign-on row; every row signs on as the same client today (ADR 0090).
    const configuration = await rp.configuration(signOnInterfaceOf(undefined).clientIdKind);
    if (configuration.serverMetadata().end_session_endpoint === undefined) return '/';
    return client.buildEndSessionUrl(configuration, {
      id_token_hint: idToken,
      post_logout_redirect_uri: rp.postLogoutRedirectUri(),
    }).href;
  } catch (error) {
    // The portal session is already revoked; the provider's session ends with its own expiry.
    request.log.warn({ err: error }, 'end_session URL unavailable');
    return '/';
  }
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
