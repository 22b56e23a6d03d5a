import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthInfoSchema } from '../../contracts/api/auth-info';
import { CurrentDateSchema } from '../../contracts/api/current-date';
import { PaymentMethodMasterSchema } from '../../contracts/api/payment-method-master';
import { CreditCardLabel } from '../../contracts/codes';
import { parseEnv } from '../../server/env';
import { revokeSession } from '../../server/session/session-store';
import { formatJstDate } from '../../server/time/jst';
import { apiHeaders, buildTestApp, signInAs, type TestApp, errorOf } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

describe('GET /api/getAuthInfo', () => {
  it('セッションのお客さま・ログインID・氏名・セッショントークンを返すこと', async () => {
    const user = await signInAs(test, 'demo03');
    const response = await test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: user.cookie } });
    expect(response.statusCode).toBe(200);
    const body = AuthInfoSchema.parse(response.json());
    expect(body).toMatchObject({
      sbSystemId: '1000000003',
      sbId: 'demo03',
      name: { lastNameKanji: '鈴木', firstNameKanji: '一郎', lastNameKana: 'スズキ', firstNameKana: 'イチロウ' },
      lv2Authed: true,
      sessionToken: user.sessionToken,
    });
    expect(response.body).not.toContain('test-id-token');
  });

  it('サインインから時間がたつとlv2Authedがfalseになること', async () => {
    const authTime = new Date(Date.now() - (test.env.LV2_MAX_AGE_MINUTES + 1) * 60_000);
    const user = await signInAs(test, 'demo02', { authTime });
    const body = AuthInfoSchema.parse((await test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: user.cookie } })).json());
    expect(body.lv2Authed).toBe(false);
  });

  it('セッションがない・失効した・ログアウトしたときは401 A0401になること', async () => {
    const none = await test.app.inject({ method: 'GET', url: '/api/getAuthInfo' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ errorCode: 'A0401', message: 'ログインの有効期限が切れました。' });

    const expired = await signInAs(test, 'demo01', { ttlMinutes: -1 });
    expect((await test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: expired.cookie } })).statusCode).toBe(401);

    const revoked = await signInAs(test, 'demo01');
    await revokeSession(test.db, revoked.sessionId);
    expect((await test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: revoked.cookie } })).statusCode).toBe(401);
  });

  it('不正な入力は400 A0400になること', async () => {
    const user = await signInAs(test, 'demo01');
    const response = await test.app.inject({ method: 'GET', url: '/api/getAuthInfo?sbSystemId=1000000002', headers: apiHeaders(user) });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorCode).toBe('A0400');
  });
});

describe('GET /api/getCurrentDate', () => {
  it('日本時間の現在日時と業務日付を返すこと（ログイン不要）', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
    expect(response.statusCode).toBe(200);
    const body = CurrentDateSchema.parse(response.json());
    expect(body.dummyDate).toBe(false);
    expect(body.businessDate).toBe(formatJstDate(new Date()));
    expect(body.currentDate.startsWith(body.businessDate)).toBe(true);
  });

  it('BUSINESS_DATEがあれば、その日付をダミー日付として返すこと', async () => {
    const dummy = await buildTestApp({ env: { BUSINESS_DATE: '2026/04/01' } });
    try {
      const body = CurrentDateSchema.parse((await dummy.app.inject({ method: 'GET', url: '/api/getCurrentDate' })).json());
      expect(body).toMatchObject({ businessDate: '2026/04/01', dummyDate: true });
      expect(body.currentDate).toMatch(/^2026\/04\/01 \d{2}:\d{2}:\d{2}$/);
    } finally {
      await dummy.close();
    }
  });

  it('暦にない日付（2026/02/30）のBUSINESS_DATEでは起動しないこと', () => {
    expect(() => parseEnv({ NODE_ENV: 'test', BUSINESS_DATE: '2026/02/30' })).toThrow(/BUSINESS_DATE/);
    expect(parseEnv({ NODE_ENV: 'test', BUSINESS_DATE: '2028/02/29' }).BUSINESS_DATE).toBe('2028/02/29');
  });

  it('不正な入力は400 A0400になること', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate?date=2026' });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/get_master_data/method', () => {
  it('支払い方法を値の昇順で返し、02のラベルがクレジットカードであること', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/get_master_data/method' });
    expect(response.statusCode).toBe(200);
    const { paymentMethodList } = PaymentMethodMasterSchema.parse(response.json());
    expect(paymentMethodList.map((entry) => entry.value)).toEqual(['01', '02']);
    expect(paymentMethodList[1]?.label).toBe(CreditCardLabel);
    expect(paymentMethodList[1]?.label).toBe('クレジットカード');
    for (const entry of paymentMethodList) expect(entry.details.length).toBeGreaterThan(0);
  });

  it('不正な入力は400 A0400になること', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/get_master_data/method?value=02' });
    expect(response.statusCode).toBe(400);
  });
});
