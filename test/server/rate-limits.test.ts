/**
 * Limits that fit customers (docs/decisions/0045-throttling-and-rate-limits.md): pages and assets
 * are never counted; API calls count per signed-in customer under RATE_LIMIT_PER_MINUTE, and per
 * address under a looser ceiling; the window slides; a refusal is W0010 for the app and a
 * Japanese page for a form; the counts are shared through the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contracts/error-catalogue';
import { openMemoryDatabase, type DatabaseHandle } from '../../server/db/client';
import { RateLimiter, WINDOW_MS } from '../../server/security/rate-limiter';
import { apiHeaders, buildTestApp, signInAs, type SignedIn, type TestApp } from './support/build-test-app';

describe('ページ・API・アドレスごとの上限', () => {
  let test: TestApp;
  let first: SignedIn;
  let second: SignedIn;
  beforeAll(async () => {
    test = await buildTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5', RATE_LIMIT_IP_PER_MINUTE: '12' } });
    first = await signInAs(test, 'demo01');
    second = await signInAs(test, 'demo02');
  });
  afterAll(async () => {
    await test.close();
  });

  const contracts = (user: SignedIn) => test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/contracts`, headers: apiHeaders(user) });

  it('ページとアセットはいくら読んでも数えず、そのあともAPIは使えること', async () => {
    for (let index = 0; index < 40; index += 1) {
      const url = index % 2 === 0 ? '/Top' : '/oidc/assets/auth.css';
      expect((await test.app.inject({ method: 'GET', url })).statusCode, url).not.toBe(429);
    }
    expect((await contracts(first)).statusCode).toBe(200);
  });

  it('APIはお客さまごとに数え、上限を超えたお客さまは429 W0010でも、同じアドレスのほかのお客さまは使えること', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 5; index += 1) statuses.push((await contracts(first)).statusCode);
    // One call was made by the test above.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    const refused = await contracts(first);
    expect(refused.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(refused.json()).errorCode).toBe('W0010');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await contracts(second)).statusCode).toBe(200);
  });

  it('アドレスごとの上限はゆるく、超えればAPIはW0010、フォームは日本語のページになること', async () => {
    // 12 a minute for the address: 6 API calls are already counted above, 4 more pass.
    for (let index = 0; index < 4; index += 1) expect((await contracts(second)).statusCode).not.toBe(500);
    const api = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
    expect(api.statusCode).toBe(429);
    expect(ErrorBodySchema.parse(api.json()).errorCode).toBe('W0010');
    const form = await test.app.inject({ method: 'POST', url: '/oidc/interaction/abc/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'loginId=demo01&password=x' });
    expect(form.statusCode).toBe(429);
    expect(form.headers['content-type']).toContain('text/html');
    expect(form.body).toContain('ただいまアクセスが集中しています。');
    // Pages still load.
    expect((await test.app.inject({ method: 'GET', url: '/Top' })).statusCode).not.toBe(429);
  });
});

describe('共有するスライディングウィンドウ', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = openMemoryDatabase();
    await handle.migrate();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('窓は滑り、固定の1分の区切りをまたいで上限の倍を通さないこと', async () => {
    let now = 10 * WINDOW_MS + WINDOW_MS - 100; // 0.1 s before a window ends
    const limiter = new RateLimiter(handle.db, () => now);
    for (let index = 0; index < 10; index += 1) expect(limiter.hit('slide', 10).allowed).toBe(true);
    expect(limiter.hit('slide', 10).allowed).toBe(false);
    now += 200; // 0.1 s into the next window: the last minute still holds the 10 hits
    // One of the ten slides out after a tenth of the minute.
    expect(limiter.hit('slide', 10)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    now += WINDOW_MS / 2; // half the previous window has slid out: 5 of its hits still count
    const allowed = Array.from({ length: 10 }, () => limiter.hit('slide', 10).allowed).filter(Boolean).length;
    expect(allowed).toBe(5);
    await limiter.close();
  });

  it('2つのプロセスの数は、データベースを通して合わせて数えること', async () => {
    const now = () => 20 * WINDOW_MS + 1000;
    const one = new RateLimiter(handle.db, now);
    const two = new RateLimiter(handle.db, now);
    for (let index = 0; index < 6; index += 1) expect(one.hit('shared', 10).allowed).toBe(true);
    await one.flush();
    for (let index = 0; index < 4; index += 1) expect(two.hit('shared', 10).allowed).toBe(true);
    await two.flush();
    // The second process now knows the first one's six.
    expect(two.hit('shared', 10).allowed).toBe(false);
    await one.close();
    await two.close();
  });
});
