/**
 * POST /api/customer/{id}/service for the data storage service: registration by mobile bill and by
 * a registered card, the lifecycle (E0008 and nothing changed), the verified OTP it needs, coupons,
 * and the per-request key (50 concurrent duplicates, 422 for another body).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ContractReceiptSchema } from '../../contracts/api/service-requests';
import { contractHistory, couponUses, customers, otpChallenges, serviceContracts, storageUsage } from '../../server/db/schema';
import { expectAuthChecks } from './support/auth-matrix';
import { call, registerByMobileRequest, snapshotOf, verifyContact, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo07', 'demo12', 'demo13', 'demo14', 'demo15']);
const user = kit.user;

const byMobile = registerByMobileRequest;

const register = (id: string, key: string | undefined, payload: unknown) =>
  call(kit.test, user(id), 'POST', '/service', { payload, headers: key === undefined ? {} : { 'x-request-key': key } });

describe('POST /api/customer/{sbSystemId}/service', () => {
  it('携帯電話料金まとめ払いで申し込むと、契約・履歴・容量が1つの手続きで作られ、OTPは使い切られること', async () => {
    await verifyContact(kit.test, kit.origin, user('demo01'));
    const response = await register('demo01', 'register-demo01-1', byMobile);
    expect(response.statusCode).toBe(200);
    const receipt = ContractReceiptSchema.parse(response.json());
    expect(receipt).toMatchObject({ serviceId: '223', status: 'active' });
    expect(receipt.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const { contracts, history } = await snapshotOf(kit.test, user('demo01').sbSystemId);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({ serviceId: '223', planId: '225', status: 'active', paymentMethod: '01', cardToken: null, cardLast4: null });
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ requestType: '01', beforeStatus: 'none', afterStatus: 'active', afterPaymentMethod: '01', requestKey: 'register-demo01-1' });
    const [usage] = await kit.test.db.select().from(storageUsage).where(eq(storageUsage.contractId, contracts[0]?.id ?? ''));
    expect(usage).toMatchObject({ usedBytes: 0, capacityBytes: 50 * 1024 ** 3 });
    const challenges = await kit.test.db.select().from(otpChallenges).where(eq(otpChallenges.sbSystemId, user('demo01').sbSystemId));
    expect(challenges.every((row) => row.consumedAt !== null)).toBe(true);

    // Replay of the same key and body: the first answer, nothing new.
    const replay = await register('demo01', 'register-demo01-1', byMobile);
    expect(replay.json()).toEqual(response.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await snapshotOf(kit.test, user('demo01').sbSystemId)).history).toHaveLength(1);

    // A second registration with a new key: the contract is active -> E0008, nothing changed.
    await verifyContact(kit.test, kit.origin, user('demo01'));
    const before = await snapshotOf(kit.test, user('demo01').sbSystemId);
    const twice = await register('demo01', 'register-demo01-2', byMobile);
    expect(twice.statusCode).toBe(409);
    expect(twice.json<Answer>().errorCode).toBe('E0008');
    expect(await snapshotOf(kit.test, user('demo01').sbSystemId)).toEqual(before);
  });

  it('確認コードの認証がないと E9998 で、何も変えないこと', async () => {
    const before = await snapshotOf(kit.test, user('demo14').sbSystemId);
    const response = await register('demo14', 'register-demo14-1', byMobile);
    expect(response.statusCode).toBe(406);
    expect(response.json<Answer>().errorCode).toBe('E9998');
    expect(await snapshotOf(kit.test, user('demo14').sbSystemId)).toEqual(before);
  });

  it('利用中の契約がある・回線が制限中なら E0008 で、何も変えないこと', async () => {
    const active = await snapshotOf(kit.test, user('demo02').sbSystemId);
    const refused = await register('demo02', 'register-demo02-1', byMobile);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'E0008', message: 'ご契約またはご利用の状況により、このお手続きはご利用いただけません。' });
    expect(await snapshotOf(kit.test, user('demo02').sbSystemId)).toEqual(active);

    // A line restricted while the customer holds a verified code: still E0008.
    await verifyContact(kit.test, kit.origin, user('demo14'));
    await kit.test.db.update(customers).set({ lineStatus: 'restricted' }).where(eq(customers.sbSystemId, user('demo14').sbSystemId));
    const before = await snapshotOf(kit.test, user('demo14').sbSystemId);
    const restricted = await register('demo14', 'register-demo14-2', byMobile);
    expect(restricted.json<Answer>().errorCode).toBe('E0008');
    expect(await snapshotOf(kit.test, user('demo14').sbSystemId)).toEqual(before);
    expect((await register('demo12', 'register-demo12-1', byMobile)).json<Answer>().errorCode).toBe('E0008');
    await kit.test.db.update(customers).set({ lineStatus: 'active' }).where(eq(customers.sbSystemId, user('demo14').sbSystemId));
  });

  it('不正な入力は400 A0400で、何も変えないこと', async () => {
    await verifyContact(kit.test, kit.origin, user('demo13'));
    const before = await snapshotOf(kit.test, user('demo13').sbSystemId);
    const bodies: unknown[] = [
      { ...byMobile, consented: false },
      { ...byMobile, planId: '232' },
      { ...byMobile, paymentMethodValue: '99' },
      { ...byMobile, tokenPAN: 'tok_x', tokenPanEffectiveDate: '203012', checkRequestValidityToken: 'x' },
      { ...byMobile, requestType: '02', paymentMethodValue: '99' },
      { ...byMobile, requestType: '02', paymentMethodValue: '99', tokenPAN: 'tok_x', tokenPanEffectiveDate: '3012', checkRequestValidityToken: 'x' },
      { ...byMobile, requestType: '02', paymentMethodValue: '99', tokenPAN: 'tok_x', tokenPanEffectiveDate: null, checkRequestValidityToken: 'x' },
      { ...byMobile, requestType: '03' },
      { ...byMobile, couponCode: 'bad code' },
      { ...byMobile, extra: 1 },
    ];
    for (const [index, body] of bodies.entries()) {
      const response = await register('demo13', `register-bad-${index}-x`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    const noKey = await register('demo13', undefined, byMobile);
    expect(noKey.statusCode).toBe(400);
    expect(await snapshotOf(kit.test, user('demo13').sbSystemId)).toEqual(before);
  });

  it('同じキーの50件の同時送信で、契約も履歴も1件だけ、答えは同じか409であること', async () => {
    const sbSystemId = user('demo13').sbSystemId;
    const responses = await Promise.all(Array.from({ length: 50 }, () => register('demo13', 'register-concurrent-13', byMobile)));
    const contracts = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, sbSystemId));
    const history = await kit.test.db.select().from(contractHistory).where(eq(contractHistory.sbSystemId, sbSystemId));
    expect(contracts).toHaveLength(1);
    expect(history).toHaveLength(1);
    const successes = responses.filter((response) => response.statusCode === 200);
    expect(successes.length).toBeGreaterThanOrEqual(1);
    for (const response of responses) {
      expect([200, 409]).toContain(response.statusCode);
      if (response.statusCode === 200) expect(response.json()).toEqual(successes[0]?.json());
      else expect(response.json<Answer>().errorCode).toBe('A0409');
    }

    const other = await register('demo13', 'register-concurrent-13', { ...byMobile, paymentMethodLabel: '別の表示' });
    expect(other.statusCode).toBe(422);
    expect(other.json<Answer>().errorCode).toBe('A0422');
    expect(await kit.test.db.select().from(contractHistory).where(eq(contractHistory.sbSystemId, sbSystemId))).toHaveLength(1);
  });

  it('登録済みのカード（02）で申し込むと、他の契約のカードのトークンと末尾4桁だけを使うこと', async () => {
    await verifyContact(kit.test, kit.origin, user('demo07'));
    const response = await register('demo07', 'register-demo07-1', {
      ...byMobile,
      requestType: '02',
      paymentMethodValue: '02',
      paymentMethodLabel: 'クレジットカード',
    });
    expect(response.statusCode).toBe(200);
    const [contract] = await kit.test.db.select().from(serviceContracts).where(eq(serviceContracts.sbSystemId, user('demo07').sbSystemId)).orderBy(serviceContracts.serviceId);
    expect(contract).toMatchObject({ serviceId: '223', paymentMethod: '02', cardLast4: '1111', cardToken: 'tok_demo_1111_202912' });
    const history = (await snapshotOf(kit.test, user('demo07').sbSystemId)).history.filter((row) => row.contractId === contract?.id);
    expect(history).toMatchObject([{ requestType: '02', operation: null, afterPaymentMethod: '02' }]);
  });

  it('クーポンつきで申し込むとクーポンの利用が記録され、使えないクーポンは A0462 で何も変えないこと', async () => {
    await verifyContact(kit.test, kit.origin, user('demo15'));
    const before = await snapshotOf(kit.test, user('demo15').sbSystemId);
    const wrong = await register('demo15', 'register-demo15-1', { ...byMobile, couponCode: 'BASKET1M' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<Answer>().errorCode).toBe('A0462');
    expect(await snapshotOf(kit.test, user('demo15').sbSystemId)).toEqual(before);

    // The verified code was not used up by the refused request.
    const response = await register('demo15', 'register-demo15-2', { ...byMobile, couponCode: 'ANSHIN2026' });
    expect(response.statusCode).toBe(200);
    const after = await snapshotOf(kit.test, user('demo15').sbSystemId);
    const created = after.contracts.find((row) => row.status === 'active');
    expect(after.history.at(-1)).toMatchObject({ requestType: '01', beforeStatus: 'withdrawn', afterStatus: 'active' });
    const uses = await kit.test.db.select().from(couponUses).where(eq(couponUses.sbSystemId, user('demo15').sbSystemId));
    expect(uses).toMatchObject([{ couponCode: 'ANSHIN2026', contractId: created?.id }]);

    const results = await call(kit.test, user('demo15'), 'GET', '/coupon/result/new');
    expect(results.json<Answer>().coupons).toMatchObject([{ couponCd: 'ANSHIN2026', couponName: 'あんしんデータボックス初月無料クーポン', serviceId: '223' }]);
    const judged = await kit.test.app.inject({ method: 'GET', url: '/api/coupon/ANSHIN2026/judge?contentsServiceId=223', headers: { cookie: user('demo15').cookie, 'session-token': user('demo15').sessionToken } });
    expect(judged.json()).toMatchObject({ result: 'NG', couponCd: 'ANSHIN2026' });
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/service`,
      payload: byMobile,
    }));
  });
});
