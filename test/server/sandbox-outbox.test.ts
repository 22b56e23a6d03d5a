/**
 * The mail/SMS outbox sandbox through the portal's message gateway client, over real HTTP:
 * send, read back (JSON and the page), failing recipients, keys, validation and the cap.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '../../server/gateways/gateway-error';
import { createMessageGatewayClient, type MessageGatewayClient } from '../../server/gateways/message-gateway-client';
import { outboxSandbox, ReadKeyHeader } from '../../server/sandbox/outbox/outbox-plugin';
import { migratedDatabase } from './support/build-test-app';

const apiKey = 'test-gateway-key-0123456789';
let app: FastifyInstance;
let base: string;
let client: MessageGatewayClient;

type Listed = { messages: { messageId: string; channel: string; to: string; subject: string | null; body: string; acceptedAt: string; status: string }[] };

/** The sandbox's own read key: QA tools and these tests read every message with it. */
const readKey = 'test-outbox-read-key-0123456789';
const reading = { headers: { [ReadKeyHeader]: readKey } };
let database: Awaited<ReturnType<typeof migratedDatabase>>;

async function read(query: string): Promise<Listed> {
  const response = await fetch(`${base}/api/messages?${query}`, reading);
  expect(response.status).toBe(200);
  return (await response.json()) as Listed;
}

beforeAll(async () => {
  // As the portal's server is configured (server/app.ts).
  database = await migratedDatabase();
  app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
  await app.register(outboxSandbox, { apiKey, db: database.db, readKey });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `${app.listeningOrigin}/sandbox/outbox`;
  client = createMessageGatewayClient({ baseUrl: base, key: apiKey });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('outbox sandbox', () => {
  it('accepts an e-mail and gives it back by recipient, newest first', async () => {
    const first = await client.send({ channel: 'email', to: 'Hanako@Example.test', subject: '確認コードのお知らせ', body: '確認コード：111111' });
    const second = await client.send({ channel: 'email', to: 'hanako@example.test', subject: '確認コードのお知らせ', body: '確認コード：222222' });
    expect(first.messageId).not.toBe(second.messageId);
    expect(Date.parse(first.acceptedAt)).not.toBeNaN();

    const listed = await read(`to=${encodeURIComponent('HANAKO@example.test')}`);
    expect(listed.messages.map((message) => message.body)).toEqual(['確認コード：222222', '確認コード：111111']);
    expect(listed.messages[0]).toMatchObject({
      messageId: second.messageId,
      channel: 'email',
      to: 'hanako@example.test',
      subject: '確認コードのお知らせ',
      status: 'delivered',
    });
    expect((await read('to=someone-else%40example.test')).messages).toEqual([]);
  });

  it('accepts an SMS to a number written with hyphens and finds it by its digits', async () => {
    await client.send({ channel: 'sms', to: '090-1234-5678', body: '【お客さまポータル】確認コード：654321' });
    const listed = await read('to=09012345678&channel=sms');
    expect(listed.messages).toHaveLength(1);
    expect(listed.messages[0]).toMatchObject({ channel: 'sms', to: '09012345678', subject: null, body: '【お客さまポータル】確認コード：654321' });
    expect((await read('to=090-1234-5678&channel=email')).messages).toEqual([]);
  });

  it('answers 502 for recipients configured to fail, which the client throws as GatewayError', async () => {
    const failures = [
      { channel: 'email' as const, to: 'user@fail.example.test', subject: '確認コード', body: '確認コード：000001' },
      { channel: 'email' as const, to: 'user@mx.fail.example.test', subject: '確認コード', body: '確認コード：000002' },
      { channel: 'sms' as const, to: '08011110000', body: '確認コード：000003' },
    ];
    for (const message of failures) {
      const error = await client.send(message).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(GatewayError);
      expect(error).toMatchObject({ gateway: 'message-gateway', failure: 'unavailable', status: 502, code: 'delivery_failed' });
    }
    expect((await read('to=user%40fail.example.test')).messages[0]).toMatchObject({ status: 'failed' });
    // A near miss is delivered.
    await expect(client.send({ channel: 'email', to: 'user@notfail.example.test', subject: '件名', body: '本文' })).resolves.toHaveProperty('messageId');
    await expect(client.send({ channel: 'sms', to: '08011110001', body: '本文' })).resolves.toHaveProperty('messageId');
  });

  it('refuses a wrong or missing key with 401', async () => {
    const wrong = createMessageGatewayClient({ baseUrl: base, key: 'wrong-key-000000' });
    await expect(wrong.send({ channel: 'email', to: 'a@example.test', subject: '件名', body: '本文' })).rejects.toMatchObject({
      failure: 'rejected',
      status: 401,
      code: 'unauthorized',
    });
    const missing = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'email', to: 'a@example.test', subject: '件名', body: '本文' }),
    });
    expect(missing.status).toBe(401);
    expect((await read('to=a%40example.test')).messages).toEqual([]);
  });

  it('validates what is sent', async () => {
    const headers = { 'content-type': 'application/json', 'x-api-key': apiKey };
    for (const body of [
      { channel: 'email', to: 'not-an-address', subject: '件名', body: '本文' },
      { channel: 'email', to: 'a@example.test', body: '本文' },
      { channel: 'sms', to: '09012345678', subject: 'SMSに件名はない', body: '本文' },
      { channel: 'sms', to: '12345', body: '本文' },
      { channel: 'sms', to: '09012345678', body: 'あ'.repeat(671) },
      { channel: 'fax', to: '0312345678', body: '本文' },
      { channel: 'email', to: 'a@example.test', subject: '件名', body: '' },
    ]) {
      const response = await fetch(`${base}/api/messages`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect((await fetch(`${base}/api/messages?limit=0`, reading)).status).toBe(400);
  });

  it('shows the messages on a Japanese page, escaped, without scripts, refreshing itself', async () => {
    await client.send({ channel: 'email', to: 'page@example.test', subject: '<b>件名</b>', body: '1行目\n<script>alert(1)</script>' });
    const page = await fetch(`${base}?to=page%40example.test`, reading);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const text = await page.text();
    for (const label of ['送信メール・SMS一覧', '日時', '種別', '宛先', '件名', '本文', 'メール', 'page@example.test', '最新の状態に更新']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('&lt;b&gt;件名&lt;/b&gt;');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(text).not.toMatch(/<script/i);
    expect(text).toMatch(/<meta http-equiv="refresh" content="\d+">/);
    expect(text).not.toContain('hanako@example.test');

    const all = await (await fetch(base, reading)).text();
    expect(all).toContain('hanako@example.test');
    expect(all.indexOf('page@example.test')).toBeLessThan(all.indexOf('hanako@example.test'));
    expect((await fetch(`${base}/assets/outbox-page.css`)).headers.get('content-type')).toContain('text/css');
    expect((await fetch(`${base}/`, reading)).status).toBe(200);
  });
});

describe('outbox sandbox capacity', () => {
  it('keeps only the latest messages', async () => {
    const small = Fastify();
    const own = await migratedDatabase();
    small.addHook('onClose', () => own.close());
    await small.register(outboxSandbox, { apiKey, db: own.db, readKey, capacity: 3 });
    await small.listen({ host: '127.0.0.1', port: 0 });
    try {
      const smallClient = createMessageGatewayClient({ baseUrl: `${small.listeningOrigin}/sandbox/outbox`, key: apiKey });
      for (let index = 1; index <= 5; index += 1) {
        await smallClient.send({ channel: 'sms', to: '09000000001', body: `メッセージ${index}` });
      }
      const response = await fetch(`${small.listeningOrigin}/sandbox/outbox/api/messages`, reading);
      const listed = (await response.json()) as Listed;
      expect(listed.messages.map((message) => message.body)).toEqual(['メッセージ5', 'メッセージ4', 'メッセージ3']);
    } finally {
      await small.close();
    }
  });
});
