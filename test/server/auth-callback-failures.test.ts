import { gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { sessions, signInEvents } from '../../server/db/schema';
import {
  Browser,
  DemoPassword,
  formAction,
  locationOf,
  seededMemoryDatabase,
  signInUntilCallback,
  startAuthServer,
  startExternalProvider,
  testEnv,
  type TestServer,
} from './auth-harness';

let handle: DatabaseHandle;
let server: TestServer;
beforeAll(async () => {
  handle = await seededMemoryDatabase();
  server = await startAuthServer({ handle });
});
afterAll(async () => {
  await server.close();
  await handle.close();
});

const lastEventId = async () => {
  const rows = await handle.db.select({ id: signInEvents.id }).from(signInEvents);
  return rows.reduce((max, row) => Math.max(max, row.id), 0);
};
const eventsAfter = (id: number) => handle.db.select().from(signInEvents).where(gt(signInEvents.id, id)).orderBy(signInEvents.id);
const sessionCount = async () => (await handle.db.select({ id: sessions.id }).from(sessions)).length;

/** Starts a sign-on and answers it with a callback whose state is not the one sent. */
async function forgedCallback(browser: Browser, returnTo = '/Invoice') {
  const login = await browser.request(`/auth/login?returnTo=${encodeURIComponent(returnTo)}`);
  expect(locationOf(login).pathname).toBe('/oidc/auth');
  return browser.request('/auth/callback?code=forged-code&state=forged-state');
}

describe('コールバックの失敗と認証リトライ', () => {
  it('state が一致しないコールバックは拒否し、サインオンをやり直させること', async () => {
    const before = await lastEventId();
    const sessionsBefore = await sessionCount();
    const browser = new Browser(server.base);
    const failed = await forgedCallback(browser);
    expect(failed.response.status).toBe(302);
    expect(failed.response.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice');
    expect(browser.jar.get('portal_sid')).toBeUndefined();
    expect(await sessionCount()).toBe(sessionsBefore);
    expect(await eventsAfter(before)).toEqual([
      expect.objectContaining({ result: 'failure', reason: 'state_mismatch', attempt: 1, sbSystemId: null }),
    ]);
  });

  it('state が正しくても認可コードが偽物ならトークンを受け取らずやり直させること', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    const login = await browser.request('/auth/login?returnTo=/Invoice');
    const state = locationOf(login).searchParams.get('state') ?? '';
    const failed = await browser.request(`/auth/callback?code=forged-code&state=${state}`);
    expect(failed.response.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice');
    expect(browser.jar.get('portal_sid')).toBeUndefined();
    expect(await eventsAfter(before)).toEqual([expect.objectContaining({ result: 'failure', reason: 'token_rejected' })]);
  });

  it('やり直しは最初の sign-on 種別を引き継ぎ、その種別の行が決める行き先へ向かうこと（ADR 0090）', async () => {
    const browser = new Browser(server.base);
    const login = await browser.request('/auth/login?returnTo=/Top&type=8');
    const state = locationOf(login).searchParams.get('state') ?? '';
    const failed = await browser.request(`/auth/callback?code=forged-code&state=${state}`);
    expect(failed.response.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice&type=8');
  });

  it('失敗したコールバックからのやり直しは3回までで、4回目はエラー画面（E9998）へ移ること', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    const locations: (string | null)[] = [];
    for (let round = 0; round < 4; round += 1) {
      locations.push((await forgedCallback(browser)).response.headers.get('location'));
    }
    expect(locations).toEqual([
      '/auth/login?returnTo=%2FInvoice',
      '/auth/login?returnTo=%2FInvoice',
      '/auth/login?returnTo=%2FInvoice',
      '/Error?code=E9998',
    ]);
    expect((await eventsAfter(before)).map((event) => event.attempt)).toEqual([1, 2, 3, 4]);

    // The count is per browser: another browser starts from zero.
    const other = new Browser(server.base);
    expect((await forgedCallback(other)).response.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice');
  });

  it('ログインに成功すると認証リトライの回数は 0 に戻ること', async () => {
    const before = await lastEventId();
    const browser = new Browser(server.base);
    await forgedCallback(browser);
    await forgedCallback(browser);
    const { callback } = await signInUntilCallback(browser, '/auth/login?returnTo=/Invoice');
    expect((await browser.request(callback)).response.headers.get('location')).toBe('/Invoice');
    browser.jar.delete('portal_sid');
    await forgedCallback(browser);
    expect((await eventsAfter(before)).map((event) => [event.result, event.attempt])).toEqual([
      ['failure', 1],
      ['failure', 2],
      ['success', 3],
      ['failure', 1],
    ]);
  });

  it('改ざんされた取引クッキーは無いものとして扱い、やり直させること', async () => {
    const browser = new Browser(server.base);
    const login = await browser.request('/auth/login?returnTo=/Invoice');
    const state = locationOf(login).searchParams.get('state') ?? '';
    const sealed = browser.jar.get('portal_auth_tx') ?? '';
    const callbackWith = (cookie: string) =>
      fetch(`${server.base}/auth/callback?code=forged-code&state=${state}`, { headers: { cookie }, redirect: 'manual' });

    // The intact cookie is read (its landing, /Invoice, comes back)...
    const intact = await callbackWith(`portal_auth_tx=${sealed}`);
    expect(intact.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice');
    // ...one changed character makes it unreadable, so nothing of it is trusted.
    const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('AA') ? 'BB' : 'AA'}`;
    const rejected = await callbackWith(`portal_auth_tx=${tampered}`);
    expect(rejected.status).toBe(302);
    expect(rejected.headers.get('location')).toBe('/auth/login?returnTo=%2FTop');
  });
});

describe('外部プロバイダー（OIDC_ISSUER を設定した本番の形）', () => {
  const clientSecret = 'external-provider-test-secret-0123456789';

  async function withExternalProvider(issuedAcr: string, run: (portal: TestServer, issuer: string) => Promise<void>) {
    let portalBase = '';
    const provider = await startExternalProvider(handle, { issuedAcr, clientSecret, portalBase: () => portalBase });
    const portal = await startAuthServer({ handle, env: testEnv({ OIDC_ISSUER: provider.issuer, OIDC_CLIENT_SECRET: clientSecret }) });
    portalBase = portal.base;
    try {
      await run(portal, provider.issuer);
    } finally {
      await portal.close();
      await provider.close();
    }
  }

  /** Walks the provider (another origin) with the portal browser's jar and returns the callback URL. */
  async function throughProvider(browser: Browser, issuer: string, loginId: string): Promise<URL> {
    const login = await browser.request('/auth/login?returnTo=/Invoice');
    expect(locationOf(login).href.startsWith(`${issuer}/auth?`)).toBe(true);
    const providerBrowser = Object.assign(new Browser(new URL(issuer).origin), { jar: browser.jar });
    const signInPage = await providerBrowser.follow(await providerBrowser.request(locationOf(login)));
    const consentPage = await providerBrowser.follow(
      await providerBrowser.request(formAction(signInPage), { form: { loginId, password: DemoPassword } }),
    );
    const toCallback = await providerBrowser.follow(await providerBrowser.request(formAction(consentPage), { form: {} }));
    return locationOf(toCallback);
  }

  it('設定された発行者でサインオンでき、ポータル自身は /oidc でプロバイダーを動かさないこと', async () => {
    await withExternalProvider('2', async (portal, issuer) => {
      const discovery = await fetch(`${portal.base}/oidc/.well-known/openid-configuration`);
      expect(discovery.status).toBe(404);
      const browser = new Browser(portal.base);
      const callback = await throughProvider(browser, issuer, 'demo06');
      expect(callback.origin + callback.pathname).toBe(`${portal.base}/auth/callback`);
      const landed = await browser.request(callback);
      expect(landed.response.headers.get('location')).toBe('/Invoice');
      expect(browser.jar.get('portal_sid')).toBeDefined();
    });
  });

  it('ID トークンの acr が 2 でなければセッションを作らず、やり直させて履歴に残すこと', async () => {
    await withExternalProvider('1', async (portal, issuer) => {
      const before = await lastEventId();
      const sessionsBefore = await sessionCount();
      const browser = new Browser(portal.base);
      const callback = await throughProvider(browser, issuer, 'demo04');
      const rejected = await browser.request(callback);
      expect(rejected.response.headers.get('location')).toBe('/auth/login?returnTo=%2FInvoice');
      expect(browser.jar.get('portal_sid')).toBeUndefined();
      expect(await sessionCount()).toBe(sessionsBefore);
      expect(await eventsAfter(before)).toEqual([
        expect.objectContaining({ result: 'failure', reason: 'acr_not_met', sbSystemId: '1000000004', loginId: 'demo04' }),
      ]);
    });
  });
});
