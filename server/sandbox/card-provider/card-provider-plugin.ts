/**
 * Sandbox stand-in for the external card payment provider (docs/decisions/0032-card-provider-sandbox.md).
 * It behaves like another company's service reached over HTTP: a merchant API authenticated by
 * a merchant key, and hosted card pages the customer is redirected to. It shares nothing with
 * the portal but HTTP and the database server: its orders are in its own table, so any process
 * of the portal answers for them and a restart forgets none.
 *
 * The hosted pages live at an address with a secret (the pay token) that only the merchant is
 * given for its customer; the order id, which the merchant and the browser's app also see, opens
 * nothing (docs/decisions/0043-request-hardening.md).
 *
 * Register without a prefix; every route lives under /sandbox/card.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { CardFormSchema, checkCard, EmptyCardForm } from './card-input';
import { CardOrderStore, OperationTypes, orderJson, type Order } from './card-order-store';
import {
  authenticatePath,
  cardFormPage,
  CardSandboxPrefix,
  challengePage,
  errorPage,
  finishedPage,
  notFoundPage,
  payPath,
} from './card-pages';

export const MerchantKeyHeader = 'x-merchant-key';

export type CardProviderSandboxOptions = {
  /** The key merchants send in the X-Merchant-Key header of API calls. */
  merchantKey: string;
  db: Db;
  /** Shared with the merchant; signs checkRequestValidityToken. */
  secret: string;
  /** The merchant's name on the hosted page. */
  merchantName?: string;
  /**
   * The origin customers' browsers reach this server on: PUBLIC_URL, or a function giving the
   * listening address once there is one. Unset: the address this server listens on. Never the
   * Host header of a request.
   */
  publicOrigin?: string | (() => string);
  /** A pending order expires this long after creation. */
  orderTtlMinutes?: number;
  /** The clock; tests move it to expire orders. */
  now?: () => Date;
};

const OptionsSchema = z.object({
  merchantKey: z.string().min(8),
  secret: z.string().min(16),
  merchantName: z.string().min(1).default('お客さまポータル'),
  orderTtlMinutes: z.number().positive().default(30),
});

const HttpUrl = z.url({ protocol: /^https?$/ }).max(2000);

const CreateOrderBody = z.strictObject({
  merchantOrderId: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'),
  operationType: z.enum(OperationTypes),
  orderDoneUrl: HttpUrl,
  cancelUrl: HttpUrl,
  contentsServiceId: z.string().regex(/^[0-9]{1,10}$/),
  description: z.string().min(1).max(100).optional(),
});

const OrderParams = z.object({ orderId: z.string().regex(/^ord_[A-Za-z0-9_-]{22}$/) });
const PageParams = z.object({ payToken: z.string().regex(/^pay_[A-Za-z0-9_-]{32}$/) });
const ChallengeBody = z.object({ decision: z.enum(['approve', 'deny']) });

const FormBodyLimit = 16 * 1024;
const styleSheet = readFileSync(new URL('./card-page.css', import.meta.url), 'utf8');

export const cardProviderSandbox: FastifyPluginAsync<CardProviderSandboxOptions> = async (app, rawOptions) => {
  const options = OptionsSchema.parse(rawOptions);
  const now = rawOptions.now ?? (() => new Date());
  const store = new CardOrderStore({ db: rawOptions.db, secret: options.secret, ttlMs: options.orderTtlMinutes * 60_000, now });
  const merchantKeyDigest = digest(options.merchantKey);
  const configured = rawOptions.publicOrigin;
  const publicOrigin = (): string => {
    if (typeof configured === 'function') return new URL(configured()).origin;
    if (configured !== undefined) return new URL(configured).origin;
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the card provider sandbox needs publicOrigin or a listening server');
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  };

  await app.register(
    async (scope) => {
      registerFormParser(scope);

      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
        // A 4xx is the sender's input (a parser's message can quote the body): log its code only.
        if (status >= 500) request.log.error({ err: error }, 'card provider sandbox: request failed');
        else request.log.warn({ code: error.code, statusCode: status }, 'card provider sandbox: request refused');
        if (isApi(request)) {
          return reply.code(status).send({ error: status >= 500 ? 'internal_error' : 'invalid_request' });
        }
        return sendPage(reply, status, errorPage());
      });

      scope.setNotFoundHandler((request, reply) =>
        isApi(request) ? reply.code(404).send({ error: 'not_found' }) : sendPage(reply, 404, notFoundPage()),
      );

      scope.get('/assets/card-page.css', (_request, reply) =>
        reply
          .header('content-type', 'text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .send(styleSheet),
      );

      // Merchant API: server to server, JSON, merchant key.
      await scope.register((api, _options, done) => {
        api.addHook('onRequest', async (request, reply) => {
          const given = request.headers[MerchantKeyHeader];
          if (typeof given !== 'string' || !timingSafeEqual(digest(given), merchantKeyDigest)) {
            return reply.code(401).send({ error: 'unauthorized', message: 'missing or wrong merchant key' });
          }
        });

        api.post('/api/orders', async (request, reply) => {
          const body = CreateOrderBody.safeParse(request.body);
          if (!body.success) return reply.code(400).send(invalid(body.error));
          const result = await store.create({ ...body.data, description: body.data.description ?? null });
          if (result.kind === 'conflict') {
            return reply
              .code(409)
              .send({ error: 'merchant_order_conflict', message: 'merchantOrderId was used with other parameters' });
          }
          const { order } = result;
          if (result.kind === 'created') request.log.info({ orderId: order.orderId }, 'card order created');
          return reply.code(result.kind === 'created' ? 201 : 200).send({
            orderId: order.orderId,
            redirectOrderUrl: `${publicOrigin()}${payPath(order.payToken)}`,
            expiresAt: new Date(order.expiresAt).toISOString(),
          });
        });

        api.get('/api/orders/:orderId', async (request, reply) => {
          const params = OrderParams.safeParse(request.params);
          const order = params.success ? await store.get(params.data.orderId) : undefined;
          if (order === undefined) return reply.code(404).send({ error: 'order_not_found' });
          return reply.send(orderJson(order));
        });
        done();
      });

      // Hosted pages: the customer's browser, plain HTML forms.
      const findOrder = async (request: FastifyRequest): Promise<Order | undefined> => {
        const params = PageParams.safeParse(request.params);
        return params.success ? store.getByPayToken(params.data.payToken) : undefined;
      };
      /** After a change another request beat: the order as that request left it. */
      const finishedNow = async (reply: FastifyReply, order: Order) => {
        const now = await store.get(order.orderId);
        return now === undefined ? sendPage(reply, 404, notFoundPage()) : finished(reply, now, true);
      };

      const finished = (reply: FastifyReply, order: Order, onPost: boolean) => {
        // A repeated submit after the result (double click, Back then submit) goes where the
        // first one went; the merchant reads the result from the API, not from the redirect.
        if (onPost && (order.status === 'completed' || order.status === 'rejected')) return redirect(reply, order.orderDoneUrl);
        if (onPost && order.status === 'cancelled') return redirect(reply, order.cancelUrl);
        const link =
          order.status === 'cancelled'
            ? { href: order.cancelUrl, label: `${options.merchantName}に戻る` }
            : { href: order.orderDoneUrl, label: `${options.merchantName}に戻る` };
        return sendPage(reply, order.status === 'expired' ? 410 : 200, finishedPage(order, options.merchantName, link), order);
      };

      scope.get('/pay/:payToken', async (request, reply) => {
        const order = await findOrder(request);
        if (order === undefined) return sendPage(reply, 404, notFoundPage());
        if (order.status !== 'pending') return finished(reply, order, false);
        if (order.challenge !== null) return redirect(reply, authenticatePath(order.payToken));
        return sendPage(reply, 200, cardFormPage({ order, merchantName: options.merchantName, form: EmptyCardForm, errors: {} }), order);
      });

      scope.post('/pay/:payToken', { bodyLimit: FormBodyLimit }, async (request, reply) => {
        const order = await findOrder(request);
        if (order === undefined) return sendPage(reply, 404, notFoundPage());
        if (order.status !== 'pending') return finished(reply, order, true);
        if (order.challenge !== null) return redirect(reply, authenticatePath(order.payToken));

        const form = CardFormSchema.safeParse(request.body ?? {});
        if (!form.success) {
          const errors = { cardNumber: '入力内容を読み取れませんでした。お手数ですが、もう一度入力してください。' };
          return sendPage(reply, 400, cardFormPage({ order, merchantName: options.merchantName, form: EmptyCardForm, errors }), order);
        }
        const check = checkCard(form.data, now());
        if (!check.ok) {
          const shown = { ...form.data, securityCode: '' };
          return sendPage(reply, 400, cardFormPage({ order, merchantName: options.merchantName, form: shown, errors: check.errors }), order);
        }

        const { outcome, ...card } = check.card;
        switch (outcome) {
          case 'approve':
            if (!(await store.complete(order, card))) return finishedNow(reply, order);
            request.log.info({ orderId: order.orderId }, 'card order completed');
            return redirect(reply, order.orderDoneUrl);
          case 'decline':
            if (!(await store.reject(order, card, 'card_declined'))) return finishedNow(reply, order);
            request.log.info({ orderId: order.orderId }, 'card order rejected');
            return redirect(reply, order.orderDoneUrl);
          case 'challenge':
            if (!(await store.challenge(order, card))) return finishedNow(reply, order);
            return redirect(reply, authenticatePath(order.payToken));
        }
      });

      scope.get('/pay/:payToken/authenticate', async (request, reply) => {
        const order = await findOrder(request);
        if (order === undefined) return sendPage(reply, 404, notFoundPage());
        if (order.status !== 'pending') return finished(reply, order, false);
        if (order.challenge === null) return redirect(reply, payPath(order.payToken));
        return sendPage(reply, 200, challengePage(order, options.merchantName), order);
      });

      scope.post('/pay/:payToken/authenticate', { bodyLimit: FormBodyLimit }, async (request, reply) => {
        const order = await findOrder(request);
        if (order === undefined) return sendPage(reply, 404, notFoundPage());
        if (order.status !== 'pending') return finished(reply, order, true);
        const card = order.challenge;
        if (card === null) return redirect(reply, payPath(order.payToken));
        const body = ChallengeBody.safeParse(request.body);
        if (!body.success) return sendPage(reply, 400, challengePage(order, options.merchantName), order);
        if (body.data.decision === 'approve') {
          if (!(await store.complete(order, card))) return finishedNow(reply, order);
          request.log.info({ orderId: order.orderId }, 'card order completed after authentication');
        } else {
          if (!(await store.reject(order, card, 'authentication_failed'))) return finishedNow(reply, order);
          request.log.info({ orderId: order.orderId }, 'card order rejected: authentication failed');
        }
        return redirect(reply, order.orderDoneUrl);
      });

      scope.post('/pay/:payToken/cancel', { bodyLimit: FormBodyLimit }, async (request, reply) => {
        const order = await findOrder(request);
        if (order === undefined) return sendPage(reply, 404, notFoundPage());
        if (order.status !== 'pending') return finished(reply, order, true);
        if (!(await store.cancel(order))) return finishedNow(reply, order);
        request.log.info({ orderId: order.orderId }, 'card order cancelled');
        return redirect(reply, order.cancelUrl);
      });
    },
    { prefix: CardSandboxPrefix },
  );
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isApi(request: FastifyRequest): boolean {
  return request.url.startsWith(`${CardSandboxPrefix}/api/`);
}

function invalid(error: z.ZodError) {
  return {
    error: 'invalid_request',
    message: 'the request body does not match the merchant API',
    issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
  };
}

/** Forms post urlencoded; Fastify parses only JSON by itself. Scoped to the sandbox. */
function registerFormParser(scope: FastifyInstance): void {
  if (scope.hasContentTypeParser('application/x-www-form-urlencoded')) return;
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FormBodyLimit },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))));
    },
  );
}

/** Headers of a hosted page: no caching (it may echo a card number), no framing, no scripts. */
function sendPage(reply: FastifyReply, status: number, page: string, order?: Order) {
  const returnOrigins = order === undefined ? [] : [...new Set([new URL(order.orderDoneUrl).origin, new URL(order.cancelUrl).origin])];
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .header(
      'content-security-policy',
      // form-action must allow the merchant's origins: browsers check the redirect after a submit.
      ["default-src 'none'", "style-src 'self'", "img-src 'self'", `form-action 'self' ${returnOrigins.join(' ')}`.trim(), "frame-ancestors 'none'", "base-uri 'none'"].join('; '),
    )
    .send(page);
}

function redirect(reply: FastifyReply, location: string) {
  return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(location, 303);
}
