/**
 * Sign-on (spec sections 6 and 9; docs/decisions/0012-0014): the portal as an OpenID Connect
 * relying party at /auth/*, and in local mode (OIDC_ISSUER unset) its own OpenID provider at
 * /oidc/*. Registered by server/app.ts.
 */
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { MessageGatewayClient } from '../gateways/message-gateway-client';
import { createAuthCookies } from './auth-cookies';
import { deriveAuthKeys } from './auth-keys';
import { signInNotice } from '../account/sign-in-notice';
import { registerAuthRoutes } from './auth-routes';
import { createBaseUrl, isSecure } from './base-url';
import { acceptFormBodies } from './form-body';
import { registerLocalProvider } from './local-provider';
import { lockNotice } from './login-throttle';
import { AssetPath, authStylesheet, logoutScript } from './pages';
import { createRelyingParty } from './relying-party';

export type AuthPluginOptions = {
  db: Db;
  env: Env;
  /** The mail/SMS gateway, for the notice of a lock after repeated wrong passwords (local provider). */
  messages?: MessageGatewayClient | undefined;
};

export const authPlugin: FastifyPluginAsync<AuthPluginOptions> = async (fastify, { db, env, messages }) => {
  if (!fastify.hasRequestDecorator('cookies')) await fastify.register(fastifyCookie);
  const keys = deriveAuthKeys(env);
  const baseUrl = createBaseUrl(fastify, env);
  const secure = isSecure(env);
  const rp = createRelyingParty(env, keys, baseUrl);

  fastify.get(AssetPath.stylesheet, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(authStylesheet),
  );
  fastify.get(AssetPath.logoutScript, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(logoutScript),
  );

  await fastify.register((scope, _options, done) => {
    acceptFormBodies(scope);
    registerAuthRoutes(scope, {
      db,
      env,
      rp,
      cookies: createAuthCookies(keys.sealKey, secure),
      secure,
      ...(messages === undefined ? {} : { notifySignIn: signInNotice(db, messages) }),
    });
    done();
  });

  if (rp.local) {
    await registerLocalProvider(fastify, {
      db,
      keys,
      baseUrl,
      client: () => rp.localClient(),
      trustProxy: env.PUBLIC_URL !== undefined,
      ...(messages === undefined ? {} : { notifyLock: lockNotice(db, messages) }),
    });
  }
};
