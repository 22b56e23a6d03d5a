/**
 * The HTTP server: /api, sign-on, the sandbox providers and the built app on one port
 * (docs/decisions/0001-server-framework.md). Layers, in order: security and transport plugins,
 * the error handler, sign-on, the API from the endpoint table, the sandbox, the app.
 * buildApp never listens; server/index.ts does.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { z } from 'zod';
import { Header } from '../contracts/endpoint';
import { ErrorCode } from '../contracts/error-catalogue';
import { registerAnshinDataBoxRoutes } from './api/anshin-data-box.routes';
import { registerContractRoutes } from './api/contracts.routes';
import { registerCouponRoutes } from './api/coupon.routes';
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
import type { Db } from './db/client';
import type { Env } from './env';
import { registerGateways, type GatewayOptions } from './gateways/portal-gateways';
import { AppError } from './http/app-error';
import { registerErrorHandler } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import './http/portal-context';
import { registerOrderProvider } from './sandbox/order-provider.routes';
import { rootSecret } from './security/app-secret';
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

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { env, db } = options;
  rootSecret(env); // refuses to build a production server without SESSION_SECRET

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
  });

  app.decorate('portal', { db, env });
  app.decorateRequest('portalSession', null);
  // One synchronous hook for what every answer carries (a hook per concern, or an async one,
  // costs measurably on the hot read; docs/decisions/0040-precomputed-security-headers.md):
  // - the correlation id, on the reply;
  // - the security headers, computed once, on the raw response as helmet did, so routes that
  //   write the raw response themselves (the local OpenID provider) carry them too, and a
  //   route's own reply.header() still wins.
  const security = securityHeaders(env);
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(Header.CorrelationId, request.id);
    for (const [name, value] of security) reply.raw.setHeader(name, value);
    done();
  });
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    errorResponseBuilder: () => new AppError(ErrorCode.Congestion),
  });

  await app.register(authPlugin, { db, env });

  registerSessionInfoRoutes(app);
  registerMasterDataRoutes(app);
  registerContractRoutes(app);
  registerTicketRoutes(app);
  registerRegulationRoutes(app);
  registerOpenApiRoute(app);

  // The data storage flow; its card and message calls go over HTTP to the provider and gateway
  // (the sandboxes on this server unless configured), see server/gateways/portal-gateways.ts.
  const gateways = await registerGateways(app, env, options.gateways);
  registerEntryJudgementRoutes(app);
  registerCouponRoutes(app);
  registerAnshinDataBoxRoutes(app, gateways);
  if (gateways) {
    registerPaymentRoutes(app, gateways);
    registerOtpRoutes(app, gateways);
    registerMailAddressConfirmationRoutes(app);
  }

  if (env.SANDBOX) registerOrderProvider(app);

  await registerSpa(app, { env, clientDir: options.clientDir ?? DEFAULT_CLIENT_DIR });
  return app;
}
