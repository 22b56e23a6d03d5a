/**
 * Sessions are read from the database on every /api call, in batches of the calls of one turn of
 * the event loop (docs/decisions/0092-batched-hot-reads.md): what any process writes to a session
 * counts on the next call, and the rules of docs/decisions/0003-session-model.md are unchanged.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../server/db/schema';
import { createSession, findActiveSession, revokeSession } from '../../server/session/session-store';
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

describe('セッションの読み込み（毎回データベースから）', () => {
  it('ほかのプロセスが失効させたセッションは、次の呼び出しからすぐ401になること', async () => {
    const user = await signInAs(test, 'demo05');
    expect((await contracts(user)).statusCode).toBe(200);
    // Another process revokes it: only the database changes, nothing in this process hears of it.
    await test.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, user.sessionId));
    const refused = await contracts(user);
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused).errorCode).toBe('A0401');
  });

  it('ほかのプロセスが縮めた有効期限も、次の呼び出しから効くこと', async () => {
    const user = await signInAs(test, 'demo06');
    expect((await contracts(user)).statusCode).toBe(200);
    await test.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1_000) }).where(eq(sessions.id, user.sessionId));
    expect((await contracts(user)).statusCode).toBe(401);
  });

  it('同時の呼び出しはまとめて読んでも、それぞれ自分のセッションだけを受け取ること', async () => {
    const created = await Promise.all([1, 2, 3].map(() => createSession(test.db, input, 60)));
    const revoked = await createSession(test.db, input, 60);
    await revokeSession(test.db, revoked.id);
    const [a, b, c, again, gone, unknown] = await Promise.all([
      ...created.map((session) => findActiveSession(test.db, session.id)),
      findActiveSession(test.db, created[0]?.id ?? ''),
      findActiveSession(test.db, revoked.id),
      findActiveSession(test.db, 'unknown'),
    ]);
    expect([a?.id, b?.id, c?.id, again?.id]).toEqual([created[0]?.id, created[1]?.id, created[2]?.id, created[0]?.id]);
    expect([a?.sessionToken, b?.sessionToken, c?.sessionToken]).toEqual(created.map((session) => session.sessionToken));
    expect(gone).toBeUndefined();
    expect(unknown).toBeUndefined();
  });

  it('同時の呼び出しのうち、他人の顧客番号を指定したものだけが403になること', async () => {
    const own = await signInAs(test, 'demo02');
    const other = await signInAs(test, 'demo03');
    const [mine, theirs, foreign] = await Promise.all([
      contracts(own),
      contracts(other),
      test.app.inject({ method: 'GET', url: `/api/customer/${other.sbSystemId}/contracts`, headers: apiHeaders(own) }),
    ]);
    expect([mine.statusCode, theirs.statusCode, foreign.statusCode]).toEqual([200, 200, 403]);
    expect(errorOf(foreign).errorCode).toBe('A0403');
    expect(mine.json()).not.toEqual(theirs.json());
  });

  it('期限切れのセッションは見つからないこと', async () => {
    const start = new Date(Date.now() - 10_000);
    const created = await createSession(test.db, input, 30, start);
    expect(await findActiveSession(test.db, created.id, new Date(start.getTime() + 5_000))).toBeDefined();
    expect(await findActiveSession(test.db, created.id, new Date(start.getTime() + 30 * 60_000))).toBeUndefined();
  });

  it('1分に1回は有効期限を延ばし、データベースに書くこと', async () => {
    const start = new Date(Date.now() - 1_000);
    const created = await createSession(test.db, input, 30, start);
    await findActiveSession(test.db, created.id, new Date(start.getTime() + 1_000));
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(start.getTime());

    const later = new Date(start.getTime() + 2 * 60_000);
    const slid = await findActiveSession(test.db, created.id, later);
    expect(slid?.expiresAt.getTime()).toBe(later.getTime() + 30 * 60_000);
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it('延長の時期に同時に来た呼び出しは、延長を1回だけ書き、みな延びた期限を受け取ること', async () => {
    const start = new Date(Date.now() - 3 * 60_000);
    const created = await createSession(test.db, input, 30, start);
    const later = new Date(start.getTime() + 2 * 60_000);
    const updates = vi.spyOn(test.db, 'update');
    try {
      const first = await Promise.all(Array.from({ length: 20 }, () => findActiveSession(test.db, created.id, later)));
      // The calls after it read the slid row, and write nothing either.
      const second = await Promise.all(Array.from({ length: 5 }, () => findActiveSession(test.db, created.id, later)));
      expect(updates).toHaveBeenCalledTimes(1);
      for (const session of [...first, ...second]) expect(session?.expiresAt.getTime()).toBe(later.getTime() + 30 * 60_000);
    } finally {
      updates.mockRestore();
    }
    expect((await dbRow(created.id))?.lastSeenAt.getTime()).toBe(later.getTime());
  });

  it('session-token は毎回確かめ、再認証（ステップアップ）で変わったトークンとセッションだけを受け付けること', async () => {
    const before = await signInAs(test, 'demo03');
    expect((await contracts(before)).statusCode).toBe(200);
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
});
