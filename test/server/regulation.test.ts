import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { regulations } from '../../server/db/schema';
import { apiHeaders, buildTestApp, signInAs, type SignedIn, type TestApp, errorOf } from './support/build-test-app';
import { expectAuthChecks } from './support/auth-matrix';

let test: TestApp;
let user: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  test = await buildTestApp();
  user = await signInAs(test, 'demo02');
  other = await signInAs(test, 'demo03');
});
afterAll(async () => {
  await test.close();
});
beforeEach(async () => {
  await test.db.delete(regulations);
});

const check = (pageId: unknown, as: SignedIn = user) =>
  test.app.inject({
    method: 'POST',
    url: `/api/customer/${as.sbSystemId}/regulation/check`,
    headers: apiHeaders(as),
    payload: { pageId },
  });

const hour = 60 * 60_000;

describe('POST /api/customer/{sbSystemId}/regulation/check', () => {
  it('規制がなければ regulated:false を返すこと', async () => {
    const response = await check('ADB0002');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ regulated: false });
  });

  it('画面の規制中は503 E0005と終了日時（日本時間）を返すこと', async () => {
    // 2099-01-01 14:45 JST = 05:45 UTC: the detail rounds the hour up to 15.
    await test.db.insert(regulations).values({ pageId: 'ADB0002', startsAt: new Date(Date.now() - hour), endsAt: new Date('2099-01-01T05:45:00Z') });
    const response = await check('ADB0002');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      errorCode: 'E0005',
      message: 'ただいまシステムメンテナンス中です。',
      detail: '15時頃に終了する予定です。終了後にもう一度お試しください。',
      errorOptionals: { endDate: '2099/01/01 14:45:00' },
    });
    expect((await check('ADB0001')).statusCode).toBe(200);
  });

  it("'*' の規制はすべての画面に効き、終わった規制・これからの規制は効かないこと", async () => {
    await test.db.insert(regulations).values([
      { pageId: '*', startsAt: new Date(Date.now() - 2 * hour), endsAt: new Date(Date.now() - hour) },
      { pageId: '*', startsAt: new Date(Date.now() + hour), endsAt: new Date(Date.now() + 2 * hour) },
    ]);
    expect((await check('BKL0002')).statusCode).toBe(200);
    await test.db.insert(regulations).values({ pageId: '*', startsAt: new Date(Date.now() - hour), endsAt: new Date(Date.now() + hour) });
    const response = await check('BKL0002');
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).errorOptionals?.endDate).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('画面IDの形式が正しくなければ400 A0400になり、日本語の理由を返すこと', async () => {
    for (const pageId of ['adb0002', '', 12, null]) {
      const response = await check(pageId);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errorCode).toBe('A0400');
    }
    const response = await check('xx');
    expect(errorOf(response).issues?.[0]).toEqual({ path: 'body.pageId', message: '画面IDの形式が正しくありません。' });
    const extra = await test.app.inject({
      method: 'POST',
      url: `/api/customer/${user.sbSystemId}/regulation/check`,
      headers: apiHeaders(user),
      payload: { pageId: 'ADB0002', force: true },
    });
    expect(extra.statusCode).toBe(400);
  });

  it('壊れたJSONは400 A0400になること', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: `/api/customer/${user.sbSystemId}/regulation/check`,
      headers: { ...apiHeaders(user), 'content-type': 'application/json' },
      payload: '{"pageId":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).errorCode).toBe('A0400');
  });

  it('セッション・トークン・お客さまIDの確認をすること', async () => {
    await expectAuthChecks(test, user, other, (id) => ({ method: 'POST', url: `/api/customer/${id}/regulation/check`, payload: { pageId: 'ADB0002' } }));
  });
});
