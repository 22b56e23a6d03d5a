/**
 * The in-process session cache (docs/decisions/0038-hot-read-path.md): it saves the session's
 * round trip on hot reads and changes no rule of docs/decisions/0003-session-model.md.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { SESSION_CACHE_TTL_MS, SessionCache, sessionCache } from '../../server/session/session-cache';
import { createSession, findActiveSession, revokeSession, type SessionRow } from '../../server/session/session-store';
import { apiHeaders, buildTestApp, errorOf, signInAs, type SignedIn, type TestApp } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const input = { sbSystemId: '1000000002', acr: '2', authTime: new Date(), idToken: 'id-token', claims: { sub: '1000000002' } };

const contracts = (user: SignedIn, headers: Record<string, string> = apiHeaders(user)) =>
  test.app.inject({ method: 'GET', url: `/api/customer/${user.sbSystemId}/contracts`, headers });

const dbRow = async (id: string) => (await test.db.select().from(sessions).where(eq(sessions.id, id)))[0];

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('セッションキャッシュ（同じプロセス内の規則）', () => {
  it('一度読んだセッションはキャッシュから返し、同じ内容であること', async () => {
    const created = await createSession(test.db, input, 60);
    const first = await findActiveSession(test.db, created.id);
    expect(sessionCache.get(test.db, created.id)).toEqual(first);
    expect(await findActiveSession(test.db, created.id)).toEqual(first);
  });

  it('失効させたセッションは、キャッシュにあってもすぐに401になること', async () => {
    const user = await signInAs(test, 'demo02');
    expect((await contracts(user)).statusCode).toBe(200);
    expect(sessionCache.get(test.db, user.sessionId)).toBeDefined();

    await revokeSession(test.db, user.sessionId);
    expect(sessionCache.get(test.db, user.sessionId)).toBeUndefined();
    const refused = await contracts(user);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).errorCode).toBe('A0401');
    expect(await findActiveSession(test.db, user.sessionId)).toBeUndefined();
  });

  it('失効と同時に走っていた読み込みが、失効前の行をキャッシュに戻さないこと', async () => {
    const created = await createSession(test.db, input, 60);
    const racing = findActiveSession(test.db, created.id);
    await revokeSession(test.db, created.id);
    await racing;
    expect(sessionCache.get(test.db, created.id)).toBeUndefined();
    expect(await findActiveSession(test.db, created.id)).toBeUndefined();
  });

  it('期限切れのセッションは、キャッシュにあっても見つからず、キャッシュからも消えること', async () => {
    const start = new Date(Date.now() - 10_000);
    const created = await createSession(test.db, input, 30, start);
    expect(await findActiveSession(test.db, created.id, new Date(start.getTime() + 5_000))).toBeDefined();
    expect(sessionCache.get(test.db, created.id)?.expiresAt.getTime()).toBe(start.getTime() + 30 * 60_000);

    expect(await findActiveSession(test.db, created.id, new Date(start.getTime() + 30 * 60_000))).toBeUndefined();
    expect(sessionCache.get(test.db, created.id)).toBeUndefined();
  });

  it('キャッシュから返すときも1分に1回は有効期限を延ばし、データベースにも書くこと', async () => {
    const start = new Date(Date.now() - 1_000);
    const created = await createSession(test.db, input, 30, start);
    await findActiveSession(test.db, created.id, new Date(start.getTime() + 1_000));
    expect(sessionCache.get(test.db, created.id)).toBeDefined();

    const later = new Date(start.getTime() + 2 * 60_000);
    const slid = await findActiveSession(test.db, created.id, later);
    expect(slid?.expiresAt.getTime()).toBe(later.getTime() + 30 * 60_000);
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(later.getTime());
    expect(sessionCache.get(test.db, created.id)?.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it('session-token は毎回確かめ、再認証（ステップアップ）で変わったトークンとセッションだけを受け付けること', async () => {
    const before = await signInAs(test, 'demo03');
    expect((await contracts(before)).statusCode).toBe(200);
    // A cached session still checks the header on every call.
    expect((await contracts(before, { cookie: before.cookie, 'session-token': 'x'.repeat(43) })).statusCode).toBe(401);

    // Step-up as the sign-on callback does it: the old session is revoked, a new one created.
    await revokeSession(test.db, before.sessionId);
    const after = await signInAs(test, 'demo03');
    expect(after.sessionToken).not.toBe(before.sessionToken);

    expect((await contracts(before)).statusCode).toBe(401);
    expect((await contracts(after, { cookie: after.cookie, 'session-token': before.sessionToken })).statusCode).toBe(401);
    expect((await contracts(after)).statusCode).toBe(200);
    const authInfo = await test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: after.cookie } });
    expect(authInfo.json()).toMatchObject({ sessionToken: after.sessionToken });
  });

  it('別のデータベースのセッションとしては使わないこと', async () => {
    const created = await createSession(test.db, input, 60);
    const row = await findActiveSession(test.db, created.id);
    expect(row).toBeDefined();
    const otherDb = {} as typeof test.db;
    expect(sessionCache.get(otherDb, created.id)).toBeUndefined();
  });

  it(`ほかのプロセスでの失効は、キャッシュの寿命（${SESSION_CACHE_TTL_MS} ms）を過ぎれば効くこと`, async () => {
    const user = await signInAs(test, 'demo05');
    expect((await contracts(user)).statusCode).toBe(200);
    // Another process revokes it: only the database changes.
    await test.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, user.sessionId));
    await wait(SESSION_CACHE_TTL_MS + 50);
    expect((await contracts(user)).statusCode).toBe(401);
  });
});

describe('SessionCache（大きさと寿命）', () => {
  const db = {} as TestApp['db'];
  const row = (id: string): SessionRow => ({
    id,
    sbSystemId: '1000000002',
    sessionToken: `token-${id}`,
    acr: '2',
    authTime: new Date(),
    idToken: 'id-token',
    idTokenClaims: {},
    createdAt: new Date(),
    lastSeenAt: new Date(),
    expiresAt: new Date(Date.now() + 60_000),
    revokedAt: null,
  });

  it('上限を超えると、いちばん長く使われていないものから捨てること', () => {
    const cache = new SessionCache(60_000, 3);
    for (const id of ['a', 'b', 'c']) cache.set(db, row(id), cache.generation());
    expect(cache.get(db, 'a')).toBeDefined(); // a is now the most recently used
    cache.set(db, row('d'), cache.generation());
    expect(cache.size).toBe(3);
    expect(cache.get(db, 'b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((id) => cache.get(db, id)?.id)).toEqual(['a', 'c', 'd']);
    for (let i = 0; i < 100; i += 1) cache.set(db, row(`x${i}`), cache.generation());
    expect(cache.size).toBe(3);
  });

  it('寿命を過ぎたものは返さず、使っても寿命は延びないこと', () => {
    let now = 1_000;
    const cache = new SessionCache(40, 10, () => now);
    cache.set(db, row('a'), cache.generation());
    now += 39;
    expect(cache.get(db, 'a')).toBeDefined();
    now += 1;
    expect(cache.get(db, 'a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('失効のあとでは、失効前に読み始めた行を受け付けないこと', () => {
    const cache = new SessionCache(60_000, 10);
    const generation = cache.generation();
    cache.invalidate('other');
    cache.set(db, row('a'), generation);
    expect(cache.get(db, 'a')).toBeUndefined();
    cache.set(db, row('a'), cache.generation());
    expect(cache.get(db, 'a')).toBeDefined();
  });

  it('既定の寿命は数秒、上限は有限であること', () => {
    expect(SESSION_CACHE_TTL_MS).toBeGreaterThan(0);
    expect(SESSION_CACHE_TTL_MS).toBeLessThanOrEqual(5_000);
    expect(sessionCache.maxEntries).toBeGreaterThan(0);
    expect(Number.isFinite(sessionCache.maxEntries)).toBe(true);
  });
});
