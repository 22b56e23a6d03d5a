/**
 * Login ID and password live at the sign-on provider (ADR 0079): after update/loginId or
 * update/password, the real sign-in (/auth/login -> local OpenID provider -> callback) accepts
 * the new ID or password and refuses the old one; a password change ends the customer's other
 * sessions, including one racing the change, and each change leaves an audit row and a notice.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountAudit, customers, sessions } from '../../server/db/schema';
import { ReadKeyHeader } from '../../server/sandbox/outbox/outbox-plugin';
import { Browser, DemoPassword, formAction, seededMemoryDatabase, startAuthServer, testEnv, type TestServer } from './auth-harness';
import { openDatabase, type DatabaseHandle } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';
import { scratchPostgres } from './support/build-test-app';

const readKey = 'account-credentials-read-key-0123456789';
let handle: DatabaseHandle;
let drop: () => Promise<void> = async () => {};
let server: TestServer;

beforeAll(async () => {
  const scratch = await scratchPostgres();
  if (scratch === undefined) {
    handle = await seededMemoryDatabase();
  } else {
    handle = openDatabase({ DATABASE_URL: scratch.url, DATA_DIR: '' });
    drop = scratch.drop;
    await handle.migrate();
    await seedDemoData(handle.db);
  }
  server = await startAuthServer({ handle, env: testEnv({ OUTBOX_READ_KEY: readKey }) });
});
afterAll(async () => {
  await server.close();
  await handle.close();
  await drop();
});

type Signed = { browser: Browser; sessionToken: string };

/** The sign-in page after /auth/login, with the credentials posted; answers the hop after the post. */
async function postCredentials(browser: Browser, loginId: string, password: string) {
  const page = await browser.follow(await browser.request('/auth/login'));
  expect(page.body).toContain('ログインID');
  return browser.request(formAction(page), { form: { loginId, password } });
}

/** A full sign-in as a browser does it; undefined when the provider refuses the credentials. */
async function signIn(loginId: string, password: string): Promise<Signed | undefined> {
  const browser = new Browser(server.base);
  const afterLogin = await postCredentials(browser, loginId, password);
  if (afterLogin.response.status === 401) {
    expect(afterLogin.body).toContain('ログインIDまたはパスワードが正しくありません。');
    return undefined;
  }
  const consent = await browser.follow(afterLogin);
  const afterConsent = await browser.request(formAction(consent, 0), { form: {} });
  await browser.follow(afterConsent);
  return { browser, sessionToken: await sessionTokenOf(browser) };
}

async function sessionTokenOf(browser: Browser): Promise<string> {
  const info = await browser.request('/api/getAuthInfo', { headers: { accept: 'application/json' } });
  expect(info.response.status).toBe(200);
  return (JSON.parse(info.body) as { sessionToken: string }).sessionToken;
}

async function api(signed: Signed, path: string, payload: unknown) {
  const [customer] = await handle.db.select({ id: customers.sbSystemId }).from(customers).where(eq(customers.sbSystemId, sbOf(signed)));
  const url = `/api/customer/${customer?.id ?? ''}${path}`;
  const target = signed.browser.url(url);
  const response = await fetch(target, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: signed.browser.jar.headerFor(target),
      'session-token': signed.sessionToken,
      'x-request-key': crypto.randomUUID(),
    },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { errorCode?: string; issues?: { message: string }[] } };
}

const sbByBrowser = new Map<Browser, string>();
const sbOf = (signed: Signed) => sbByBrowser.get(signed.browser) ?? '';

async function signInAs(loginId: string, password = DemoPassword): Promise<Signed> {
  const signed = await signIn(loginId, password);
  if (signed === undefined) throw new Error(`${loginId} could not sign in`);
  const info = await signed.browser.request('/api/getAuthInfo', { headers: { accept: 'application/json' } });
  sbByBrowser.set(signed.browser, (JSON.parse(info.body) as { sbSystemId: string }).sbSystemId);
  return signed;
}

async function customerRow(sbSystemId: string) {
  const [row] = await handle.db.select().from(customers).where(eq(customers.sbSystemId, sbSystemId));
  if (!row) throw new Error(sbSystemId);
  return row;
}
const auditOf = (sbSystemId: string) => handle.db.select().from(accountAudit).where(eq(accountAudit.sbSystemId, sbSystemId)).orderBy(accountAudit.id);

async function outbox(to: string): Promise<{ subject: string | null; body: string }[]> {
  const response = await fetch(`${server.base}/sandbox/outbox/api/messages?to=${encodeURIComponent(to)}`, { headers: { [ReadKeyHeader]: readKey } });
  return ((await response.json()) as { messages: { subject: string | null; body: string }[] }).messages;
}

describe('POST update/loginId', () => {
  it('新しいログインID（大文字・全角でも小文字の半角で保存）でログインでき、古いIDでは入れず、監査行と通知が残ること', async () => {
    const signed = await signInAs('demo05');
    const answer = await api(signed, '/update/loginId', { loginId: 'Ｋｏｂａｙａｓｈｉ.Ｍｉｋａ-05' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ loginId: 'kobayashi.mika-05' });
    const row = await customerRow(sbOf(signed));
    expect(row.loginId).toBe('kobayashi.mika-05');
    expect((await auditOf(row.sbSystemId)).map((audit) => [audit.item, audit.before, audit.after])).toEqual([
      ['loginId', { loginId: 'demo05' }, { loginId: 'kobayashi.mika-05' }],
    ]);
    expect((await outbox(row.mailAddress))[0]?.subject).toBe('【お客さまポータル】ログインIDを変更しました');

    expect(await signIn('demo05', DemoPassword)).toBeUndefined();
    expect(await signIn('KOBAYASHI.MIKA-05', DemoPassword)).toBeDefined();
  });

  it('短い・数字で始まる・使えない文字・ほかのお客さまのID・今と同じIDは、日本語のメッセージとA0400で何も変わらないこと', async () => {
    const signed = await signInAs('demo06');
    const before = await customerRow(sbOf(signed));
    const cases: [string, string][] = [
      ['abc', 'ログインIDは6文字以上で入力してください。'],
      ['1abcdef', 'ログインIDは英字で始めてください。'],
      ['abc def!', 'ログインIDは半角英数字と「.」「_」「-」で入力してください。'],
      ['Demo07', 'このログインIDはご利用いただけません。別のログインIDを入力してください。'],
      ['DEMO06', '現在のログインIDと同じです。新しいログインIDを入力してください。'],
    ];
    for (const [loginId, message] of cases) {
      const answer = await api(signed, '/update/loginId', { loginId });
      expect(answer.status, loginId).toBe(400);
      expect(answer.body.errorCode).toBe('A0400');
      expect(answer.body.issues?.map((issue) => issue.message)).toContain(message);
    }
    expect(await customerRow(sbOf(signed))).toEqual(before);
    expect(await auditOf(before.sbSystemId)).toEqual([]);
  });
});

describe('POST update/password', () => {
  const NewPassword = 'Kiyomizu-Hanabi-2049';

  it('現在のパスワードの誤り・短い・ログインIDを含む・よく使われる・推測されやすいパスワードは、A0400で何も変わらないこと', async () => {
    const signed = await signInAs('demo08');
    const before = await customerRow(sbOf(signed));
    const cases: [Record<string, string>, string][] = [
      [{ currentPassword: 'wrong-password', newPassword: NewPassword }, '現在のパスワードが正しくありません。'],
      [{ currentPassword: DemoPassword, newPassword: 'Short1!' }, 'パスワードは12文字以上で入力してください。'],
      [{ currentPassword: DemoPassword, newPassword: 'パスワードは全角です１２３' }, 'パスワードは半角の英数字・記号で入力してください。'],
      [{ currentPassword: DemoPassword, newPassword: 'my-DEMO08-is-secret' }, 'パスワードにログインIDを含めないでください。'],
      [{ currentPassword: DemoPassword, newPassword: 'qwerty123456' }, 'よく使われているパスワードのため、ご利用いただけません。'],
      [{ currentPassword: DemoPassword, newPassword: 'password1234' }, '推測されやすいパスワードです。よく使われる単語や並び、お客さまの情報を避け、長くしてください。'],
    ];
    for (const [body, message] of cases) {
      const answer = await api(signed, '/update/password', body);
      expect(answer.status, body['newPassword']).toBe(400);
      expect(answer.body.issues?.map((issue) => issue.message)).toContain(message);
    }
    expect(await customerRow(sbOf(signed))).toEqual(before);
    expect(await auditOf(before.sbSystemId)).toEqual([]);
  });

  it('変更後は新しいパスワードでだけログインでき、ほかの端末のセッションは終わり、この端末は続き、通知と監査行（値なし）が残ること', async () => {
    const here = await signInAs('demo09');
    const elsewhere = await signInAs('demo09');
    const answer = await api(here, '/update/password', { currentPassword: DemoPassword, newPassword: NewPassword });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ endedSessions: 1 });

    const otherInfo = await elsewhere.browser.request('/api/getAuthInfo', { headers: { accept: 'application/json' } });
    expect(otherInfo.response.status).toBe(401);
    expect((await here.browser.request('/api/getAuthInfo', { headers: { accept: 'application/json' } })).response.status).toBe(200);

    const row = await customerRow(sbOf(here));
    expect(row.passwordChangedAt).not.toBeNull();
    const audit = await auditOf(row.sbSystemId);
    expect(audit.map((entry) => entry.item)).toEqual(['password']);
    expect(JSON.stringify(audit)).not.toContain(row.passwordHash);
    expect(JSON.stringify(audit)).not.toContain(NewPassword);
    expect((await outbox(row.mailAddress))[0]?.subject).toBe('【お客さまポータル】パスワードを変更しました');

    expect(await signIn('demo09', DemoPassword)).toBeUndefined();
    expect(await signIn('demo09', NewPassword)).toBeDefined();
  });

  it('変更の前に古いパスワードを入力し終えたログインは、変更の後にセッションにならないこと', async () => {
    const here = await signInAs('demo10');
    // Another browser has entered the old password, and is at the consent page when the change lands.
    const racer = new Browser(server.base);
    const afterLogin = await postCredentials(racer, 'demo10', DemoPassword);
    expect(afterLogin.response.status).toBe(303);
    const consent = await racer.follow(afterLogin);
    await new Promise((resolve) => setTimeout(resolve, 1100)); // auth_time has whole seconds
    expect((await api(here, '/update/password', { currentPassword: DemoPassword, newPassword: NewPassword })).status).toBe(200);

    const afterConsent = await racer.request(formAction(consent, 0), { form: {} });
    const landed = await racer.follow(afterConsent);
    expect(landed.url.pathname).not.toBe('/Top');
    const sid = racer.jar.get('portal_sid');
    const active = sid === undefined ? [] : await handle.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(active.filter((session) => session.revokedAt === null)).toEqual([]);
  });
});

describe('login history and sign-in notice through the real sign-in', () => {
  it('間違えたパスワードとその後のログインが新しい順に履歴に載り、ログインのお知らせを選ぶと次のログインでメールが届くこと', async () => {
    expect(await signIn('demo11', 'not-the-password')).toBeUndefined();
    const signed = await signInAs('demo11');
    const target = signed.browser.url(`/api/customer/${sbOf(signed)}/auth/history`);
    const response = await fetch(target, { headers: { cookie: signed.browser.jar.headerFor(target), 'session-token': signed.sessionToken } });
    const history = (await response.json()) as { entries: { result: string; reason: string | null; device: string; os: string; ipAddress: string; occurredAt: string }[] };
    expect(history.entries.slice(0, 2)).toEqual([
      expect.objectContaining({ result: 'SUCCESS', reason: null, device: 'スマートフォン（iPhone）', os: 'iOS 18.0', ipAddress: '127.0.0.1' }),
      expect.objectContaining({ result: 'FAILURE', reason: 'ログインIDまたはパスワードの誤り', device: 'スマートフォン（iPhone）', ipAddress: '127.0.0.1' }),
    ]);
    expect(history.entries[0]?.occurredAt).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);

    const { mailAddress } = await customerRow(sbOf(signed));
    expect((await api(signed, '/update/security', { signInNoticeChannel: '5' })).status).toBe(200);
    expect((await outbox(mailAddress)).filter((message) => message.subject === '【お客さまポータル】ログインのお知らせ')).toEqual([]);
    await signInAs('demo11');
    const notices = (await outbox(mailAddress)).filter((message) => message.subject === '【お客さまポータル】ログインのお知らせ');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain('スマートフォン（iPhone）');
  });
});
