/**
 * The portal's gateway clients against answers the sandboxes never give (slow, malformed, no
 * server at all), and the configuration that wires portal and sandboxes together.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../server/env';
import { createCardProviderClient } from '../../server/gateways/card-provider-client';
import { resolveGatewayConfig } from '../../server/gateways/gateway-config';
import { GatewayError } from '../../server/gateways/gateway-error';
import { createMessageGatewayClient } from '../../server/gateways/message-gateway-client';
import { cardProviderSandbox } from '../../server/sandbox/card-provider/card-provider-plugin';
import { outboxSandbox } from '../../server/sandbox/outbox/outbox-plugin';
import { migratedDatabase } from './support/build-test-app';

let fake: FastifyInstance;
let origin: string;

beforeAll(async () => {
  fake = Fastify();
  fake.post('/slow/api/messages', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    return { messageId: 'late', acceptedAt: new Date().toISOString() };
  });
  fake.post('/malformed/api/messages', (_request, reply) => reply.code(202).send({ messageId: 5 }));
  fake.post('/not-json/api/messages', (_request, reply) => reply.code(503).type('text/html').send('<h1>Service Unavailable</h1>'));
  fake.get('/malformed/api/orders/:orderId', (_request, reply) => reply.send({ orderId: 'ord_AAAAAAAAAAAAAAAAAAAAAA', status: 'completed', tokenPAN: null }));
  await fake.listen({ host: '127.0.0.1', port: 0 });
  origin = fake.listeningOrigin;
});

afterAll(async () => {
  await fake.close();
});

const message = { channel: 'email' as const, to: 'a@example.test', subject: '件名', body: '本文' };

describe('gateway clients', () => {
  it('gives up after the time limit with a timeout GatewayError', async () => {
    const client = createMessageGatewayClient({ baseUrl: `${origin}/slow`, key: 'k', timeoutMs: 50 });
    await expect(client.send(message)).rejects.toMatchObject({ name: 'GatewayError', failure: 'timeout', status: undefined });
  });

  it('reports a server that is not there as unreachable', async () => {
    const closed = Fastify();
    await closed.listen({ host: '127.0.0.1', port: 0 });
    const gone = closed.listeningOrigin;
    await closed.close();
    const client = createMessageGatewayClient({ baseUrl: gone, key: 'k' });
    await expect(client.send(message)).rejects.toMatchObject({ failure: 'unreachable' });
  });

  it('refuses answers that do not match the other side’s API', async () => {
    const messages = createMessageGatewayClient({ baseUrl: `${origin}/malformed`, key: 'k' });
    await expect(messages.send(message)).rejects.toMatchObject({ failure: 'invalid-response', status: 202 });
    const cards = createCardProviderClient({ baseUrl: `${origin}/malformed`, merchantKey: 'k', secret: 's' });
    await expect(cards.getOrder('ord_AAAAAAAAAAAAAAAAAAAAAA')).rejects.toMatchObject({ failure: 'invalid-response' });
  });

  it('maps a 5xx without a JSON body to unavailable without a code', async () => {
    const client = createMessageGatewayClient({ baseUrl: `${origin}/not-json/`, key: 'k' });
    const error = await client.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ failure: 'unavailable', status: 503, code: undefined });
  });
});

describe('gateway configuration', () => {
  it('points both clients at this server’s sandboxes by default, with credentials every process of the deployment derives alike', async () => {
    const env = parseEnv({ NODE_ENV: 'test', PORT: '0', SESSION_SECRET: 's'.repeat(32) });
    const app = Fastify();
    const config = resolveGatewayConfig(env, { localOrigin: () => app.listeningOrigin });
    expect(config.cardSandbox).toBeDefined();
    expect(config.outboxSandbox).toBeDefined();
    expect(config.cardProvider.merchantKey).toHaveLength(43);
    // A second process with the same secret agrees; another deployment's secret does not.
    expect(resolveGatewayConfig(env).cardProvider.merchantKey).toBe(config.cardProvider.merchantKey);
    const other = resolveGatewayConfig(parseEnv({ NODE_ENV: 'test', SESSION_SECRET: 't'.repeat(32) }));
    expect(other.cardProvider.merchantKey).not.toBe(config.cardProvider.merchantKey);
    expect(other.cardProvider.secret).not.toBe(config.cardProvider.secret);
    expect(other.messageGateway.key).not.toBe(config.messageGateway.key);

    // The lead's registration, as in the report: one line per sandbox.
    const database = await migratedDatabase();
    app.addHook('onClose', () => database.close());
    if (config.cardSandbox) await app.register(cardProviderSandbox, { ...config.cardSandbox, db: database.db });
    if (config.outboxSandbox) await app.register(outboxSandbox, { ...config.outboxSandbox, db: database.db });
    await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const cards = createCardProviderClient(config.cardProvider);
      const created = await cards.createOrder({
        merchantOrderId: 'config-1',
        operationType: '20',
        orderDoneUrl: 'http://localhost:3000/Payment/Redirect',
        cancelUrl: 'http://localhost:3000/Payment/Cancel/Redirect',
        contentsServiceId: '223',
      });
      expect(created.redirectOrderUrl.startsWith(`${app.listeningOrigin}/sandbox/card/pay/`)).toBe(true);
      const messages = createMessageGatewayClient({ baseUrl: config.messageGateway.baseUrl, key: config.messageGateway.key });
      await expect(messages.send(message)).resolves.toHaveProperty('messageId');
    } finally {
      await app.close();
    }
  });

  it('builds hosted page URLs on PUBLIC_URL and reads the local address from HOST and PORT', () => {
    const config = resolveGatewayConfig(parseEnv({ HOST: '0.0.0.0', PORT: '3100', PUBLIC_URL: 'http://localhost:5173' }));
    expect(config.cardSandbox?.publicOrigin).toBe('http://localhost:5173');
    const baseUrl = config.cardProvider.baseUrl;
    expect(typeof baseUrl === 'function' ? baseUrl() : baseUrl).toBe('http://127.0.0.1:3100/sandbox/card');
  });

  it('uses configured credentials for real systems and requires them', () => {
    const real = resolveGatewayConfig(
      parseEnv({
        SANDBOX: 'false',
        CARD_PROVIDER_URL: 'https://pay.example.jp/merchant',
        CARD_PROVIDER_MERCHANT_KEY: 'merchant-key-0123456789',
        CARD_PROVIDER_SECRET: 'secret-0123456789-0123456789-0123456789',
        MESSAGE_GATEWAY_URL: 'https://messages.example.jp/v1',
        MESSAGE_GATEWAY_KEY: 'gateway-key-0123456789',
      }),
    );
    expect(real).toMatchObject({
      cardProvider: { baseUrl: 'https://pay.example.jp/merchant', merchantKey: 'merchant-key-0123456789' },
      messageGateway: { baseUrl: 'https://messages.example.jp/v1', key: 'gateway-key-0123456789' },
      cardSandbox: undefined,
      outboxSandbox: undefined,
    });
    expect(() => resolveGatewayConfig(parseEnv({ CARD_PROVIDER_URL: 'https://pay.example.jp' }))).toThrow(
      /CARD_PROVIDER_MERCHANT_KEY is required[\s\S]*CARD_PROVIDER_SECRET is required/,
    );
    expect(() => resolveGatewayConfig(parseEnv({ SANDBOX: 'false' }))).toThrow(
      /CARD_PROVIDER_URL is required when SANDBOX is off[\s\S]*MESSAGE_GATEWAY_URL is required/,
    );
  });
});
