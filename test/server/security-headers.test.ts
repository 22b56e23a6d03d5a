/**
 * The exact security headers of every kind of answer (server/http/security-headers.ts): an API
 * call, a refused API call, an app page, a 404 page, a 404 API path and a page of the local OpenID
 * provider (a hijacked route that writes the raw response itself). Byte for byte, so loosening any
 * header fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/build-test-app';

const CSP_HTTP =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';" +
  "object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self'";
const CSP_HTTPS_EXTERNAL_SIGN_ON =
  "default-src 'self';script-src 'self';style-src 'self';img-src 'self' data:;font-src 'self';connect-src 'self';" +
  "object-src 'none';base-uri 'self';frame-ancestors 'none';form-action 'self' https://sso.example.jp;upgrade-insecure-requests";

const COMMON = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const SECURITY_HEADER_NAMES = [
  'content-security-policy',
  'strict-transport-security',
  'x-powered-by',
  ...Object.keys(COMMON),
];

function securityHeadersOf(headers: Record<string, unknown> | Headers): Record<string, unknown> {
  const get = (name: string) => (headers instanceof Headers ? (headers.get(name) ?? undefined) : headers[name]);
  const picked: Record<string, unknown> = {};
  for (const name of SECURITY_HEADER_NAMES) {
    const value = get(name);
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

/** An API call, a refused API call, an app page, a 404 page and a 404 API path. */
const ANSWERS = [
  { what: 'API', url: '/api/getCurrentDate', status: 200 },
  { what: 'refused API call (no session)', url: '/api/getAuthInfo', status: 401 },
  { what: 'app page', url: '/Error', status: 200 },
  { what: '404 page', url: '/no-such-page', status: 404 },
  { what: '404 API path', url: '/api/no-such-call', status: 404 },
];

describe('セキュリティヘッダー（http、ローカルのサインオン）', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp();
  });
  afterAll(async () => {
    await test.close();
  });

  it.each(ANSWERS)('$what: CSPとヘッダーが一字一句同じで、HSTSはないこと', async ({ url, status }) => {
    const response = await test.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(securityHeadersOf(response.headers)).toEqual({ 'content-security-policy': CSP_HTTP, ...COMMON });
  });

  it('429（アクセス集中）にも同じヘッダーが付くこと', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '1' } });
    try {
      await limited.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
      const response = await limited.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
      expect(response.statusCode).toBe(429);
      expect(securityHeadersOf(response.headers)).toEqual({ 'content-security-policy': CSP_HTTP, ...COMMON });
    } finally {
      await limited.close();
    }
  });

  it('ローカルのOpenIDプロバイダー（生のレスポンスに書くルート）にも同じヘッダーが付くこと', async () => {
    const served = await buildTestApp();
    try {
      const base = await served.app.listen({ host: '127.0.0.1', port: 0 });
      const response = await fetch(`${base}/oidc/.well-known/openid-configuration`);
      expect(response.status).toBe(200);
      expect(securityHeadersOf(response.headers)).toEqual({ 'content-security-policy': CSP_HTTP, ...COMMON });
    } finally {
      await served.close();
    }
  });
});

describe('セキュリティヘッダー（https の PUBLIC_URL、外部のサインオン）', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({
      env: { PUBLIC_URL: 'https://portal.example.jp', OIDC_ISSUER: 'https://sso.example.jp/realms/portal', SANDBOX: 'false' },
    });
  });
  afterAll(async () => {
    await test.close();
  });

  it.each(ANSWERS.filter((answer) => answer.url !== '/api/getAuthInfo'))(
    '$what: HSTSとupgrade-insecure-requestsが付き、form-actionにサインオンのオリジンが入ること',
    async ({ url, status }) => {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(status);
      expect(securityHeadersOf(response.headers)).toEqual({
        'content-security-policy': CSP_HTTPS_EXTERNAL_SIGN_ON,
        'strict-transport-security': 'max-age=31536000; includeSubDomains',
        ...COMMON,
      });
    },
  );
});
