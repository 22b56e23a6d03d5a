/**
 * The outbox sandbox shows a reader only their own messages (docs/decisions/0042-production-settings.md):
 * the customer signed in on the browser reads what was sent to their contacts; a reader with
 * neither a session nor the sandbox's read key reads nothing.
 */
import { describe, expect, it } from 'vitest';
import { ReadKeyHeader } from '../../server/sandbox/outbox/outbox-plugin';
import { call, signedInAppForFile } from './support/anshin-kit';
import { testEnvDefaults } from './support/build-test-app';

const kit = signedInAppForFile(['demo01', 'demo02']);

type Listed = { messages: { to: string; body: string }[] };

const list = (query: string, headers: Record<string, string> = {}) => fetch(`${kit.origin}/sandbox/outbox/api/messages?${query}`, { headers });
const page = (headers: Record<string, string> = {}) => fetch(`${kit.origin}/sandbox/outbox`, { headers });

describe('送信ボックスの閲覧', () => {
  it('クッキーも読み取りキーもなければ、宛先を指定しても全件を求めても何も読めないこと', async () => {
    const sent = await call(kit.test, kit.user('demo02'), 'POST', '/otp/send', { payload: { phoneNumber: '09012340002', type: 'SMS' } });
    expect(sent.json()).toEqual({ result: 'OK', ngMessage: null });

    for (const query of ['to=09012340002', 'limit=500']) {
      const response = await list(query);
      expect(response.status, query).toBe(401);
      expect(await response.text(), query).not.toContain('確認コード');
    }
    const html = await page();
    expect(html.status).toBe(401);
    const text = await html.text();
    expect(text).toContain('ログインが必要です');
    expect(text).not.toContain('確認コード');
  });

  it('ログインしているお客さまには、自分の連絡先宛てのメッセージだけを見せること', async () => {
    const mine = (await (await list('to=09012340002', { cookie: kit.user('demo02').cookie })).json()) as Listed;
    expect(mine.messages[0]?.body).toMatch(/確認コード：[0-9]{6}/);

    const other = { cookie: kit.user('demo01').cookie };
    const theirs = (await (await list('to=09012340002', other)).json()) as Listed;
    expect(theirs.messages).toEqual([]);
    const everything = (await (await list('limit=500', other)).json()) as Listed;
    expect(everything.messages.every((message) => ['09012340001', 'taro.yamada@example.jp'].includes(message.to))).toBe(true);
    expect(await (await page(other)).text()).not.toContain('09012340002');
  });

  it('サンドボックスの読み取りキーがあれば、すべてのメッセージを読めること（QAの道具とテスト）', async () => {
    const all = (await (await list('limit=500', { [ReadKeyHeader]: testEnvDefaults['OUTBOX_READ_KEY'] ?? '' })).json()) as Listed;
    expect(all.messages.some((message) => message.to === '09012340002')).toBe(true);
    expect((await list('limit=500', { [ReadKeyHeader]: 'wrong-key-wrong-key-wrong-key' })).status).toBe(401);
  });
});
