/**
 * The first answers inlined with a signed-in page's HTML (docs/decisions/0087-first-answers-inlined.md):
 * exactly the calls the navigation rules make, answered as the API answers them (sessions,
 * owners and regulations included), never stored by a cache, and unable to break out of their
 * element whatever the customer's data holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { serializeFirstAnswers, type FirstAnswer } from '../../contracts/first-answers';
import { AuthInfoSchema } from '../../contracts/api/auth-info';
import { customers, regulations, sessions } from '../../server/db/schema';
import { buildTestApp, signInAs, type SignedIn, type TestApp } from './support/build-test-app';
import { TEST_INDEX, inlinedAnswers, openPage } from './support/page-html';


let clientDir: string;
let test: TestApp;
let demo02: SignedIn;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'portal-first-answers-'));
  writeFileSync(join(clientDir, 'index.html'), TEST_INDEX);
  test = await buildTestApp({ clientDir });
  demo02 = await signInAs(test, 'demo02');
});
afterAll(async () => {
  await test.close();
  rmSync(clientDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await test.db.delete(regulations);
});

const open = (path: string, cookie?: string) => openPage(test, path, cookie);


describe('ページのHTMLに最初の問い合わせの答えを埋め込むこと', () => {
  it('ログイン中のページには、遷移ルールが問い合わせる4件の答えをその順に、保存させずに埋め込むこと', async () => {
    const response = await open('/AnshinDataBox/Service/Detail', demo02.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['vary']).toContain('cookie');
    const answers = inlinedAnswers(response.body);
    expect(answers?.map(({ method, url, body, status }) => ({ method, url, body, status }))).toEqual([
      { method: 'GET', url: '/api/getAuthInfo', body: undefined, status: 200 },
      { method: 'GET', url: '/api/customer/1000000002/bySbSystemId/contracts', body: undefined, status: 200 },
      { method: 'GET', url: '/api/get_master_data/method', body: undefined, status: 200 },
      { method: 'POST', url: '/api/customer/1000000002/regulation/check', body: '{"pageId":"ADB0004"}', status: 200 },
    ]);
    const authInfo = AuthInfoSchema.parse(answers?.[0]?.response);
    expect(authInfo).toMatchObject({ sbSystemId: demo02.sbSystemId, sessionToken: demo02.sessionToken });
    expect(answers?.[3]?.response).toEqual({ regulated: false });
  });

  it('規制中の画面なら、規制チェックの答えは API と同じ503 E0005になること', async () => {
    await test.db.insert(regulations).values({ pageId: 'ADB0004', startsAt: new Date(Date.now() - 60_000), endsAt: new Date('2099-01-01T05:45:00Z') });
    const answers = inlinedAnswers((await open('/AnshinDataBox/Service/Detail', demo02.cookie)).body);
    expect(answers?.[3]).toMatchObject({ status: 503, response: { errorCode: 'E0005' } });
  });

  it('終わったセッションのクッキーには401の答えだけを埋め込み、ほかは問い合わせないこと', async () => {
    const ended = await signInAs(test, 'demo03');
    await test.db.delete(sessions).where(eq(sessions.id, ended.sessionId));
    const answers = inlinedAnswers((await open('/Top', ended.cookie)).body);
    expect(answers).toHaveLength(1);
    expect(answers?.[0]).toMatchObject({ url: '/api/getAuthInfo', status: 401, response: { errorCode: 'A0401' } });
  });

  it('クッキーのない要求、ログインの要らないページには何も埋め込まず、共有のindex.htmlをno-cacheで返すこと', async () => {
    for (const [path, cookie] of [['/AnshinDataBox/Apply', undefined], ['/Error', demo02.cookie]] as const) {
      const response = await open(path, cookie);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).toBe(TEST_INDEX);
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('ログインの要らない入口（/）には、ログイン中かどうかの答えだけを、クッキーがなくても埋め込むこと', async () => {
    const visitor = inlinedAnswers((await open('/')).body);
    expect(visitor?.map(({ url, status }) => ({ url, status }))).toEqual([{ url: '/api/getAuthInfo', status: 401 }]);
    const customer = inlinedAnswers((await open('/', demo02.cookie)).body);
    expect(customer).toHaveLength(1);
    expect(customer?.[0]).toMatchObject({ url: '/api/getAuthInfo', status: 200, response: { sbSystemId: demo02.sbSystemId } });
  });

  it('お客さまのデータに </script> や <!-- があっても要素の外に出ないこと', async () => {
    await test.db.update(customers).set({ lastNameKanji: '</script><script>alert(1)</script><!--' }).where(eq(customers.sbSystemId, demo02.sbSystemId));
    try {
      const html = (await open('/Top', demo02.cookie)).body;
      expect(html.match(/<\/script>/g)).toHaveLength(2);
      expect(html).not.toContain('<!--');
      expect(inlinedAnswers(html)).toHaveLength(4);
    } finally {
      await test.db.update(customers).set({ lastNameKanji: '佐藤' }).where(eq(customers.sbSystemId, demo02.sbSystemId));
    }
  });

  it('文字列化は < > & をエスケープし、JSONとしては元の値に戻ること', () => {
    const answers: FirstAnswer[] = [{ method: 'GET', url: '/api/getAuthInfo', status: 200, response: { name: '</script>&<!--' } }];
    const text = serializeFirstAnswers(answers);
    expect(text).not.toMatch(/[<>&]/);
    expect(JSON.parse(text)).toEqual(answers);
  });
});
