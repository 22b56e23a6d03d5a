/**
 * The reads the data storage flow makes before it submits (ADR 0034): entry judgement from the
 * database, coupon judge and results, and storage usage.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EntryJudgementResponseSchema, isMailAddressOnlyFailure, isRetryableFailure } from '../../contracts/api/entry-judgement';
import { StorageUsageResponseSchema } from '../../contracts/api/anshin-data-box';
import { idempotencyKeys } from '../../server/db/schema';
import { isDeliverableMailAddress } from '../../contracts/text/mail-address';
import { expectAuthChecks } from './support/auth-matrix';
import { call, type Answer, signedInAppForFile } from './support/anshin-kit';
import { apiHeaders } from './support/build-test-app';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo03', 'demo04', 'demo05', 'demo12', 'demo13', 'demo14', 'demo15']);
const user = kit.user;

const judge = async (id: string, serviceId = '223') => {
  const response = await call(kit.test, user(id), 'GET', '/entry_judgement', { query: `contentsServiceId=${serviceId}` });
  expect(response.statusCode).toBe(200);
  return EntryJudgementResponseSchema.parse(response.json());
};

describe('GET /api/customer/{sbSystemId}/entry_judgement', () => {
  it('契約がなく回線もメールアドレスも問題なければOK、解約済みでもOKであること', async () => {
    expect(await judge('demo01')).toEqual({ result: 'OK', ngList: [] });
    expect(await judge('demo15')).toEqual({ result: 'OK', ngList: [] });
    expect(await judge('demo02', '231')).toEqual({ result: 'OK', ngList: [] });
  });

  it('利用中・停止中・解約予約中の契約があればすでに申し込み済みでNGであること', async () => {
    for (const id of ['demo02', 'demo04', 'demo05']) {
      expect(await judge(id)).toEqual({ result: 'NG', ngList: [{ parameter: 'contract', reason: 'ALREADY_CONTRACTED' }] });
    }
  });

  it('回線が制限中ならNGで、理由をすべて返すこと', async () => {
    const answer = await judge('demo12');
    expect(answer.result).toBe('NG');
    expect(answer.ngList).toEqual([
      { parameter: 'lineStatus', reason: 'LINE_RESTRICTED' },
      { parameter: 'contract', reason: 'ALREADY_CONTRACTED' },
    ]);
  });

  it('メールアドレスが未確認・届かないときはメールアドレスだけのNGになること', async () => {
    const unconfirmed = await judge('demo13');
    expect(unconfirmed).toEqual({ result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNCONFIRMED' }] });
    expect(isMailAddressOnlyFailure(unconfirmed)).toBe(true);
    const undeliverable = await judge('demo14');
    expect(undeliverable).toEqual({ result: 'NG', ngList: [{ parameter: 'mailAddress', reason: 'MAIL_ADDRESS_UNDELIVERABLE' }] });
    expect(isDeliverableMailAddress('a@example.jp')).toBe(true);
    for (const address of ['a@host', 'a@x.invalid', '@example.jp', 'a@']) expect(isDeliverableMailAddress(address), address).toBe(false);
  });

  it('処理中の申し込みがあれば再判定の対象のNGで、店頭のサービスは申し込めないこと', async () => {
    await kit.test.db.insert(idempotencyKeys).values({
      key: 'entry-judge-pending-1',
      sbSystemId: user('demo01').sbSystemId,
      endpoint: 'POST /api/customer/{sbSystemId}/service',
      bodyHash: 'h',
      status: 'in_progress',
      owner: kit.test.app.portal.processLock.owner,
    });
    const answer = await judge('demo01');
    expect(answer.ngList).toEqual([{ parameter: 'orderInProgress', reason: 'ORDER_IN_PROGRESS' }]);
    expect(isRetryableFailure(answer)).toBe(true);
    await kit.test.db.delete(idempotencyKeys).where(eq(idempotencyKeys.key, 'entry-judge-pending-1'));
    expect((await judge('demo01')).result).toBe('OK');
    expect((await judge('demo01', '237')).ngList).toEqual([{ parameter: 'contentsServiceId', reason: 'SERVICE_NOT_OFFERED' }]);
  });

  it('不正な入力は400 A0400で、セッションの確認もすること', async () => {
    for (const query of ['', 'contentsServiceId=999', 'contentsServiceId=223&x=1']) {
      const response = await call(kit.test, user('demo01'), 'GET', '/entry_judgement', { query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/entry_judgement?contentsServiceId=223` }));
  });
});

describe('GET /api/coupon/{couponCd}/judge と coupon/result', () => {
  const judgeCoupon = (id: string, code: string, serviceId = '223') =>
    kit.test.app.inject({ method: 'GET', url: `/api/coupon/${code}/judge?contentsServiceId=${serviceId}`, headers: apiHeaders(user(id)) });

  it('使えるクーポンはOKと名前、使えないものはNGと理由を返すこと', async () => {
    expect((await judgeCoupon('demo01', 'ANSHIN2026')).json()).toEqual({ result: 'OK', couponCd: 'ANSHIN2026', couponName: 'あんしんデータボックス初月無料クーポン' });
    expect((await judgeCoupon('demo01', 'BASKET1M')).json()).toMatchObject({ result: 'NG', ngReason: 'このクーポンは、このサービスではご利用いただけません。' });
    expect((await judgeCoupon('demo01', 'NOSUCHCODE')).json()).toMatchObject({ result: 'NG', couponCd: 'NOSUCHCODE' });
    expect((await judgeCoupon('demo01', 'BASKET1M', '231')).json<Answer>().result).toBe('OK');
  });

  it('形式の違うコードは400、セッションがなければ401であること', async () => {
    expect((await judgeCoupon('demo01', 'abc')).statusCode).toBe(400);
    expect((await judgeCoupon('demo01', 'ANSHIN2026', '9')).statusCode).toBe(400);
    const anonymous = await kit.test.app.inject({ method: 'GET', url: '/api/coupon/ANSHIN2026/judge?contentsServiceId=223' });
    expect(anonymous.statusCode).toBe(401);
    const wrongToken = await kit.test.app.inject({ method: 'GET', url: '/api/coupon/ANSHIN2026/judge?contentsServiceId=223', headers: { cookie: user('demo01').cookie, 'session-token': 'x' } });
    expect(wrongToken.statusCode).toBe(401);
  });

  it('クーポンの利用がなければ結果は空で、セッションの確認もすること', async () => {
    expect((await call(kit.test, user('demo01'), 'GET', '/coupon/result/new')).json()).toEqual({ coupons: [] });
    expect((await call(kit.test, user('demo01'), 'GET', '/coupon/result/history')).json()).toEqual({ coupons: [] });
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/coupon/result/history` }));
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/coupon/result/new` }));
    expect((await call(kit.test, user('demo01'), 'GET', '/coupon/result/new', { query: 'x=1' })).statusCode).toBe(400);
  });
});

describe('GET /api/customer/{sbSystemId}/storage/usage', () => {
  it('利用中の契約の使用量と容量を返し、契約がなければ E0008 であること', async () => {
    const usage = StorageUsageResponseSchema.parse((await call(kit.test, user('demo02'), 'GET', '/storage/usage')).json());
    expect(usage.capacityBytes).toBe(50 * 1024 ** 3);
    expect(usage.usedBytes).toBeGreaterThan(0);
    expect(usage.usedBytes).toBeLessThanOrEqual(usage.capacityBytes);
    for (const id of ['demo01', 'demo15']) {
      const none = await call(kit.test, user(id), 'GET', '/storage/usage');
      expect(none.statusCode).toBe(409);
      expect(none.json<Answer>().errorCode).toBe('E0008');
    }
    await expectAuthChecks(kit.test, user('demo02'), user('demo03'), (id) => ({ method: 'GET', url: `/api/customer/${id}/storage/usage` }));
  });
});
