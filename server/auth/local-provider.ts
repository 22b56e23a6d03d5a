/**
 * The local OpenID provider (local mode: OIDC_ISSUER unset), a real oidc-provider mounted at
 * /oidc on the portal's own server. It signs in the demo customers of the customers table
 * with a Japanese sign-in page, asks consent (prompt=consent) and issues ID tokens with acr "2".
 * The relying party talks to it over HTTP exactly as it would to the production provider.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, Provider, type Configuration, type InteractionDetails, type ProviderContext } from 'oidc-provider';
import { z } from 'zod';
import { DefaultError } from '../../contracts/error-catalogue';
import type { Db } from '../db/client';
import { DEMO_PASSWORD, demoCustomers } from '../db/demo-customers';
import { hashPassword, verifyPassword } from '../db/passwords';
import { customers } from '../db/schema';
import type { AuthKeys } from './auth-keys';
import type { BaseUrl } from './base-url';
import { ConsentText, consentPage, providerLogoutPage, providerMessagePage, signInPage, SignInText } from './pages';
import { acceptFormBodies } from './form-body';
import { formatJstDateTime } from '../time/jst';
import { attemptSucceeded, beginAttempt } from './login-throttle';
import { providerAdapter, sharedSigningKey } from './provider-store';
import { FailureReason, recordSignInEvent } from './sign-in-events';

const ProviderMountPath = '/oidc';
/** The only acr the portal accepts (spec section 9: acr value 2). */
export const RequiredAcr = '2';
const clientName = 'お客さまポータル';

export type LocalClient = {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
};

type LocalProviderOptions = {
  db: Db;
  keys: AuthKeys;
  baseUrl: BaseUrl;
  client: () => LocalClient;
  /** True behind PUBLIC_URL: a proxy (Vite in development, TLS offloading in review) forwards. */
  trustProxy: boolean;
  /** The acr the provider puts in ID tokens; tests set another to play a provider that falls short. */
  issuedAcr?: string;
  /** Tells the customer their account was locked after repeated wrong passwords. */
  notifyLock?: (sbSystemId: string, until: Date) => Promise<void>;
};

export function localIssuer(baseUrl: BaseUrl): string {
  return `${baseUrl()}${ProviderMountPath}`;
}

const UidSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const InteractionParamsSchema = z.object({ uid: UidSchema });
const CredentialsSchema = z.object({
  loginId: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
});
const LoginIdOnlySchema = z.object({ loginId: z.string().max(64).catch('') }).catch({ loginId: '' });

export async function registerLocalProvider(fastify: FastifyInstance, options: LocalProviderOptions): Promise<void> {
  const { db } = options;
  let unknownIdHashValue: Promise<string> | undefined;
  const unknownIdHash = () => (unknownIdHashValue ??= hashPassword(randomBytes(16).toString('base64url')));
  let provider: Promise<Provider> | undefined;
  // Built on first use: the issuer URL needs the listening port.
  const getProvider = (): Promise<Provider> => {
    provider ??= createProvider(options).catch((error: unknown) => {
      provider = undefined;
      throw error;
    });
    return provider;
  };

  // The provider reads its own request bodies, so this scope leaves the stream untouched.
  await fastify.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.all(`${ProviderMountPath}/*`, async (request, reply) => {
      const callback = (await getProvider()).callback();
      reply.hijack();
      const raw: IncomingMessage & { originalUrl?: string } = request.raw;
      const originalUrl = raw.url ?? '/';
      raw.originalUrl = originalUrl;
      raw.url = originalUrl.slice(ProviderMountPath.length) || '/';
      await callback(raw, reply.raw);
    });
    done();
  });

  await fastify.register((scope, _options, done) => {
    acceptFormBodies(scope);

    const details = async (request: FastifyRequest, reply: FastifyReply): Promise<InteractionDetails | undefined> => {
      const params = InteractionParamsSchema.safeParse(request.params);
      if (!params.success) return undefined;
      try {
        const found = await (await getProvider()).interactionDetails(request.raw, reply.raw);
        return found.uid === params.data.uid ? found : undefined;
      } catch (error) {
        if (error instanceof errors.SessionNotFound) return undefined;
        throw error;
      }
    };
    // A finished or expired interaction (browser Back, a second tab): start the sign-on again;
    // /auth/login lands a customer who is already signed in.
    const restart = (reply: FastifyReply) => reply.redirect('/auth/login', 303);
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

    const renderSignIn = (reply: FastifyReply, interaction: InteractionDetails, status: number, loginId: string, error?: string) =>
      html(
        reply,
        status,
        signInPage({
          action: `${ProviderMountPath}/interaction/${interaction.uid}/login`,
          loginId,
          ...(error === undefined ? {} : { error }),
          demo: { accounts: demoCustomers, password: DEMO_PASSWORD },
          stepUp: interaction.prompt.reasons.includes('login_prompt') || interaction.prompt.reasons.includes('max_age'),
        }),
      );

    scope.get(`${ProviderMountPath}/interaction/:uid`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (interaction === undefined) return restart(reply);
      if (interaction.prompt.name === 'login') return renderSignIn(reply, interaction, 200, '');
      if (interaction.prompt.name === 'consent') {
        return html(
          reply,
          200,
          consentPage({
            action: `${ProviderMountPath}/interaction/${interaction.uid}/consent`,
            abortAction: `${ProviderMountPath}/interaction/${interaction.uid}/abort`,
            clientName,
          }),
        );
      }
      return html(reply, 400, providerMessagePage('エラー', DefaultError.message, { href: '/', label: 'トップへ戻る' }));
    });

    scope.post(`${ProviderMountPath}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (interaction === undefined || interaction.prompt.name !== 'login') return restart(reply);
      const credentials = CredentialsSchema.safeParse(request.body);
      if (!credentials.success) {
        const { loginId } = LoginIdOnlySchema.parse(request.body);
        return renderSignIn(reply, interaction, 400, loginId, SignInText.missingInput);
      }
      const { loginId, password } = credentials.data;
      // Throttled per account before the password is even looked at (login-throttle.ts).
      const attempt = await beginAttempt(db, loginId);
      if (attempt.kind !== 'allowed') {
        const seconds = Math.max(1, Math.ceil((attempt.until.getTime() - Date.now()) / 1000));
        reply.header('retry-after', String(seconds));
        const message = attempt.kind === 'locked' ? SignInText.locked(formatJstDateTime(attempt.until).slice(0, 16)) : SignInText.wait(seconds);
        return renderSignIn(reply, interaction, 429, loginId, message);
      }
      const [customer] = await db
        .select({ sbSystemId: customers.sbSystemId, passwordHash: customers.passwordHash })
        .from(customers)
        .where(sql`lower(${customers.loginId}) = lower(${loginId})`)
        .limit(1);
      // An unknown ID costs the same hashing as a wrong password, so timing does not reveal which IDs exist.
      const verified = await verifyPassword(password, customer?.passwordHash ?? (await unknownIdHash()));
      if (customer === undefined || !verified) {
        await recordSignInEvent(db, request, {
          result: 'failure',
          reason: FailureReason.InvalidCredentials,
          ...(customer === undefined ? {} : { sbSystemId: customer.sbSystemId }),
          loginId,
          attempt: attempt.failures,
        });
        if (attempt.lockUntil !== null && customer !== undefined) {
          await options.notifyLock?.(customer.sbSystemId, attempt.lockUntil).catch((error: unknown) => {
            request.log.error({ err: error }, 'lock notice not sent');
          });
        }
        return renderSignIn(reply, interaction, 401, loginId, SignInText.invalidCredentials);
      }
      await attemptSucceeded(db, loginId);
      const returnTo = await (await getProvider()).interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: customer.sbSystemId, acr: options.issuedAcr ?? RequiredAcr, amr: ['pwd'], remember: false } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });

    scope.post(`${ProviderMountPath}/interaction/:uid/consent`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (interaction === undefined || interaction.prompt.name !== 'consent' || interaction.session === undefined) {
        return restart(reply);
      }
      const current = await getProvider();
      const clientId = z.string().parse(interaction.params['client_id']);
      const grant =
        (interaction.grantId === undefined ? undefined : await current.Grant.find(interaction.grantId)) ??
        new current.Grant({ accountId: interaction.session.accountId, clientId });
      const promptDetails = interaction.prompt.details;
      const missingScope = z.array(z.string()).optional().parse(promptDetails['missingOIDCScope']);
      const missingClaims = z.array(z.string()).optional().parse(promptDetails['missingOIDCClaims']);
      if (missingScope !== undefined) grant.addOIDCScope(missingScope.join(' '));
      if (missingClaims !== undefined) grant.addOIDCClaims(missingClaims);
      const grantId = await grant.save();
      const returnTo = await current.interactionResult(request.raw, reply.raw, {
        consent: interaction.grantId === undefined ? { grantId } : {},
      });
      return reply.redirect(returnTo, 303);
    });

    scope.post(`${ProviderMountPath}/interaction/:uid/abort`, async (request, reply) => {
      const interaction = await details(request, reply);
      if (interaction === undefined) return restart(reply);
      const returnTo = await (await getProvider()).interactionResult(
        request.raw,
        reply.raw,
        { error: 'access_denied', error_description: `${ConsentText.deny}が選ばれました` },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(returnTo, 303);
    });
    done();
  });
}

async function createProvider({ db, keys, baseUrl, client, trustProxy }: LocalProviderOptions): Promise<Provider> {
  // Its state and key are in the database, so every server process is the same provider.
  const signingKey = await sharedSigningKey(db);
  const local = client();
  const html = (ctx: ProviderContext, status: number, body: string): Promise<void> => {
    ctx.status = status;
    ctx.type = 'html';
    ctx.body = body;
    return Promise.resolve();
  };
  const configuration: Configuration = {
    adapter: providerAdapter(db),
    clients: [
      {
        client_id: local.clientId,
        client_secret: local.clientSecret,
        client_name: clientName,
        redirect_uris: [local.redirectUri],
        post_logout_redirect_uris: [local.postLogoutRedirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
        // The portal records when the customer signed in (level 2 is a recent sign-in).
        require_auth_time: true,
      },
    ],
    async findAccount(_ctx, sub) {
      const [customer] = await db
        .select({ sbSystemId: customers.sbSystemId })
        .from(customers)
        .where(sql`${customers.sbSystemId} = ${sub}`)
        .limit(1);
      if (customer === undefined) return undefined;
      return { accountId: customer.sbSystemId, claims: () => Promise.resolve({ sub: customer.sbSystemId }) };
    },
    acrValues: [RequiredAcr],
    claims: { openid: ['sub'] },
    scopes: ['openid'],
    jwks: { keys: [signingKey] },
    cookies: { keys: keys.providerCookieKeys },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => html(ctx, 200, providerLogoutPage(form)),
        postLogoutSuccessSource: (ctx) =>
          html(ctx, 200, providerMessagePage('ログアウト', 'ログアウトしました。', { href: '/', label: 'トップへ戻る' })),
      },
    },
    pkce: { required: () => true },
    // Seconds. Short: the portal keeps its own session; the provider's only bridges one sign-on.
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => Promise.resolve(`${ProviderMountPath}/interaction/${interaction.uid}`) },
    // Protocol details stay in the log; the customer sees the catalogue's default message.
    renderError: (ctx) => html(ctx, 400, providerMessagePage('エラー', DefaultError.message, { href: '/', label: 'トップへ戻る' })),
  };
  const created = new Provider(localIssuer(baseUrl), configuration);
  created.proxy = trustProxy;
  return created;
}
