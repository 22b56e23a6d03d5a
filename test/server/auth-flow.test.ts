import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthInfoSchema } from '../../contracts/api/auth-info';
import { sessions, signInEvents } from '../../server/db/schema';
import { findActiveSession } from '../../server/session/session-store';
import {
  Browser,
  DemoPassword,
  formAction,
  hiddenFields,
  locationOf,
  signInUntilCallback,
  startAuthServer,
  TestUserAgent,
  type TestServer,
} from './auth-harness';

let server: TestServer;
beforeAll(async () => {
  server = await startAuthServer();
});
afterAll(async () => server.close());

const lastEventId = async () => {
  const rows = await server.handle.db.select({ id: signInEvents.id }).from(signInEvents);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
};
const eventsAfter = (id: number) => server.handle.db.select().from(signInEvents).where(gt(signInEvents.id, id));
const sessionRow = async (id: string | undefined) => {
  const [row] = await server.handle.db.select().from(sessions).where(eq(sessions.id, id ?? ''));
  return row;
};

async function signIn(browser: Browser, loginPath = '/auth/login?returnTo=/OptionServices', loginId = 'demo01') {
  const { callback, signInUrl } = await signInUntilCallback(browser, loginPath, { loginId, password: DemoPassword });
  const landed = await browser.request(callback);
  return { callback, signInUrl, landed };
}

describe('サインオン（認可コードフロー）', () => {
  it('PKCE・state・nonce と仕様の固定パラメータで認可を求め、HttpOnly のセッションクッキーだけを渡すこと', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    const { authorizationUrl, callback } = await signInUntilCallback(browser, '/auth/login?returnTo=/OptionServices');

    const params = authorizationUrl.searchParams;
    expect(authorizationUrl.origin + authorizationUrl.pathname).toBe(`${server.base}/oidc/auth`);
    expect({
      response_type: params.get('response_type'),
      display: params.get('display'),
      prompt: params.get('prompt'),
      scope: params.get('scope'),
      acr_values: params.get('acr_values'),
      code_challenge_method: params.get('code_challenge_method'),
      redirect_uri: params.get('redirect_uri'),
    }).toEqual({
      response_type: 'code',
      display: 'touch',
      prompt: 'consent',
      scope: 'openid',
      acr_values: '2',
      code_challenge_method: 'S256',
      redirect_uri: `${server.base}/auth/callback`,
    });
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(params.has('max_age')).toBe(false);

    const landed = await browser.request(callback);
    expect(landed.response.status).toBe(302);
    expect(landed.response.headers.get('location')).toBe('/OptionServices');
    const setCookies = landed.response.headers.getSetCookie();
    const sessionCookie = setCookies.find((cookie) => cookie.startsWith('portal_sid='));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).toMatch(/Path=\/(;|$)/);
    expect(sessionCookie).not.toMatch(/Secure/i);

    const row = await sessionRow(browser.jar.get('portal_sid'));
    expect(row).toMatchObject({ sbSystemId: '1000000001', acr: '2', revokedAt: null });
    expect(Date.now() - (row?.authTime.getTime() ?? 0)).toBeLessThan(60_000);
    // Tokens stay on the server: no cookie and no body carries the ID token.
    const idToken = row?.idToken ?? '';
    expect(idToken).toMatch(/^eyJ/);
    for (const cookie of setCookies) expect(cookie).not.toContain(idToken.split('.')[1] ?? idToken);
    expect(landed.body).not.toContain(idToken.split('.')[1] ?? idToken);

    const authInfo = await browser.request('/api/getAuthInfo', { headers: { accept: 'application/json' } });
    expect(authInfo.response.status).toBe(200);
    expect(AuthInfoSchema.parse(JSON.parse(authInfo.body))).toMatchObject({
      sbSystemId: '1000000001',
      sbId: 'demo01',
      lv2Authed: true,
      sessionToken: row?.sessionToken,
    });
    expect(authInfo.body).not.toContain(idToken);

    const events = await eventsAfter(before);
    expect(events).toEqual([
      expect.objectContaining({
        result: 'success',
        reason: null,
        sbSystemId: '1000000001',
        loginId: 'demo01',
        userAgent: TestUserAgent,
        ip: '127.0.0.1',
        attempt: 1,
      }),
    ]);
  });

  it('ログインページは日本語で、インラインのスクリプトやスタイルを使わず、デモ用のログインIDを示すこと', async () => {
    const browser = new Browser(server.base);
    const page = await browser.follow(await browser.request('/auth/login'));
    expect(page.response.status).toBe(200);
    expect(page.body).toContain('<html lang="ja">');
    expect(page.body).toContain('<label for="loginId">ログインID</label>');
    expect(page.body).toContain('<label for="password">パスワード</label>');
    expect(page.body).toMatch(/<button type="submit"[^>]*>ログイン<\/button>/);
    expect(page.body).toContain('demo01');
    expect(page.body).toContain('Demo1234!');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    expect(page.body).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i);
    expect(page.response.headers.get('content-security-policy')).toContain("script-src 'self'");
    const stylesheet = await browser.request('/oidc/assets/auth.css');
    expect(stylesheet.response.headers.get('content-type')).toContain('text/css');
  });

  it('パスワードが誤っているときは日本語のエラーを示し、失敗をログイン履歴に残すこと', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    const page = await browser.follow(await browser.request('/auth/login'));

    const wrong = await browser.request(formAction(page), { form: { loginId: 'demo02', password: 'not-the-password' } });
    expect(wrong.response.status).toBe(401);
    expect(wrong.body).toContain('ログインIDまたはパスワードが正しくありません。');
    expect(wrong.body).toContain('value="demo02"');
    expect(wrong.body).not.toContain('not-the-password');

    const unknown = await browser.request(formAction(page), { form: { loginId: 'nobody', password: DemoPassword } });
    expect(unknown.response.status).toBe(401);
    expect(unknown.body).toContain('ログインIDまたはパスワードが正しくありません。');

    expect(browser.jar.get('portal_sid')).toBeUndefined();
    const events = await eventsAfter(before);
    expect(events).toEqual([
      expect.objectContaining({ result: 'failure', reason: 'invalid_credentials', sbSystemId: '1000000002', loginId: 'demo02', userAgent: TestUserAgent, ip: '127.0.0.1' }),
      expect.objectContaining({ result: 'failure', reason: 'invalid_credentials', sbSystemId: null, loginId: 'nobody' }),
    ]);

    // The same page still signs in with the right password.
    const right = await browser.request(formAction(page), { form: { loginId: 'demo02', password: DemoPassword } });
    const consent = await browser.follow(right);
    expect(consent.body).toContain('同意する');
  });

  it('同意しなかったときはセッションを作らずトップ（/）へ戻し、履歴に残すこと', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    const page = await browser.follow(await browser.request('/auth/login?returnTo=/Invoice'));
    const consent = await browser.follow(await browser.request(formAction(page), { form: { loginId: 'demo03', password: DemoPassword } }));
    const declined = await browser.follow(await browser.request(formAction(consent, 1), { form: {} }), (next) => next.pathname === '/auth/callback');
    const landed = await browser.request(locationOf(declined));
    expect(landed.response.headers.get('location')).toBe('/');
    expect(browser.jar.get('portal_sid')).toBeUndefined();
    expect(await eventsAfter(before)).toEqual([expect.objectContaining({ result: 'failure', reason: 'access_denied' })]);
  });

  it('ログイン後にブラウザの戻るでコールバックを再訪しても、エラーではなく元の行き先へ戻すこと', async () => {
    const browser = new Browser(server.base);
    const { callback, signInUrl } = await signIn(browser, '/auth/login?returnTo=/AnshinDataBox');
    const sid = browser.jar.get('portal_sid');
    const before = await lastEventId();

    // Back onto the provider's finished sign-in page: start over, which lands a signed-in customer.
    const oldSignIn = await browser.request(signInUrl);
    expect(oldSignIn.response.headers.get('location')).toBe('/auth/login');
    expect((await browser.request('/auth/login')).response.headers.get('location')).toBe('/Top');

    const replayed = await browser.request(callback);
    expect(replayed.response.status).toBe(302);
    expect(replayed.response.headers.get('location')).toBe('/AnshinDataBox');
    expect(browser.jar.get('portal_sid')).toBe(sid);
    expect(await eventsAfter(before)).toEqual([]);

    // Signed out meanwhile: the replay starts the sign-on again instead of failing.
    browser.jar.delete('portal_sid');
    const signedOut = await browser.request(callback);
    expect(signedOut.response.status).toBe(302);
    expect(signedOut.response.headers.get('location')).toBe('/auth/login?returnTo=%2FAnshinDataBox');
  });

  it('ログイン済みで /auth/login を開くとプロバイダーを経ずに行き先へ移ること', async () => {
    const browser = new Browser(server.base);
    await signIn(browser);
    const again = await browser.request('/auth/login?returnTo=/Invoice');
    expect(again.response.headers.get('location')).toBe('/Invoice');
  });
});

describe('ログアウト', () => {
  it('session-token の一致を確かめてセッションを失効させ、プロバイダーでもログアウトして / に戻ること', async () => {
    const browser = new Browser(server.base);
    await signIn(browser);
    const sid = browser.jar.get('portal_sid') ?? '';
    const row = await sessionRow(sid);

    const confirm = await browser.request('/auth/logout');
    expect(confirm.response.status).toBe(200);
    expect(confirm.body).toContain('ログアウトしますか。');
    expect(hiddenFields(confirm)['session-token']).toBe(row?.sessionToken);
    expect(confirm.body).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=/);

    const forged = await browser.request('/auth/logout', { form: { 'session-token': 'forged' } });
    expect(forged.response.headers.get('location')).toBe('/Error?code=E9998');
    const missing = await browser.request('/auth/logout', { form: {} });
    expect(missing.response.headers.get('location')).toBe('/Error?code=E9998');
    expect(await findActiveSession(server.handle.db, sid)).toBeDefined();

    const loggedOut = await browser.request(formAction(confirm), { form: hiddenFields(confirm) });
    expect(loggedOut.response.status).toBe(303);
    const endSession = locationOf(loggedOut);
    expect(endSession.pathname).toBe('/oidc/session/end');
    expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${server.base}/`);
    expect(endSession.searchParams.get('id_token_hint')).toBe(row?.idToken);
    expect(browser.jar.get('portal_sid')).toBeUndefined();
    expect((await sessionRow(sid))?.revokedAt).toBeInstanceOf(Date);
    expect(await findActiveSession(server.handle.db, sid)).toBeUndefined();
    const revoked = await fetch(`${server.base}/api/getAuthInfo`, { headers: { cookie: `portal_sid=${sid}` } });
    expect(revoked.status).toBe(401);

    const providerPage = await browser.request(endSession);
    expect(providerPage.body).toContain('src="/oidc/assets/logout.js"');
    expect(providerPage.response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(providerPage.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const providerDone = await browser.request(formAction(providerPage), { form: { ...hiddenFields(providerPage), logout: 'yes' } });
    expect(locationOf(providerDone).href).toBe(`${server.base}/`);

    // The provider's session ended too: the next sign-on asks for the ID and password again.
    const next = await browser.follow(await browser.request('/auth/login'));
    expect(next.body).toContain('<label for="loginId">ログインID</label>');
  });

  it('ヘッダーの session-token でも JSON で行き先を返してログアウトできること', async () => {
    const browser = new Browser(server.base);
    await signIn(browser);
    const sid = browser.jar.get('portal_sid') ?? '';
    const row = await sessionRow(sid);
    const loggedOut = await browser.request('/auth/logout', {
      method: 'POST',
      headers: { 'session-token': row?.sessionToken ?? '', accept: 'application/json' },
    });
    expect(loggedOut.response.status).toBe(200);
    const body = z.object({ redirectTo: z.string() }).strict().parse(JSON.parse(loggedOut.body));
    expect(body.redirectTo.startsWith(`${server.base}/oidc/session/end?`)).toBe(true);
    expect(await findActiveSession(server.handle.db, sid)).toBeUndefined();
  });
});

describe('ログインレベル2（再認証）', () => {
  it('ログインから時間がたっていれば prompt=login と max_age で再認証させ、authTime を新しくすること', async () => {
    const browser = new Browser(server.base);
    await signIn(browser, '/auth/login?returnTo=/Top', 'demo05');
    const oldSid = browser.jar.get('portal_sid') ?? '';

    // A fresh sign-in is already level 2.
    const fresh = await browser.request('/auth/login?level=2&returnTo=/BasketLive/Plan/Change');
    expect(fresh.response.headers.get('location')).toBe('/BasketLive/Plan/Change');

    const stale = new Date(Date.now() - (server.env.LV2_MAX_AGE_MINUTES + 1) * 60_000);
    await server.handle.db.update(sessions).set({ authTime: stale }).where(eq(sessions.id, oldSid));
    // Level 1 does not care how old the sign-in is.
    const level1 = await browser.request('/auth/login?returnTo=/Invoice');
    expect(level1.response.headers.get('location')).toBe('/Invoice');

    const { authorizationUrl, callback } = await signInUntilCallback(
      browser,
      '/auth/login?level=2&returnTo=/BasketLive/Plan/Change',
      { loginId: 'demo05', password: DemoPassword },
      'このお手続きには、もう一度ログインしていただく必要があります。',
    );
    expect(authorizationUrl.searchParams.get('prompt')).toBe('login consent');
    expect(authorizationUrl.searchParams.get('max_age')).toBe(String(server.env.LV2_MAX_AGE_MINUTES * 60));

    const landed = await browser.request(callback);
    expect(landed.response.headers.get('location')).toBe('/BasketLive/Plan/Change');
    const newSid = browser.jar.get('portal_sid') ?? '';
    expect(newSid).not.toBe(oldSid);
    expect(await findActiveSession(server.handle.db, oldSid)).toBeUndefined();
    const renewed = await sessionRow(newSid);
    expect(Date.now() - (renewed?.authTime.getTime() ?? 0)).toBeLessThan(60_000);
    const [success] = await server.handle.db
      .select()
      .from(signInEvents)
      .where(and(eq(signInEvents.sbSystemId, renewed?.sbSystemId ?? ''), eq(signInEvents.result, 'success')))
      .orderBy(signInEvents.id)
      .offset(1);
    expect(success).toBeDefined();
  });
});
