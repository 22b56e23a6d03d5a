/**
 * The HTTP server: /api, sign-on, the sandbox providers and the built app on one port
 * (docs/decisions/0001-server-framework.md). Layers, in order: security and transport plugins,
 * the error handler, sign-on, the API from the endpoint table, the sandbox, the app.
 * buildApp never listens; server/index.ts does.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { Header } from '../contracts/endpoint';
import { ErrorCode } from '../contracts/error-catalogue';
import { registerAccountRoutes } from './api/account.routes';
import { registerAnshinDataBoxRoutes } from './api/anshin-data-box.routes';
import { registerServiceRequestRoutes } from './api/service-requests.routes';
import { registerContractRoutes } from './api/contracts.routes';
import { registerCouponRoutes } from './api/coupon.routes';
import { registerSupportHistoryRoutes } from './api/support-history.routes';
import { registerBillingRoutes } from './api/billing.routes';
import { registerInvoiceRoutes } from './api/invoice.routes';
import { registerEntryJudgementRoutes } from './api/entry-judgement.routes';
import { registerMailAddressConfirmationRoutes } from './api/mail-address-confirmation.routes';
import { registerMasterDataRoutes } from './api/master-data.routes';
import { registerOpenApiRoute } from './api/openapi';
import { registerOtpRoutes } from './api/otp.routes';
import { registerPaymentRoutes } from './api/payment.routes';
import { registerRegulationRoutes } from './api/regulation.routes';
import { registerSessionInfoRoutes } from './api/session-info.routes';
import { registerTicketRoutes } from './api/ticket.routes';
import { authPlugin } from './auth/auth-plugin';
import { createBaseUrl } from './auth/base-url';
import type { Db } from './db/client';
import type { Env } from './env';
import { registerGateways, type GatewayOptions } from './gateways/portal-gateways';
import { AppError } from './http/app-error';
import { clientErrorHandler, registerErrorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import './http/portal-context';
import { acquireProcessLock } from './idempotency/process-lock';
import { registerOrderProvider } from './sandbox/order-provider.routes';
import { rootSecret } from './security/app-secret';
import { crossSiteRefusal } from './security/cross-site';
import { RateLimiter } from './security/rate-limiter';
import { congestion, countedAs, sendCongestionPage } from './security/request-limits';
import { assertNoProblems, demoExposureProblems } from './security/production-settings';
import { registerSpa } from './spa/spa-routes';

// Validation messages a person may read come out in Japanese.
z.config(z.locales.ja());

export type BuildAppOptions = {
  env: Env;
  db: Db;
  /** Fastify's logger option: false in tests, pino options in server/index.ts. */
  logger?: FastifyServerOptions['logger'];
  /** The built app; dist/client by default. */
  clientDir?: string;
  /** Options of the external systems' sandboxes (tests move the card provider's clock). */
  gateways?: GatewayOptions;
};

const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../dist/client', import.meta.url));
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const malformedRequest = () =>
  new AppError(ErrorCode.InvalidRequest, { issues: [{ path: '', message: 'リクエストの形式が正しくありません。' }] });

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env } = options;
  rootSecret(env); // refuses to build a production server without SESSION_SECRET
  // and one with the demo features outside a review/QA host (docs/decisions/0042-production-settings.md)
  assertNoProblems(demoExposureProblems(env));

  const security = securityHeaders(env);
  const app = Fastify({
    logger: options.logger ?? false,
    // The correlation id is the request id, so every log line of a request carries it.
    requestIdHeader: false,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
    genReqId: (request) => {
      const given = request.headers[Header.CorrelationId];
      return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 64 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Behind TRUST_PROXY_HOPS proxies, the client address is read from X-Forwarded-For.
    trustProxy: (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS,
    // What the HTTP parser refuses, and a URL the router cannot read (bad escapes, over-long
    // parameters), get the spec's error shape too (docs/decisions/0043-request-hardening.md).
    clientErrorHandler,
    frameworkErrors: (_error, _request, reply) => {
      for (const [name, value] of security) reply.raw.setHeader(name, value);
      void (reply as unknown as FastifyReply).code(400).header('cache-control', 'no-store').send(malformedRequest().toBody());
    },
  });

  try {
    return await setUpApp(app, options, security);
  } catch (error) {
    // What was set up before the failure (the process lock's connection, the limiter) is
    // released by its onClose hook; without this a refused start held a database connection.
    await app.close();
    throw error;
  }
}

async function setUpApp(app: FastifyInstance, options: BuildAppOptions, security: ReturnType<typeof securityHeaders>): Promise<FastifyInstance> {
  const { env, db } = options;
  const baseUrl = createBaseUrl(app, env);
  const processLock = await acquireProcessLock(db);
  const limiter = new RateLimiter(db, Date.now, (error) => app.log.warn({ err: error }, 'rate limit counts not shared'));
  app.addHook('onClose', async () => {
    await limiter.close();
    await processLock.release();
  });
  app.decorate('portal', { db, env, baseUrl, processLock, limiter });
  app.decorateRequest('portalSession', null);
  // One synchronous hook for what every answer carries (a hook per concern, or an async one,
  // costs measurably on the hot read; docs/decisions/0040-precomputed-security-headers.md):
  // - the correlation id, on the reply;
  // - the security headers, computed once, on the raw response as helmet did, so routes that
  //   write the raw response themselves (the local OpenID provider) carry them too, and a
  //   route's own reply.header() still wins;
  // - no-store on API answers: they are the customer's own data (a route may say otherwise);
  // - the second CSRF defence: a state-changing request a browser sent from another site is
  //   refused before any handler runs (docs/decisions/0043-request-hardening.md);
  // - the ceiling per client address on API calls and form posts; the limit per customer is
  //   applied once the session is known (register-endpoint.ts; docs/decisions/0045).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(Header.CorrelationId, request.id);
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    if (request.url.startsWith('/api/')) reply.raw.setHeader('cache-control', 'no-store');
    const refusal = crossSiteRefusal(request, baseUrl);
    if (refusal !== undefined) return done(refusal);
    const counted = countedAs(request);
    if (counted !== undefined) {
      const decision = limiter.hit(`address:${request.ip}`, env.RATE_LIMIT_IP_PER_MINUTE);
      if (!decision.allowed) {
        if (counted === 'api') return done(congestion(reply, decision.retryAfterSeconds));
        return sendCongestionPage(reply, decision.retryAfterSeconds);
      }
    }
    done();
  });
  registerErrorHandler(app);

  await app.register(fastifyCookie);

  // The card and message calls go over HTTP to the provider and gateway (the sandboxes on this
  // server unless configured), see server/gateways/portal-gateways.ts.
  const gateways = await registerGateways(app, env, options.gateways);
  await app.register(authPlugin, { db, env, messages: gateways?.messages });

  registerSessionInfoRoutes(app);
  registerMasterDataRoutes(app);
  registerContractRoutes(app);
  registerTicketRoutes(app);
  registerRegulationRoutes(app);
  registerOpenApiRoute(app);

  registerEntryJudgementRoutes(app);
  registerCouponRoutes(app);
  registerSupportHistoryRoutes(app);
  registerBillingRoutes(app);
  registerInvoiceRoutes(app);
  registerAnshinDataBoxRoutes(app);
  registerAccountRoutes(app, gateways?.messages);
  // Registration and updates check cards with the provider and need a verified OTP.
  if (gateways) {
    registerServiceRequestRoutes(app, gateways);
    registerPaymentRoutes(app, gateways);
    registerOtpRoutes(app, gateways);
    registerMailAddressConfirmationRoutes(app);
  }

  if (env.SANDBOX) registerOrderProvider(app);

  await registerSpa(app, { env, clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR });
  return app;
}
