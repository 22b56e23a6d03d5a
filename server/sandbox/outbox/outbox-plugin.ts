/**
 * Sandbox stand-in for the external mail/SMS gateway (docs/decisions/0033-message-outbox.md).
 * The portal sends through its HTTP API with an API key, exactly as it would to the real
 * gateway; instead of delivering, the sandbox keeps the latest messages in its own table, lists
 * them on a page for people and answers them as JSON for tests (which read one-time passwords
 * there).
 *
 * Reading is as private as the inboxes it stands in for (docs/decisions/0042-production-settings.md):
 * a reader sees the messages to their own addresses (`readerOf`: the signed-in customer's
 * contacts), or all of them with the sandbox's own read key (X-Outbox-Read-Key, for QA tools);
 * anyone else sees nothing.
 *
 * Register without a prefix; every route lives under /sandbox/outbox.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { OutboxPrefix, outboxPage, signInNeededPage } from './outbox-page';
import { deliveryFails, normalizeRecipient, OutboxStore, type OutboxMessage } from './outbox-store';

export const GatewayKeyHeader = 'x-api-key';
export const ReadKeyHeader = 'x-outbox-read-key';

/** The addresses whose messages this request may read (normalised), or undefined for none. */
export type ReaderOf = (request: FastifyRequest) => Promise<readonly string[] | undefined>;

export type OutboxSandboxOptions = {
  /** The key senders put in the X-Api-Key header. */
  apiKey: string;
  db: Db;
  /** Who is reading: the signed-in customer's own addresses. */
  readerOf?: ReaderOf;
  /** Reads every message when sent in the X-Outbox-Read-Key header; unset: no such reader. */
  readKey?: string;
  /** How many of the latest messages are kept. */
  capacity?: number;
  now?: () => Date;
};

const OptionsSchema = z.object({
  apiKey: z.string().min(8),
  readKey: z.string().min(16).optional(),
  capacity: z.number().int().positive().max(100_000).default(500),
});

const PhoneNumber = /^\+?[0-9]{10,15}$/;

const SendBody = z.discriminatedUnion('channel', [
  z.strictObject({
    channel: z.literal('email'),
    to: z.email().max(254),
    subject: z.string().min(1).max(200),
    body: z.string().min(1).max(20_000),
  }),
  z.strictObject({
    channel: z.literal('sms'),
    to: z
      .string()
      .max(30)
      .refine((to) => PhoneNumber.test(normalizeRecipient('sms', to)), 'a phone number of 10 to 15 digits'),
    // Long SMS (concatenated) carry at most 670 characters of Japanese text.
    body: z.string().min(1).max(670),
  }),
]);

const ListQuery = z.object({
  to: z.string().min(1).max(254).optional(),
  channel: z.enum(['email', 'sms']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

const PageQuery = z.object({ to: z.string().trim().min(1).max(254).optional().catch(undefined) });

const styleSheet = readFileSync(new URL('./outbox-page.css', import.meta.url), 'utf8');

export const outboxSandbox: FastifyPluginAsync<OutboxSandboxOptions> = async (app, rawOptions) => {
  const options = OptionsSchema.parse(rawOptions);
  const now = rawOptions.now ?? (() => new Date());
  const store = new OutboxStore(rawOptions.db, options.capacity);
  const keyDigest = digest(options.apiKey);
  const readKeyDigest = options.readKey === undefined ? undefined : digest(options.readKey);
  /** Every message ('all'), the reader's own, or none (undefined). */
  const readable = async (request: FastifyRequest): Promise<'all' | readonly string[] | undefined> => {
    const given = request.headers[ReadKeyHeader];
    if (readKeyDigest !== undefined && typeof given === 'string' && timingSafeEqual(digest(given), readKeyDigest)) return 'all';
    return rawOptions.readerOf?.(request);
  };

  await app.register(
    (scope, _options, done) => {
      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
        // A 4xx is the sender's input (a parser's message can quote the body): log its code only.
        if (status >= 500) request.log.error({ err: error }, 'outbox sandbox: request failed');
        else request.log.warn({ code: error.code, statusCode: status }, 'outbox sandbox: request refused');
        return reply.code(status).send({ error: status >= 500 ? 'internal_error' : 'invalid_request' });
      });

      scope.get('/', async (request, reply) => {
        const query = PageQuery.parse(request.query ?? {});
        const reader = await readable(request);
        const messages =
          reader === undefined
            ? []
            : await store.list({
                limit: options.capacity,
                ...(query.to === undefined ? {} : { to: query.to }),
                ...(reader === 'all' ? {} : { recipients: reader }),
              });
        return reply
          .code(reader === undefined ? 401 : 200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('referrer-policy', 'no-referrer')
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
          )
          .send(reader === undefined ? signInNeededPage() : outboxPage({ messages, to: query.to, capacity: options.capacity, own: reader !== 'all' }));
      });

      scope.get('/assets/outbox-page.css', (_request, reply) =>
        reply
          .header('content-type', 'text/css; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .send(styleSheet),
      );

      scope.get('/api/messages', async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const query = ListQuery.safeParse(request.query ?? {});
        if (!query.success) return reply.code(400).send({ error: 'invalid_request' });
        const reader = await readable(request);
        if (reader === undefined) return reply.code(401).send({ error: 'unauthorized', message: 'sign in to the portal, or send the read key' });
        const messages = await store.list({ ...query.data, ...(reader === 'all' ? {} : { recipients: reader }) });
        return reply.send({ messages: messages.map(messageJson) });
      });

      scope.post('/api/messages', { bodyLimit: 64 * 1024 }, async (request, reply) => {
        if (!authorized(request, keyDigest)) {
          return reply.code(401).send({ error: 'unauthorized', message: 'missing or wrong API key' });
        }
        const body = SendBody.safeParse(request.body);
        if (!body.success) {
          return reply.code(400).send({
            error: 'invalid_request',
            issues: body.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
          });
        }
        const message = body.data;
        const to = normalizeRecipient(message.channel, message.to);
        const failed = deliveryFails(message.channel, to);
        const stored = await store.add({
          channel: message.channel,
          to,
          subject: message.channel === 'email' ? message.subject : null,
          body: message.body,
          acceptedAt: now().getTime(),
          status: failed ? 'failed' : 'delivered',
        });
        // Ids only: bodies carry one-time passwords.
        request.log.info({ messageId: stored.messageId, channel: stored.channel, failed }, 'outbox message');
        if (failed) {
          return reply
            .code(502)
            .send({ error: 'delivery_failed', messageId: stored.messageId, message: 'the recipient could not be reached' });
        }
        return reply.code(202).send({ messageId: stored.messageId, acceptedAt: new Date(stored.acceptedAt).toISOString() });
      });
      done();
    },
    { prefix: OutboxPrefix },
  );
};

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function authorized(request: FastifyRequest, keyDigest: Buffer): boolean {
  const given = request.headers[GatewayKeyHeader];
  return typeof given === 'string' && timingSafeEqual(digest(given), keyDigest);
}

function messageJson(message: OutboxMessage) {
  return {
    messageId: message.messageId,
    channel: message.channel,
    to: message.to,
    subject: message.subject,
    body: message.body,
    acceptedAt: new Date(message.acceptedAt).toISOString(),
    status: message.status,
  };
}
