/**
 * The card provider round trip on the server (ADR 0036), over real HTTP against the sandbox in the
 * same app: payment methods, payment information (no open redirect, lifecycle), the hosted page
 * posted like a browser form, the outcome read from the provider, and registration / payment
 * change with the returned tokens (a forged token is refused; only last 4 digits are stored).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PaymentMethodsResponseSchema, type CardToken } from '../../contracts/api/payment';
import { paymentOrders, serviceContracts } from '../../server/db/schema';
import { expectAuthChecks } from './support/auth-matrix';
import {
  call,
  cancelAtProvider,
  goodCard,
  returnUrls,
  snapshotOf,
  submitCard,
  unusableCard,
  verifyContact,
  type Answer,
  signedInAppForFile,
} from './support/anshin-kit';
import { apiHeaders } from './support/build-test-app';

let clockShiftMs = 0;
/** The portal's own return pages, on the origin it is configured with (here: where it listens). */
const portalReturnUrls = () => returnUrls(kit.origin);

const kit = signedInAppForFile(['demo01', 'demo02', 'demo03', 'demo04', 'demo07', 'demo12', 'demo13', 'demo14'], {
  gateways: { sandboxNow: () => new Date(Date.now() + clockShiftMs) },
});
const user = kit.user;

let keySequence = 0;
const nextKey = (label: string) => `${label}-${(keySequence += 1)}-key`;

const paymentInformation = (id: string, operationType: string, urls: Record<string, string> = portalReturnUrls(), headers: Record<string, string> = { contentsserviceid: '223' }) =>
  call(kit.test, user(id), 'POST', '/payment/information', {
    payload: { operationType, ...urls },
    headers: { ...headers, 'x-request-key': nextKey('payinfo') },
  });

const methods = (id: string, query?: string) => call(kit.test, user(id), 'GET', '/payment/methods', query === undefined ? {} : { query });

/** Payment information -> hosted page -> verification: the card token as the flow holds it. */
async function cardFor(id: string, operationType: string, card = goodCard) {
  const created = await paymentInformation(id, operationType);
  expect(created.statusCode).toBe(200);
  const { redirectOrderUrl, orderId } = created.json<{ redirectOrderUrl: string; orderId: string }>();
  expect(redirectOrderUrl.startsWith(`${kit.origin}/sandbox/card/pay/`)).toBe(true);
  const location = await submitCard(redirectOrderUrl, card);
  expect(location).toBe(portalReturnUrls().orderDoneUrl);
  const verified = PaymentMethodsResponseSchema.parse((await methods(id, `contentsServiceId=223&orderId=${orderId}`)).json());
  return { orderId, redirectOrderUrl, order: verified.order };
}

const registerBody = (card: CardToken) => ({
  serviceId: '223',
  planId: '225',
  requestType: '02',
  paymentMethodValue: '99',
  paymentMethodLabel: 'クレジットカード',
  tokenPAN: card.tokenPAN,
  tokenPanEffectiveDate: card.tokenPanEffectiveDate,
  checkRequestValidityToken: card.checkRequestValidityToken,
  couponCode: null,
  consented: true,
});

const register = (id: string, body: unknown) => call(kit.test, user(id), 'POST', '/service', { payload: body, headers: { 'x-request-key': nextKey('register') } });

describe('GET /api/customer/{sbSystemId}/payment/methods', () => {
  it('携帯払い・新しいカードと、登録済みのカードを末尾4桁だけで、値の順に返すこと', async () => {
    const none = PaymentMethodsResponseSchema.parse((await methods('demo01')).json());
    expect(none.paymentMethodList.map((entry) => entry.value)).toEqual(['01', '99']);
    expect(none.order).toBeUndefined();
    const response = await methods('demo03', 'contentsServiceId=223');
    const withCard = PaymentMethodsResponseSchema.parse(response.json());
    expect(withCard.paymentMethodList.map((entry) => entry.value)).toEqual(['01', '02', '99']);
    expect(withCard.paymentMethodList[1]).toEqual({ value: '02', label: 'クレジットカード', details: ['**** **** **** 4242', '有効期限 2029年12月'] });
    expect(response.body).not.toContain('tok_demo');
    // demo04's card expired in 2026-05: not offered.
    expect(PaymentMethodsResponseSchema.parse((await methods('demo04')).json()).paymentMethodList.map((entry) => entry.value)).toEqual(['01', '99']);
  });

  it('不正な入力は400、他のお客さまの注文は404で、セッションの確認もすること', async () => {
    expect((await methods('demo01', 'contentsServiceId=999')).json<Answer>().errorCode).toBe('A0400');
    expect((await methods('demo01', 'other=1')).statusCode).toBe(400);
    const created = await paymentInformation('demo13', '10');
    const foreign = await methods('demo01', `orderId=${created.json<Answer>().orderId}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<Answer>().errorCode).toBe('A0404');
    expect((await methods('demo01', 'orderId=ord_unknown')).statusCode).toBe(404);
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/payment/methods` }));
  });
});

describe('POST /api/customer/{sbSystemId}/payment/information', () => {
  it('カード決済事業者に注文を作り、お客さまと操作に結びつけて保存すること', async () => {
    const response = await paymentInformation('demo01', '10');
    expect(response.statusCode).toBe(200);
    const { orderId, redirectOrderUrl } = response.json<{ orderId: string; redirectOrderUrl: string }>();
    const [row] = await kit.test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
    expect(row).toMatchObject({ sbSystemId: user('demo01').sbSystemId, sessionId: user('demo01').sessionId, operationType: '10', requestType: '02', contentsServiceId: '223', status: 'pending', consumedAt: null });
    const page = await fetch(redirectOrderUrl);
    expect(await page.text()).toContain('あんしんデータボックスのお支払い');
  });

  it('戻り先がポータル自身の /Payment/Redirect と /Payment/Cancel/Redirect でなければ400 A0400で、注文を作らないこと', async () => {
    const before = await kit.test.db.select().from(paymentOrders);
    const evil = [
      { ...portalReturnUrls(), orderDoneUrl: 'https://evil.example.com/Payment/Redirect?flowId=f' },
      { ...portalReturnUrls(), cancelUrl: 'http://localhost.evil.example.com/Payment/Cancel/Redirect' },
      { ...portalReturnUrls(), orderDoneUrl: `${kit.origin}/Top` },
      { ...portalReturnUrls(), orderDoneUrl: `${kit.origin}/Payment/Cancel/Redirect` },
      { ...portalReturnUrls(), orderDoneUrl: `${kit.origin}/Payment/Redirect?next=https://evil.example.com` },
      { ...portalReturnUrls(), orderDoneUrl: kit.origin.replace('http://', 'http://user:pass@') + '/Payment/Redirect' },
      { ...portalReturnUrls(), orderDoneUrl: 'javascript:alert(1)' },
      { ...portalReturnUrls(), orderDoneUrl: 'http://localhost:8080/Payment/Redirect' },
      { ...portalReturnUrls(), cancelUrl: '/Payment/Cancel/Redirect' },
    ];
    for (const urls of evil) {
      const response = await paymentInformation('demo01', '10', urls);
      expect(response.statusCode, JSON.stringify(urls)).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    const noHeader = await paymentInformation('demo01', '10', portalReturnUrls(), {});
    expect(noHeader.statusCode).toBe(400);
    expect((await paymentInformation('demo01', '30')).statusCode).toBe(400);
    expect(await kit.test.db.select().from(paymentOrders)).toEqual(before);
  });

  it('契約の状態に合わない操作・制限中の回線は E0008 で、注文を作らないこと', async () => {
    const before = await kit.test.db.select().from(paymentOrders);
    for (const [id, operation] of [
      ['demo01', '20'],
      ['demo01', '60'],
      ['demo02', '10'],
      ['demo02', '20'],
      ['demo03', '40'],
      ['demo03', '60'],
      ['demo04', '70'],
      ['demo12', '20'],
    ] as const) {
      const response = await paymentInformation(id, operation);
      expect(response.statusCode, `${id} ${operation}`).toBe(409);
      expect(response.json<Answer>().errorCode).toBe('E0008');
    }
    expect((await paymentInformation('demo01', '10', portalReturnUrls(), { contentsserviceid: '237' })).json<Answer>().errorCode).toBe('E0008');
    expect(await kit.test.db.select().from(paymentOrders)).toEqual(before);
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/payment/information`,
      payload: { operationType: '10', ...portalReturnUrls() },
    }));
  });
});

describe('カード決済事業者との往復と登録', () => {
  it('成功カード → 結果の確認でトークン → カード払いの登録（02）で末尾4桁とトークンだけを保存すること', async () => {
    const { orderId, order } = await cardFor('demo01', '10');
    expect(order?.status).toBe('completed');
    if (order?.status !== 'completed') throw new Error('not completed');
    expect(order.card).toMatchObject({ last4: '4242', tokenPanEffectiveDate: '203012' });
    expect(order.card.tokenPanEffectiveDate).toMatch(/^\d{4}(0[1-9]|1[0-2])$/);

    // A forged or altered triple is refused before anything changes.
    await verifyContact(kit.test, kit.origin, user('demo01'));
    const before = await snapshotOf(kit.test, user('demo01').sbSystemId);
    for (const forged of [
      { ...order.card, checkRequestValidityToken: `${order.card.checkRequestValidityToken.slice(0, -2)}AA` },
      { ...order.card, tokenPAN: 'tok_forged_000000000000000000' },
      { ...order.card, tokenPanEffectiveDate: '203112' },
    ]) {
      const refused = await register('demo01', registerBody(forged));
      expect(refused.statusCode).toBe(400);
      expect(refused.json<Answer>().errorCode).toBe('A0400');
    }
    expect(await snapshotOf(kit.test, user('demo01').sbSystemId)).toEqual(before);

    const response = await register('demo01', registerBody(order.card));
    expect(response.statusCode).toBe(200);
    const { contracts, history } = await snapshotOf(kit.test, user('demo01').sbSystemId);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ paymentMethod: '02', cardLast4: '4242', cardToken: order.card.tokenPAN, cardTokenEffectiveDate: '203012' });
    expect(JSON.stringify(contracts)).not.toContain(goodCard.cardNumber);
    expect(history).toMatchObject([{ requestType: '02', operation: '10', afterPaymentMethod: '02' }]);
    const [used] = await kit.test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, orderId));
    expect(used?.contractId).toBe(contracts[0]?.id);
    expect(used?.consumedAt).not.toBeNull();
    expect(JSON.stringify(used)).not.toContain(goodCard.cardNumber);
  });

  it('ブラウザから届くトークンだけでは登録できず、他のお客さまの注文のトークンも使えないこと', async () => {
    const { order } = await cardFor('demo13', '10');
    if (order?.status !== 'completed') throw new Error('not completed');
    await verifyContact(kit.test, kit.origin, user('demo14'));
    const before = await snapshotOf(kit.test, user('demo14').sbSystemId);
    const stolen = await register('demo14', registerBody(order.card));
    expect(stolen.statusCode).toBe(400);
    expect(await snapshotOf(kit.test, user('demo14').sbSystemId)).toEqual(before);
  });

  it('キャンセルは cancelled、利用できないカードは rejected、放置された注文は expired と、事業者の結果を返すこと', async () => {
    const cancelled = await paymentInformation('demo13', '10');
    const cancelUrl = await cancelAtProvider(cancelled.json<Answer>().redirectOrderUrl ?? "");
    expect(cancelUrl).toBe(portalReturnUrls().cancelUrl);
    expect((await methods('demo13', `orderId=${cancelled.json<Answer>().orderId}`)).json<Answer>().order).toEqual({ orderId: cancelled.json<Answer>().orderId, status: 'cancelled' });

    const { order: rejected } = await cardFor('demo13', '10', unusableCard);
    expect(rejected?.status).toBe('rejected');

    const pending = await paymentInformation('demo13', '10');
    expect((await methods('demo13', `orderId=${pending.json<Answer>().orderId}`)).json<Answer>().order?.status).toBe('pending');
    clockShiftMs = 31 * 60_000;
    try {
      expect((await methods('demo13', `orderId=${pending.json<Answer>().orderId}`)).json<Answer>().order).toEqual({ orderId: pending.json<Answer>().orderId, status: 'expired' });
    } finally {
      clockShiftMs = 0;
    }
    const [row] = await kit.test.db.select().from(paymentOrders).where(eq(paymentOrders.orderId, pending.json<Answer>().orderId ?? ''));
    expect(row?.status).toBe('expired');
  });

  it('携帯払いからカード払いへの変更（09）は操作40の注文のトークンで行い、同じ注文は二度使えないこと', async () => {
    const { order } = await cardFor('demo02', '40');
    if (order?.status !== 'completed') throw new Error('not completed');
    await verifyContact(kit.test, kit.origin, user('demo02'));
    const change = {
      serviceId: '223',
      planId: '225',
      requestType: '09',
      resume: false,
      paymentMethodLabel: 'クレジットカード',
      tokenPAN: order.card.tokenPAN,
      tokenPanEffectiveDate: order.card.tokenPanEffectiveDate,
      checkRequestValidityToken: order.card.checkRequestValidityToken,
      survey: [],
    };
    const response = await call(kit.test, user('demo02'), 'POST', '/update/contracts', { payload: change, headers: { 'x-request-key': nextKey('change') } });
    expect(response.statusCode).toBe(200);
    const [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user('demo02').sbSystemId));
    expect(contract).toMatchObject({ status: 'active', paymentMethod: '02', cardLast4: '4242', cardToken: order.card.tokenPAN });
    const { history } = await snapshotOf(kit.test, user('demo02').sbSystemId);
    expect(history.at(-1)).toMatchObject({ requestType: '09', operation: '40', beforePaymentMethod: '01', afterPaymentMethod: '02' });

    // The same order cannot pay for a second change.
    await verifyContact(kit.test, kit.origin, user('demo02'));
    const again = await call(kit.test, user('demo02'), 'POST', '/update/contracts', { payload: { ...change, requestType: '07' }, headers: { 'x-request-key': nextKey('change') } });
    expect(again.statusCode).toBe(400);
  });

  it('利用停止中のカード払いの契約は操作60の新しいカードで再開できること', async () => {
    const { order } = await cardFor('demo04', '60');
    if (order?.status !== 'completed') throw new Error('not completed');
    await verifyContact(kit.test, kit.origin, user('demo04'));
    const response = await kit.test.app.inject({
      method: 'POST',
      url: `/api/customer/${user('demo04').sbSystemId}/update/contracts`,
      headers: apiHeaders(user('demo04'), { 'x-request-key': nextKey('resume') }),
      payload: {
        serviceId: '223',
        planId: '225',
        requestType: '07',
        resume: true,
        paymentMethodLabel: 'クレジットカード',
        tokenPAN: order.card.tokenPAN,
        tokenPanEffectiveDate: order.card.tokenPanEffectiveDate,
        checkRequestValidityToken: order.card.checkRequestValidityToken,
        survey: [],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Answer>().status).toBe('active');
    const { contracts, history } = await snapshotOf(kit.test, user('demo04').sbSystemId);
    expect(contracts[0]).toMatchObject({ status: 'active', suspendedAt: null, cardLast4: '4242' });
    expect(history.at(-1)).toMatchObject({ requestType: '07', operation: '60', beforeStatus: 'suspended', afterStatus: 'active' });
  });
});
