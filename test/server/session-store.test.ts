import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { SESSION_COOKIE, createSession, findActiveSession, isLevel2, revokeSession } from '../../server/session/session-store';
import { buildTestApp, type TestApp } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp();
});
afterAll(async () => {
  await test.close();
});

const input = { sbSystemId: '1000000002', acr: '2', authTime: new Date(), idToken: 'id-token', claims: { sub: '1000000002' } };

describe('セッションストア', () => {
  it('クッキー名はportal_sidであること', () => {
    expect(SESSION_COOKIE).toBe('portal_sid');
  });

  it('作ったセッションを見つけられ、idとトークンは推測できない別の値であること', async () => {
    const created = await createSession(test.db, input, 60);
    expect(created.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.sessionToken).not.toBe(created.id);
    const found = await findActiveSession(test.db, created.id);
    expect(found).toMatchObject({ id: created.id, sbSystemId: '1000000002', sessionToken: created.sessionToken, idToken: 'id-token' });
    expect(await findActiveSession(test.db, 'unknown')).toBeUndefined();
    expect(await findActiveSession(test.db, '')).toBeUndefined();
  });

  it('使うたびに有効期限を同じ長さだけ延ばすこと（1分に1回まで）', async () => {
    const start = new Date('2030-01-01T00:00:00Z');
    const created = await createSession(test.db, input, 30, start);
    const soon = await findActiveSession(test.db, created.id, new Date(start.getTime() + 10_000));
    expect(soon?.expiresAt.toISOString()).toBe('2030-01-01T00:30:00.000Z');
    const later = await findActiveSession(test.db, created.id, new Date(start.getTime() + 20 * 60_000));
    expect(later?.expiresAt.toISOString()).toBe('2030-01-01T00:50:00.000Z');
    expect(later?.lastSeenAt.toISOString()).toBe('2030-01-01T00:20:00.000Z');
    expect(await findActiveSession(test.db, created.id, new Date('2030-01-01T00:51:00Z'))).toBeUndefined();
  });

  it('失効させたセッションは見つからないこと', async () => {
    const created = await createSession(test.db, input, 60);
    await revokeSession(test.db, created.id);
    expect(await findActiveSession(test.db, created.id)).toBeUndefined();
    const [row] = await test.db.select().from(sessions).where(eq(sessions.id, created.id));
    expect(row?.revokedAt).not.toBeNull();
  });

  it('存在しないお客さまのセッションは作れないこと', async () => {
    await expect(createSession(test.db, { ...input, sbSystemId: '9999999999' }, 60)).rejects.toThrow();
  });

  it('レベル2はacr 2のサインインからの経過時間で決まること', () => {
    const now = new Date('2030-01-01T01:00:00Z');
    expect(isLevel2({ acr: '2', authTime: new Date('2030-01-01T00:31:00Z') }, 30, now)).toBe(true);
    expect(isLevel2({ acr: '2', authTime: new Date('2030-01-01T00:30:00Z') }, 30, now)).toBe(true);
    expect(isLevel2({ acr: '2', authTime: new Date('2030-01-01T00:29:59Z') }, 30, now)).toBe(false);
    expect(isLevel2({ acr: '2', authTime: new Date('2030-01-01T01:05:00Z') }, 30, now)).toBe(false);
    expect(isLevel2({ acr: '1', authTime: new Date('2030-01-01T00:59:00Z') }, 30, now)).toBe(false);
  });
});
