/**
 * Drives the sign-on as a browser does: real HTTP to a listening server, a cookie jar that
 * honours Path, Max-Age and Expires, and redirects followed one hop at a time.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { deriveAuthKeys } from '../../server/auth/auth-keys';
import { createBaseUrl } from '../../server/auth/base-url';
import { localIssuer, registerLocalProvider } from '../../server/auth/local-provider';
import { buildApp } from '../../server/app';
import { openMemoryDatabase, type DatabaseHandle } from '../../server/db/client';
import { seedDemoData } from '../../server/db/seed';
import { parseEnv, type Env } from '../../server/env';

export const TestUserAgent = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) auth-test';

type StoredCookie = { name: string; value: string; path: string };

export class CookieJar {
  private readonly cookies = new Map<string, StoredCookie>();

  store(response: Response, requestUrl: URL): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      let path = requestUrl.pathname.replace(/\/[^/]*$/, '') || '/';
      let expired = value === '';
      for (const attribute of attributes) {
        const [key = '', attributeValue = ''] = attribute.split('=');
        if (key.toLowerCase() === 'path') path = attributeValue;
        if (key.toLowerCase() === 'max-age' && Number(attributeValue) <= 0) expired = true;
        if (key.toLowerCase() === 'expires' && Date.parse(attributeValue) <= Date.now()) expired = true;
      }
      const key = `${name};${path}`;
      if (expired) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
  }

  headerFor(url: URL): string {
    return [...this.cookies.values()]
      .filter((cookie) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  get(name: string): string | undefined {
    return [...this.cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  delete(name: string): void {
    for (const [key, cookie] of this.cookies) if (cookie.name === name) this.cookies.delete(key);
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [key, cookie] of this.cookies) copy.cookies.set(key, { ...cookie });
    return copy;
  }
}

export type Hop = { url: URL; response: Response; body: string };

export class Browser {
  readonly jar = new CookieJar();

  constructor(readonly base: string) {}

  url(path: string): URL {
    return new URL(path, this.base);
  }

  /** One request, no redirect followed. */
  async request(target: string | URL, init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {}): Promise<Hop> {
    const url = typeof target === 'string' ? this.url(target) : target;
    const headers: Record<string, string> = { 'user-agent': TestUserAgent, ...init.headers };
    const cookie = this.jar.headerFor(url);
    if (cookie !== '') headers['cookie'] = cookie;
    let body: string | undefined;
    if (init.form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? (body === undefined ? 'GET' : 'POST'), headers, body, redirect: 'manual' });
    this.jar.store(response, url);
    return { url, response, body: await response.text() };
  }

  /** Follows redirects until a page answers or `stop` says the next hop is the one to look at. */
  async follow(start: Hop, stop: (next: URL) => boolean = () => false): Promise<Hop> {
    let hop = start;
    for (let hops = 0; hops < 20; hops += 1) {
      const location = hop.response.headers.get('location');
      if (location === null || hop.response.status < 300 || hop.response.status >= 400) return hop;
      const next = new URL(location, hop.url);
      if (next.origin !== new URL(this.base).origin || stop(next)) return hop;
      hop = await this.request(next);
    }
    throw new Error('too many redirects');
  }
}

export function locationOf(hop: Hop): URL {
  const location = hop.response.headers.get('location');
  expect(location, `expected a redirect from ${hop.url.href}, got ${hop.response.status}`).not.toBeNull();
  return new URL(location ?? '', hop.url);
}

/** The action of the form on an HTML page, as an absolute URL. */
export function formAction(hop: Hop, index = 0): URL {
  const actions = [...hop.body.matchAll(/<form[^>]*action="([^"]+)"/g)].map((match) => match[1] ?? '');
  const action = actions[index];
  expect(action, `no form ${index} on ${hop.url.href}`).toBeDefined();
  return new URL((action ?? '').replace(/&amp;/g, '&'), hop.url);
}

export function hiddenFields(hop: Hop): Record<string, string> {
  return Object.fromEntries(
    [...hop.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
}

export type TestServer = {
  app: FastifyInstance;
  handle: DatabaseHandle;
  env: Env;
  base: string;
  close(): Promise<void>;
};

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '100000', ...overrides });
}

/** A fresh in-memory database with the demo customers, for servers that come and go over it. */
export async function seededMemoryDatabase(): Promise<DatabaseHandle> {
  const handle = openMemoryDatabase();
  await handle.migrate();
  await seedDemoData(handle.db);
  return handle;
}

/** The whole app (server/app.ts) on a listening server over a fresh in-memory database with the demo customers. */
export async function startAuthServer(options: { env?: Env; handle?: DatabaseHandle } = {}): Promise<TestServer> {
  const env = options.env ?? testEnv();
  const handle = options.handle ?? (await seededMemoryDatabase());
  const app = await buildApp({ env, db: handle.db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return {
    app,
    handle,
    env,
    base: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      if (options.handle === undefined) await handle.close();
    },
  };
}

export const DemoPassword = 'Demo1234!';

/** /auth/login -> sign-in page -> credentials -> consent -> the callback, which is not followed. */
export async function signInUntilCallback(
  browser: Browser,
  loginPath: string,
  credentials: { loginId: string; password: string } = { loginId: 'demo01', password: DemoPassword },
  signInPageContains = 'ログインID',
): Promise<{ authorizationUrl: URL; signInUrl: URL; callback: URL }> {
  const login = await browser.request(loginPath);
  expect(login.response.status).toBe(302);
  const authorizationUrl = locationOf(login);
  const signInPage = await browser.follow(login);
  expect(signInPage.body).toContain(signInPageContains);
  const afterLogin = await browser.request(formAction(signInPage), { form: credentials });
  const consentPage = await browser.follow(afterLogin);
  expect(consentPage.body).toContain('同意する');
  const afterConsent = await browser.request(formAction(consentPage, 0), { form: {} });
  const beforeCallback = await browser.follow(afterConsent, (next) => next.pathname === '/auth/callback');
  return { authorizationUrl, signInUrl: signInPage.url, callback: locationOf(beforeCallback) };
}

/**
 * A second server playing an external OpenID provider (the production shape: OIDC_ISSUER set),
 * built from the local provider but issuing `issuedAcr` in its ID tokens.
 */
export async function startExternalProvider(
  handle: DatabaseHandle,
  options: { issuedAcr: string; clientSecret: string; portalBase: () => string },
): Promise<{ issuer: string; close(): Promise<void> }> {
  const env = testEnv();
  const app = Fastify({ logger: false });
  const baseUrl = createBaseUrl(app, env);
  await registerLocalProvider(app, {
    db: handle.db,
    keys: deriveAuthKeys(env),
    baseUrl,
    client: () => ({
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: options.clientSecret,
      redirectUri: `${options.portalBase()}/auth/callback`,
      postLogoutRedirectUri: `${options.portalBase()}/`,
    }),
    trustProxy: false,
    issuedAcr: options.issuedAcr,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { issuer: localIssuer(baseUrl), close: () => app.close() };
}
