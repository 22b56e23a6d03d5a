/**
 * Password guessing is throttled per account (docs/decisions/0045-throttling-and-rate-limits.md):
 * waits from the 5th wrong password, a lock with a notice at the 10th, the lock shown on the
 * sign-in form as a Japanese page, and the counts kept in the database, so a restarted or a
 * second server process enforces the same lock.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottleRules, pruneLoginThrottles } from '../../server/auth/login-throttle';
import { loginThrottles } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/client';
import { demoCustomerRecords } from '../../server/db/demo-customers';
import { ReadKeyHeader } from '../../server/sandbox/outbox/outbox-plugin';
import { Browser, DemoPassword, formAction, seededMemoryDatabase, startAuthServer, testEnv, type Hop, type TestServer } from './auth-harness';

const readKey = 'login-throttle-read-key-0123456789';
let handle: DatabaseHandle;
let server: TestServer;

beforeAll(async () => {
  handle = await seededMemoryDatabase();
  server = await startAuthServer({ handle, env: testEnv({ OUTBOX_READ_KEY: readKey }) });
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

async function signInPage(base: string): Promise<{ browser: Browser; page: Hop }> {
  const browser = new Browser(base);
  const page = await browser.follow(await browser.request('/auth/login'));
  expect(page.body).toContain('ログインID');
  return { browser, page };
}

const attempt = (browser: Browser, page: Hop, loginId: string, password: string) => browser.request(formAction(page), { form: { loginId, password } });

/** As if the account's wait were over (the lock is left as it is). */
const passWait = (account: string) =>
  handle.db
    .update(loginThrottles)
    .set({ blockedUntil: new Date(Date.now() - 1000) })
    .where(and(eq(loginThrottles.account, account), isNull(loginThrottles.lockedUntil)));

describe('パスワードの推測', () => {
  it('5回目の誤りから待ちが入り、10回目で一時的にロックされ、正しいパスワードでも日本語のページで断り、お客さまに通知すること', async () => {
    const { browser, page } = await signInPage(server.base);
    const statuses: number[] = [];
    for (let wrong = 1; wrong <= LoginThrottleRules.failuresBeforeLock; wrong += 1) {
      const answer = await attempt(browser, page, 'demo12', `wrong-password-${wrong}`);
      statuses.push(answer.response.status);
      if (wrong < 5) continue;
      if (wrong < LoginThrottleRules.failuresBeforeLock) {
        // Right after the 5th..9th wrong one, the next try must wait, whatever the password.
        const early = await attempt(browser, page, 'demo12', DemoPassword);
        expect(early.response.status, `after ${wrong}`).toBe(429);
        expect(early.body).toContain('秒ほど待ってから');
        expect(Number(early.response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      }
      await passWait('demo12');
    }
    expect(statuses).toEqual(Array.from({ length: 10 }, () => 401));

    const locked = await attempt(browser, page, 'demo12', DemoPassword);
    expect(locked.response.status).toBe(429);
    expect(locked.response.headers.get('content-type')).toContain('text/html');
    expect(locked.body).toContain('ログインを一時的に停止しています');
    expect(locked.body).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}以降/);
    expect(locked.body).toContain('<form');
    expect(browser.jar.get('portal_sid')).toBeUndefined();

    const outbox = await fetch(`${server.base}/sandbox/outbox/api/messages?to=${encodeURIComponent(demoCustomerRecords.find((record) => record.loginId === 'demo12')?.mailAddress ?? '')}`, { headers: { [ReadKeyHeader]: readKey } });
    const { messages } = (await outbox.json()) as { messages: { subject: string | null; body: string }[] };
    expect(messages[0]?.subject).toBe('【お客さまポータル】ログインを一時的に停止しました');
  });

  it('ロックはデータベースにあるので、再起動したサーバーも、同じデータベースのもう1つのサーバーも守ること', async () => {
    const second = await startAuthServer({ handle, env: testEnv() });
    try {
      const { browser, page } = await signInPage(second.base);
      const refused = await attempt(browser, page, 'demo12', DemoPassword);
      expect(refused.response.status).toBe(429);
      expect(refused.body).toContain('ログインを一時的に停止しています');
    } finally {
      await second.close();
    }
    await server.close();
    server = await startAuthServer({ handle, env: testEnv({ OUTBOX_READ_KEY: readKey }) });
    const { browser, page } = await signInPage(server.base);
    expect((await attempt(browser, page, 'DEMO12', DemoPassword)).response.status).toBe(429);
  });

  it('同時に送られた推測も数え、確かめるのは待ちが入るまでの数回だけであること（存在しないIDも同じ扱い）', async () => {
    for (const loginId of ['demo03', 'no-such-customer']) {
      const { browser, page } = await signInPage(server.base);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => attempt(browser, page, loginId, `parallel-${index}`)));
      const checked = answers.filter((answer) => answer.response.status === 401).length;
      const refused = answers.filter((answer) => answer.response.status === 429).length;
      expect(checked, loginId).toBeLessThanOrEqual(5);
      expect(checked + refused, loginId).toBe(20);
    }
  });

  it('ロックの前に正しいパスワードで入れば、数えた誤りは消えること', async () => {
    const { browser, page } = await signInPage(server.base);
    for (let wrong = 1; wrong <= 4; wrong += 1) expect((await attempt(browser, page, 'demo04', `nope-${wrong}`)).response.status).toBe(401);
    const right = await attempt(browser, page, 'demo04', DemoPassword);
    expect(right.response.status).toBe(303);
    expect(await handle.db.select().from(loginThrottles).where(eq(loginThrottles.account, 'demo04'))).toEqual([]);
  });

  it('1日前に終わったロックのない誤りの記録は掃除し、ロック中のものは残すこと', async () => {
    const accounts = async () => (await handle.db.select({ account: loginThrottles.account }).from(loginThrottles)).map((row) => row.account).sort();
    const before = await accounts();
    expect(before).toEqual(expect.arrayContaining(['demo12', 'no-such-customer']));
    await pruneLoginThrottles(handle.db, new Date(Date.now() + 25 * 60 * 60_000));
    // demo12's lock (15 min) has ended by then too; a run still locked would stay.
    expect(await accounts()).toEqual([]);
    await handle.db.insert(loginThrottles).values({ account: 'locked-one', failures: 10, lastFailureAt: new Date(0), blockedUntil: new Date(Date.now() + 60_000), lockedUntil: new Date(Date.now() + 60_000) });
    await pruneLoginThrottles(handle.db);
    expect(await accounts()).toEqual(['locked-one']);
  });
});
