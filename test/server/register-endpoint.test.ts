import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerParams, NoBody, NoParams, NoQuery, defineEndpoint } from '../../contracts/endpoint';
import { ownContractsOf, registerEndpoint, sessionOf } from '../../server/api/register-endpoint';
import { apiHeaders, buildTestApp, productionEnv, signInAs, type TestApp, errorOf } from './support/build-test-app';

const wrongAnswer = defineEndpoint({
  method: 'GET',
  path: '/api/test/wrong-answer',
  retry: true,
  public: true,
  summary: 'test only',
  params: NoParams,
  query: NoQuery,
  body: NoBody,
  response: z.object({ count: z.number() }),
});

/** The shape of the test's customer endpoints (GET /api/customer/{sbSystemId}/test/...). */
const customerRead = { method: 'GET', retry: true, summary: 'test only', params: CustomerParams, query: NoQuery, body: NoBody } as const;

const levelTwo = defineEndpoint({
  ...customerRead,
  path: '/api/customer/{sbSystemId}/test/level-two',
  level2: true,
  headers: z.object({ contentsserviceid: z.enum(['223', '231', '237']) }),
  response: z.object({ sbSystemId: z.string(), contentsServiceId: z.string() }),
});

const ownLevelTwo = defineEndpoint({
  ...customerRead,
  path: '/api/customer/{sbSystemId}/test/own-level-two',
  level2: true,
  response: z.object({ sbSystemId: z.string(), contractIds: z.array(z.string()) }),
});

const notAskedForContracts = defineEndpoint({ ...customerRead, path: '/api/customer/{sbSystemId}/test/not-asked', response: z.object({ count: z.number() }) });

function extend(app: FastifyInstance) {
  registerEndpoint(
    app,
    ownLevelTwo,
    (context) => {
      const { customer, contracts } = ownContractsOf(context);
      return { sbSystemId: customer.sbSystemId, contractIds: contracts.map((contract) => contract.id) };
    },
    { withContracts: true },
  );
  registerEndpoint(app, notAskedForContracts, (context) => ({ count: ownContractsOf(context).contracts.length }));
  registerEndpoint(app, wrongAnswer, () => ({ count: 'many' }) as unknown as { count: number });
  registerEndpoint(app, levelTwo, (context) => ({
    sbSystemId: sessionOf(context).sbSystemId,
    contentsServiceId: context.headers.contentsserviceid,
  }));
}

let test: TestApp;
let production: TestApp;
beforeAll(async () => {
  test = await buildTestApp({ extend });
  production = await buildTestApp({ extend, env: productionEnv });
});
afterAll(async () => {
  await test.close();
  await production.close();
});

describe('registerEndpoint', () => {
  it('本番以外では、応答がスキーマに合わなければ500にすること', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/wrong-answer' });
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).errorCode).toBeUndefined();
    const prod = await production.app.inject({ method: 'GET', url: '/api/test/wrong-answer' });
    expect(prod.statusCode).toBe(200);
  });

  it('レベル2のエンドポイントは、サインインが古ければ401 A0401になること', async () => {
    const fresh = await signInAs(test, 'demo02');
    const ok = await test.app.inject({ method: 'GET', url: `/api/customer/${fresh.sbSystemId}/test/level-two`, headers: apiHeaders(fresh, { contentsserviceid: '223' }) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ sbSystemId: '1000000002', contentsServiceId: '223' });
    const stale = await signInAs(test, 'demo02', { authTime: new Date(Date.now() - 31 * 60_000) });
    const refused = await test.app.inject({ method: 'GET', url: `/api/customer/${stale.sbSystemId}/test/level-two`, headers: apiHeaders(stale, { contentsserviceid: '223' }) });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).errorCode).toBe('A0401');
  });

  it('セッションと一緒に契約を読むエンドポイントも、同じ順に同じ確認をすること（401・403・レベル2）', async () => {
    const url = (sbSystemId: string) => `/api/customer/${sbSystemId}/test/own-level-two`;
    const fresh = await signInAs(test, 'demo17');
    const ok = await test.app.inject({ method: 'GET', url: url(fresh.sbSystemId), headers: apiHeaders(fresh) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ sbSystemId: '1000000017', contractIds: ['SC000000001701', 'SC000000001702', 'SC000000001703'] });

    const foreign = await test.app.inject({ method: 'GET', url: url('1000000002'), headers: apiHeaders(fresh) });
    expect([foreign.statusCode, errorOf(foreign).errorCode]).toEqual([403, 'A0403']);
    const noToken = await test.app.inject({ method: 'GET', url: url(fresh.sbSystemId), headers: { cookie: fresh.cookie } });
    expect([noToken.statusCode, errorOf(noToken).errorCode]).toEqual([401, 'A0401']);
    const noCookie = await test.app.inject({ method: 'GET', url: url(fresh.sbSystemId), headers: { 'session-token': fresh.sessionToken } });
    expect([noCookie.statusCode, errorOf(noCookie).errorCode]).toEqual([401, 'A0401']);
    const stale = await signInAs(test, 'demo17', { authTime: new Date(Date.now() - 31 * 60_000) });
    const refused = await test.app.inject({ method: 'GET', url: url(stale.sbSystemId), headers: apiHeaders(stale) });
    expect([refused.statusCode, errorOf(refused).errorCode]).toEqual([401, 'A0401']);
  });

  it('契約を読むと登録していないエンドポイントが契約を求めると、500になること（プログラムの誤り）', async () => {
    const user = await signInAs(test, 'demo02');
    const response = await test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/test/not-asked`, headers: apiHeaders(user) });
    expect(response.statusCode).toBe(500);
  });

  it('エンドポイントの追加ヘッダーも検証し、違えば400 A0400になること', async () => {
    const user = await signInAs(test, 'demo02');
    const missing = await test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/test/level-two`, headers: apiHeaders(user) });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).issues?.[0]?.path).toBe('headers.contentsserviceid');
    const wrong = await test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/test/level-two`, headers: apiHeaders(user, { contentsserviceid: '999' }) });
    expect(wrong.statusCode).toBe(400);
  });

  it('本番でSESSION_SECRETがなければ起動しないこと', async () => {
    await expect(buildTestApp({ env: { NODE_ENV: 'production' } })).rejects.toThrow('SESSION_SECRET');
  });
});
