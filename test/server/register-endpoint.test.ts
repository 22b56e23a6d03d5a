import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerParams, NoBody, NoParams, NoQuery, defineEndpoint } from '../../contracts/endpoint';
import { registerEndpoint, sessionOf } from '../../server/api/register-endpoint';
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

const levelTwo = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/test/level-two',
  retry: true,
  level2: true,
  summary: 'test only',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  headers: z.object({ contentsserviceid: z.enum(['223', '231', '237']) }),
  response: z.object({ sbSystemId: z.string(), contentsServiceId: z.string() }),
});

function extend(app: FastifyInstance) {
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
