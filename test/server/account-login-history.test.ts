/**
 * GET auth/history (ADR 0078): the customer's own sign-in events, newest first, 20 a page, 90 days,
 * with date and time in JST, device, OS and browser read by bowser, IP address and result.
 */
import { describe, expect, it } from 'vitest';
import { LoginHistorySchema } from '../../contracts/api/account-login-history';
import { signInEvents } from '../../server/db/schema';
import { expectAuthChecks } from './support/auth-matrix';
import { call, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02']);
const user = kit.user;
const history = async (id: string, query?: string) => {
  const response = await call(kit.test, user(id), 'GET', '/auth/history', query === undefined ? {} : { query });
  expect(response.statusCode).toBe(200);
  return LoginHistorySchema.parse(response.json());
};

const iPhoneSafari = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const androidChrome = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.82 Mobile Safari/537.36';
const windowsEdge = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51';

describe('GET auth/history', () => {
  it('成功と失敗を新しい順に、日本時間・端末・OS・ブラウザ・IPアドレス・結果とともに返すこと', async () => {
    const sbSystemId = user('demo01').sbSystemId;
    await kit.test.db.insert(signInEvents).values([
      { sbSystemId, loginId: 'demo01', occurredAt: new Date('2026-11-20T01:02:03Z'), result: 'success', userAgent: windowsEdge, ip: '203.0.113.7' },
      { sbSystemId, loginId: 'demo01', occurredAt: new Date('2026-11-21T15:30:00Z'), result: 'failure', reason: 'invalid_credentials', userAgent: androidChrome, ip: '198.51.100.2' },
      { sbSystemId, loginId: 'demo01', occurredAt: new Date('2026-11-22T00:00:00Z'), result: 'success', userAgent: iPhoneSafari, ip: '2001:db8::1' },
      { sbSystemId, loginId: 'demo01', occurredAt: new Date('2026-11-22T00:05:00Z'), result: 'failure', reason: 'access_denied', userAgent: '', ip: '192.0.2.1' },
      // Another customer's event is never shown.
      { sbSystemId: user('demo02').sbSystemId, loginId: 'demo02', occurredAt: new Date('2026-11-23T00:00:00Z'), result: 'success', userAgent: iPhoneSafari, ip: '192.0.2.99' },
    ]);
    const answer = await history('demo01');
    expect(answer).toMatchObject({ page: 1, pageSize: 20, totalCount: 4, totalPages: 1 });
    expect(answer.entries).toEqual([
      { occurredAt: '2026/11/22 09:05:00', result: 'FAILURE', reason: '同意されなかったため中止', device: '不明', os: '不明', browser: '不明', ipAddress: '192.0.2.1' },
      { occurredAt: '2026/11/22 09:00:00', result: 'SUCCESS', reason: null, device: 'スマートフォン（iPhone）', os: 'iOS 17.4', browser: 'Safari 17.4', ipAddress: '2001:db8::1' },
      { occurredAt: '2026/11/22 00:30:00', result: 'FAILURE', reason: 'ログインIDまたはパスワードの誤り', device: 'スマートフォン', os: 'Android 14', browser: 'Chrome 124.0.6367.82', ipAddress: '198.51.100.2' },
      { occurredAt: '2026/11/20 10:02:03', result: 'SUCCESS', reason: null, device: 'パソコン', os: 'Windows 10', browser: 'Microsoft Edge 124.0.2478.51', ipAddress: '203.0.113.7' },
    ]);
  });

  it('20件ずつのページに分け、90日より前のものは含めないこと', async () => {
    const sbSystemId = user('demo02').sbSystemId;
    const start = Date.now() - 60 * 60_000;
    await kit.test.db.insert(signInEvents).values([
      ...Array.from({ length: 44 }, (_, index) => ({
        sbSystemId,
        loginId: 'demo02',
        occurredAt: new Date(start + index * 1000),
        result: 'success' as const,
        userAgent: iPhoneSafari,
        ip: `192.0.2.${index}`,
      })),
      { sbSystemId, loginId: 'demo02', occurredAt: new Date(Date.now() - 91 * 24 * 60 * 60_000), result: 'success', userAgent: iPhoneSafari, ip: '192.0.2.200' },
    ]);
    const first = await history('demo02');
    // 44 recent ones and the one inserted by the test above for demo02 (2026/11/23): 45, three pages.
    expect(first).toMatchObject({ totalCount: 45, totalPages: 3 });
    expect(first.entries).toHaveLength(20);
    expect(first.entries[0]?.ipAddress).toBe('192.0.2.43');
    const third = await history('demo02', 'page=3');
    expect(third.entries.map((entry) => entry.ipAddress)).toEqual(['192.0.2.3', '192.0.2.2', '192.0.2.1', '192.0.2.0', '192.0.2.99']);
    expect((await history('demo02', 'page=4')).entries).toEqual([]);
  });

  it('ページ番号が数字でない・0は日本語のメッセージとA0400、他のお客さまのIDは403であること', async () => {
    const bad = await call(kit.test, user('demo01'), 'GET', '/auth/history', { query: 'page=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ errorCode: string; issues: { message: string }[] }>().issues[0]?.message).toBe('ページ番号は数字で指定してください。');
    expect((await call(kit.test, user('demo01'), 'GET', '/auth/history', { query: 'page=0' })).statusCode).toBe(400);
    await expectAuthChecks(kit.test, user('demo01'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/auth/history` }));
  });
});
