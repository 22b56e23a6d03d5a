/**
 * The card provider sandbox through the portal's client, over real HTTP on a bare Fastify app:
 * hosted page, test cards, tokens and their verification, cancel, errors, expiry, and that no
 * card number reaches the order or the logs.
 */
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardProviderClient, type CardProviderClient } from '../../server/gateways/card-provider-client';
import { GatewayError } from '../../server/gateways/gateway-error';
import { cardProviderSandbox } from '../../server/sandbox/card-provider/card-provider-plugin';
import { migratedDatabase } from './support/build-test-app';
import { luhnValid, TestCards } from '../../server/sandbox/card-provider/card-input';

const merchantKey = 'test-merchant-key-0123456789';
const secret = 'test-card-secret-0123456789abcdefghijklmnop';
const portal = 'https://portal.example.test';
const logLines: string[] = [];
let clock = new Date('2026-11-21T10:00:00Z');
let app: FastifyInstance;
let base: string;
let database: Awaited<ReturnType<typeof migratedDatabase>>;
let client: CardProviderClient;
let sequence = 0;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logLines.push(chunk.toString('utf8'));
      callback();
    },
  });
  database = await migratedDatabase();
  app = Fastify({ logger: { level: 'trace', stream }, routerOptions: { ignoreTrailingSlash: true } });
  await app.register(cardProviderSandbox, { merchantKey, secret, db: database.db, now: () => clock });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `${app.listeningOrigin}/sandbox/card`;
  client = createCardProviderClient({ baseUrl: base, merchantKey, secret });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

async function newOrder(overrides: { description?: string } = {}) {
  sequence += 1;
  const input = {
    merchantOrderId: `req-${sequence}-${Date.now()}`,
    operationType: '10' as const,
    orderDoneUrl: `${portal}/Payment/Redirect?flowId=flow-${sequence}`,
    cancelUrl: `${portal}/Payment/Cancel/Redirect?flowId=flow-${sequence}`,
    contentsServiceId: '223' as const,
    description: 'データ保管サービス 月額料金のお支払い',
    ...overrides,
  };
  const created = await client.createOrder(input);
  return { input, created };
}

function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });
}

const goodCard = {
  cardNumber: '4242 4242 4242 4242',
  expiryMonth: '12',
  expiryYear: '30',
  securityCode: '123',
  cardHolder: 'TARO YAMADA',
};

describe('card provider sandbox', () => {
  it('opens, pays and cancels an order only at the address given to the merchant: the order id alone does nothing', async () => {
    const { created } = await newOrder();
    expect(created.redirectOrderUrl).not.toContain(created.orderId);
    const byId = `${base}/pay/${created.orderId}`;
    expect((await fetch(byId)).status).toBe(404);
    expect((await postForm(`${byId}/cancel`, {})).status).toBe(404);
    expect((await postForm(byId, goodCard)).status).toBe(404);
    expect((await postForm(`${base}/pay/pay_${'A'.repeat(32)}/cancel`, {})).status).toBe(404);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'pending' });
    expect((await postForm(`${created.redirectOrderUrl}/cancel`, {})).status).toBe(303);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'cancelled' });
  });

  it('keeps its orders in the database: another server on the same database serves the same order', async () => {
    const { created } = await newOrder();
    const twin = Fastify();
    await twin.register(cardProviderSandbox, { merchantKey, secret, db: database.db, now: () => clock });
    await twin.listen({ host: '127.0.0.1', port: 0 });
    try {
      const path = new URL(created.redirectOrderUrl).pathname;
      expect((await postForm(`${twin.listeningOrigin}${path}`, goodCard)).status).toBe(303);
      expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'completed', last4: '4242' });
    } finally {
      await twin.close();
    }
  });

  it('lists only test cards that pass the Luhn check, with every length the form accepts', () => {
    for (const card of TestCards) expect(luhnValid(card.number), card.number).toBe(true);
    expect(new Set(TestCards.map((card) => card.number.length))).toEqual(new Set([14, 15, 16]));
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('registers a good card: hosted page, 303 back to the portal, a verifiable token and no card number anywhere', async () => {
    const { input, created } = await newOrder();
    expect(created.redirectOrderUrl).toMatch(new RegExp(`^${base}/pay/pay_[A-Za-z0-9_-]{32}$`));
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'pending', tokenPAN: null, last4: null });

    const page = await fetch(created.redirectOrderUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('cache-control')).toBe('no-store');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`form-action 'self' ${portal}`);
    expect(csp).not.toContain('unsafe-inline');
    const text = await page.text();
    for (const label of ['カード番号', '有効期限', 'セキュリティコード', 'カード名義', '登録する', 'キャンセルして戻る', 'お客さまポータル']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('クレジットカードの登録（新規お申し込み）');
    expect(text).toContain('データ保管サービス 月額料金のお支払い');
    expect(text).toContain('4242 4242 4242 4242');
    expect(text).toContain('4000 0000 0000 0002');
    expect(text).not.toMatch(/<script/i);
    expect(text).not.toMatch(/\sstyle=/i);
    const css = await fetch(`${base}/assets/card-page.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toContain('text/css');

    // Full-width digits, a full-width space and a full-width hyphen, as an IME may type them.
    const submitted = await postForm(created.redirectOrderUrl, {
      ...goodCard,
      cardNumber: '４２４２　４２４２ ４２４２－４２４２',
      expiryMonth: '１２',
      cardHolder: 'taro yamada',
    });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(input.orderDoneUrl);

    const order = await client.getOrder(created.orderId);
    expect(order).toMatchObject({
      orderId: created.orderId,
      merchantOrderId: input.merchantOrderId,
      operationType: '10',
      contentsServiceId: '223',
      status: 'completed',
      tokenPanEffectiveDate: '203012',
      last4: '4242',
      brand: 'visa',
      rejectReason: null,
    });
    expect(order.tokenPAN).toMatch(/^tok_[A-Za-z0-9_-]{24}$/);
    const triple = {
      orderId: order.orderId,
      tokenPAN: order.tokenPAN ?? '',
      tokenPanEffectiveDate: order.tokenPanEffectiveDate ?? '',
      checkRequestValidityToken: order.checkRequestValidityToken ?? '',
    };
    expect(client.verifyCheckToken(triple)).toBe(true);
    expect(client.verifyCheckToken({ ...triple, tokenPAN: `${triple.tokenPAN}x` })).toBe(false);
    expect(client.verifyCheckToken({ ...triple, tokenPanEffectiveDate: '203112' })).toBe(false);
    expect(client.verifyCheckToken({ ...triple, checkRequestValidityToken: triple.checkRequestValidityToken.slice(1) })).toBe(false);
    const otherSecret = createCardProviderClient({ baseUrl: base, merchantKey, secret: `${secret}-other` });
    expect(otherSecret.verifyCheckToken(triple)).toBe(false);

    const raw = await fetch(`${base}/api/orders/${created.orderId}`, { headers: { 'x-merchant-key': merchantKey } });
    const json = await raw.text();
    expect(json).not.toContain('4242424242424242');
    expect(json).not.toContain('424242424242');
    expect(json).not.toMatch(/yamada/i);

    // The same card again gets another token: the token is random, not derived from the number.
    const second = await newOrder();
    await postForm(second.created.redirectOrderUrl, goodCard);
    const secondOrder = await client.getOrder(second.created.orderId);
    expect(secondOrder.status).toBe('completed');
    expect(secondOrder.tokenPAN).not.toBe(order.tokenPAN);

    // Back on the page after the result: a status page, and a repeated submit changes nothing.
    const again = await fetch(created.redirectOrderUrl);
    expect(again.status).toBe(200);
    const againText = await again.text();
    expect(againText).toContain('カード情報の登録は完了しています');
    expect(againText).toContain(input.orderDoneUrl.replace(/&/g, '&amp;'));
    const resubmit = await postForm(created.redirectOrderUrl, { ...goodCard, cardNumber: '5555555555554444' });
    expect(resubmit.status).toBe(303);
    expect(resubmit.headers.get('location')).toBe(input.orderDoneUrl);
    expect(await client.getOrder(created.orderId)).toEqual(order);

    const logs = logLines.join('');
    expect(logs).toContain(created.orderId);
    expect(logs).toContain('card order completed');
    for (const secretText of ['4242424242424242', '4242 4242', '４２４２', '5555555555554444', 'TARO YAMADA', 'taro yamada', 'securityCode']) {
      expect(logs).not.toContain(secretText);
    }
  });

  it('rejects the unusable test card and sends the customer back to orderDoneUrl', async () => {
    const { input, created } = await newOrder();
    const submitted = await postForm(created.redirectOrderUrl, { ...goodCard, cardNumber: '4000-0000-0000-0002' });
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe(input.orderDoneUrl);
    expect(await client.getOrder(created.orderId)).toMatchObject({
      status: 'rejected',
      rejectReason: 'card_declined',
      tokenPAN: null,
      tokenPanEffectiveDate: null,
      checkRequestValidityToken: null,
      last4: '0002',
      brand: 'visa',
    });
  });

  it('asks for 3-D Secure authentication and completes or rejects on the cardholder’s answer', async () => {
    for (const [decision, expected] of [
      ['approve', { status: 'completed', rejectReason: null }],
      ['deny', { status: 'rejected', rejectReason: 'authentication_failed', tokenPAN: null }],
    ] as const) {
      const { input, created } = await newOrder();
      const submitted = await postForm(created.redirectOrderUrl, { ...goodCard, cardNumber: '4000002760003184' });
      expect(submitted.status).toBe(303);
      const challengeUrl = `${created.redirectOrderUrl}/authenticate`;
      expect(new URL(submitted.headers.get('location') ?? '', base).href).toBe(challengeUrl);
      expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'pending', tokenPAN: null, last4: null });

      // The card page now leads to the challenge until it is answered.
      const back = await fetch(created.redirectOrderUrl, { redirect: 'manual' });
      expect(back.status).toBe(303);

      const challenge = await fetch(challengeUrl);
      expect(challenge.status).toBe(200);
      const text = await challenge.text();
      expect(text).toContain('本人認証（3-Dセキュア）');
      expect(text).toContain('認証する');
      expect(text).toContain('末尾 3184');

      const answered = await postForm(challengeUrl, { decision });
      expect(answered.status).toBe(303);
      expect(answered.headers.get('location')).toBe(input.orderDoneUrl);
      const order = await client.getOrder(created.orderId);
      expect(order).toMatchObject({ ...expected, last4: '3184', brand: 'visa' });
      if (order.status === 'completed') {
        expect(
          client.verifyCheckToken({
            orderId: order.orderId,
            tokenPAN: order.tokenPAN ?? '',
            tokenPanEffectiveDate: order.tokenPanEffectiveDate ?? '',
            checkRequestValidityToken: order.checkRequestValidityToken ?? '',
          }),
        ).toBe(true);
      }
    }
  });

  it('cancels: 303 to cancelUrl, the order is cancelled and stays so', async () => {
    const { input, created } = await newOrder();
    const cancelled = await postForm(`${created.redirectOrderUrl}/cancel`, {});
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(input.cancelUrl);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'cancelled', tokenPAN: null, last4: null });

    const late = await postForm(created.redirectOrderUrl, goodCard);
    expect(late.status).toBe(303);
    expect(late.headers.get('location')).toBe(input.cancelUrl);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'cancelled', tokenPAN: null });
  });

  it('answers bad input with a 400 page of Japanese errors and leaves the order unchanged', async () => {
    const { created } = await newOrder();
    const cases: { fields: Record<string, string>; messages: string[] }[] = [
      {
        fields: {},
        messages: [
          'カード番号を入力してください。',
          '有効期限（月）を入力してください。',
          '有効期限（年）を入力してください。',
          'セキュリティコードを入力してください。',
          'カード名義を入力してください。',
        ],
      },
      {
        fields: { cardNumber: '4242 4242 4242 4241', expiryMonth: '13', expiryYear: '2030', securityCode: '12', cardHolder: '山田太郎' },
        messages: [
          'カード番号に誤りがあります。',
          '有効期限（月）は01〜12の数字で入力してください。',
          'セキュリティコードは数字3桁または4桁で入力してください。',
          'カード名義はカードに記載のとおり、ローマ字（半角英字）で入力してください。',
        ],
      },
      { fields: { ...goodCard, cardNumber: '4242 4242 42' }, messages: ['カード番号は数字14〜16桁で入力してください。'] },
      { fields: { ...goodCard, cardNumber: '4111111111111111' }, messages: ['テスト環境のため、画面下の「テスト用カード番号」のみご利用いただけます。'] },
      // The clock is November 2026: October 2026 is past, November 2026 still valid.
      { fields: { ...goodCard, expiryMonth: '10', expiryYear: '26' }, messages: ['有効期限が過ぎています。'] },
      { fields: { ...goodCard, expiryYear: 'ab' }, messages: ['有効期限（年）は西暦の下2桁（例：30）で入力してください。'] },
    ];
    for (const { fields, messages } of cases) {
      const response = await postForm(created.redirectOrderUrl, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const text = await response.text();
      expect(text).toContain('入力内容をご確認ください');
      expect(text).toContain('aria-invalid="true"');
      for (const message of messages) expect(text, JSON.stringify(fields)).toContain(message);
      expect(text).toMatch(/id="securityCode"[^>]*value=""/);
      if (fields.securityCode !== undefined && fields.securityCode !== '') {
        expect(text).not.toContain(`value="${fields.securityCode}"`);
      }
    }
    expect(await client.getOrder(created.orderId)).toMatchObject({
      status: 'pending',
      tokenPAN: null,
      last4: null,
      brand: null,
      rejectReason: null,
    });

    const stillValid = await postForm(created.redirectOrderUrl, { ...goodCard, expiryMonth: '11', expiryYear: '2026' });
    expect(stillValid.status).toBe(303);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'completed', tokenPanEffectiveDate: '202611' });
  });

  it('refuses a wrong or missing merchant key with 401', async () => {
    const wrong = createCardProviderClient({ baseUrl: base, merchantKey: 'not-the-key-0000', secret });
    const error = await wrong
      .createOrder({
        merchantOrderId: 'wrong-key',
        operationType: '10',
        orderDoneUrl: `${portal}/Payment/Redirect`,
        cancelUrl: `${portal}/Payment/Cancel/Redirect`,
        contentsServiceId: '223',
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ gateway: 'card-provider', failure: 'rejected', status: 401, code: 'unauthorized' });

    const { created } = await newOrder();
    const missing = await fetch(`${base}/api/orders/${created.orderId}`);
    expect(missing.status).toBe(401);
    await expect(wrong.getOrder(created.orderId)).rejects.toMatchObject({ status: 401 });
  });

  it('validates the merchant API request', async () => {
    const headers = { 'x-merchant-key': merchantKey, 'content-type': 'application/json' };
    const valid = {
      merchantOrderId: 'validation-1',
      operationType: '10',
      orderDoneUrl: `${portal}/Payment/Redirect`,
      cancelUrl: `${portal}/Payment/Cancel/Redirect`,
      contentsServiceId: '223',
    };
    for (const body of [
      { ...valid, operationType: '99' },
      { ...valid, orderDoneUrl: 'javascript:alert(1)' },
      { ...valid, cancelUrl: '/relative' },
      { ...valid, merchantOrderId: '' },
      { ...valid, unexpected: true },
    ]) {
      const response = await fetch(`${base}/api/orders`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request' });
    }
    const broken = await fetch(`${base}/api/orders`, { method: 'POST', headers, body: '{"merchantOrderId":' });
    expect(broken.status).toBe(400);
  });

  it('is idempotent per merchantOrderId and refuses the same id with other parameters', async () => {
    const { input, created } = await newOrder();
    const replay = await client.createOrder(input);
    expect(replay).toEqual(created);
    await expect(client.createOrder({ ...input, cancelUrl: `${portal}/elsewhere` })).rejects.toMatchObject({
      failure: 'rejected',
      status: 409,
      code: 'merchant_order_conflict',
    });
  });

  it('expires a pending order after 30 minutes', async () => {
    const { input, created } = await newOrder();
    clock = new Date(clock.getTime() + 29 * 60_000);
    expect((await client.getOrder(created.orderId)).status).toBe('pending');
    clock = new Date(clock.getTime() + 60_000);
    expect((await client.getOrder(created.orderId)).status).toBe('expired');

    const page = await fetch(created.redirectOrderUrl);
    expect(page.status).toBe(410);
    const text = await page.text();
    expect(text).toContain('有効時間（30分）を過ぎた');
    expect(text).toContain(input.orderDoneUrl.replace(/&/g, '&amp;'));
    const late = await postForm(created.redirectOrderUrl, goodCard);
    expect(late.status).toBe(410);
    expect(await client.getOrder(created.orderId)).toMatchObject({ status: 'expired', tokenPAN: null, last4: null });
  });

  it('answers unknown orders with 404: JSON to the merchant, a Japanese page to the customer', async () => {
    const unknown = 'ord_AAAAAAAAAAAAAAAAAAAAAA';
    await expect(client.getOrder(unknown)).rejects.toMatchObject({ failure: 'rejected', status: 404, code: 'order_not_found' });
    const page = await fetch(`${base}/pay/${unknown}`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('お手続きが見つかりません');
    const malformed = await fetch(`${base}/pay/..%2F..%2Fetc`);
    expect(malformed.status).toBe(404);

    const { created } = await newOrder();
    const unreadable = await fetch(created.redirectOrderUrl, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: '<card>4242424242424242</card>' });
    expect(unreadable.status).toBe(415);
    expect(await unreadable.text()).toContain('お手続きを続けられませんでした');
    expect((await client.getOrder(created.orderId)).status).toBe('pending');
  });

  // Runs last in this block: covers the logs of every flow above, errors included.
  it('never logs a card number, holder name or form field across all flows', () => {
    const logs = logLines.join('');
    expect(logs).toContain('card order rejected');
    expect(logs).toContain('card order cancelled');
    for (const number of ['4242424242424242', '4000000000000002', '4000002760003184', '4111111111111111', '4242424242424241']) {
      expect(logs).not.toContain(number);
      expect(logs).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      expect(logs).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1-'));
    }
    for (const text of ['TARO YAMADA', '山田太郎', 'cardNumber', 'securityCode', 'cardHolder', 'expiryMonth']) {
      expect(logs).not.toContain(text);
    }
  });
});

describe('card provider sandbox behind a public origin', () => {
  it('builds the hosted page URL on the configured public origin', async () => {
    const other = Fastify();
    await other.register(cardProviderSandbox, { merchantKey, secret, db: database.db, publicOrigin: 'https://review.portal.example.test/' });
    await other.listen({ host: '127.0.0.1', port: 0 });
    try {
      const otherClient = createCardProviderClient({ baseUrl: () => `${other.listeningOrigin}/sandbox/card`, merchantKey, secret });
      const created = await otherClient.createOrder({
        merchantOrderId: 'public-origin',
        operationType: '40',
        orderDoneUrl: `${portal}/Payment/Redirect`,
        cancelUrl: `${portal}/Payment/Cancel/Redirect`,
        contentsServiceId: '231',
      });
      expect(created.redirectOrderUrl).toMatch(/^https:\/\/review\.portal\.example\.test\/sandbox\/card\/pay\/pay_[A-Za-z0-9_-]{32}$/);
      const page = await fetch(`${other.listeningOrigin}${new URL(created.redirectOrderUrl).pathname}`);
      expect(await page.text()).toContain('お支払い方法の変更（携帯電話料金とまとめて支払い → クレジットカード）');
    } finally {
      await other.close();
    }
  });
});
