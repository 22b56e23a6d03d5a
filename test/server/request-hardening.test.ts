/**
 * The lesser findings of issue 14 (docs/decisions/0043-request-hardening.md): the configured
 * origin instead of the Host header, the spec's error shape for URLs the router cannot read,
 * no-store on signed-in answers, and Origin / Sec-Fetch-Site as a second CSRF defence.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../../contracts/error-catalogue';
import { call, returnUrls, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02']);

const payment = (headers: Record<string, string>, origin = kit.origin) =>
  call(kit.test, kit.user('demo01'), 'POST', '/payment/information', {
    payload: { operationType: '10', ...returnUrls(origin) },
    headers: { contentsserviceid: '223', 'x-request-key': `host-${Math.random().toString(36).slice(2)}`, ...headers },
  });

describe('設定されたオリジン', () => {
  it('カード会社からの戻り先はHostヘッダーではなく設定されたオリジンで判断し、注文のページも設定されたオリジンにあること', async () => {
    const spoofed = await payment({ host: 'evil.example.com' }, 'http://evil.example.com');
    expect(spoofed.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(spoofed.json()).errorCode).toBe('A0400');

    const honest = await payment({ host: 'evil.example.com' });
    expect(honest.statusCode).toBe(200);
    const { redirectOrderUrl } = honest.json<{ redirectOrderUrl: string }>();
    expect(new URL(redirectOrderUrl).origin).toBe(kit.origin);
  });
});

describe('読めないURL', () => {
  it('ルーターが読めないURLにも仕様のエラーの形（A0400）で答え、パスを繰り返さないこと', async () => {
    for (const url of ['/api/customer/%E0%A4%A/contracts', '/%zz', '/sandbox/card/pay/%', `/api/customer/${'9'.repeat(200)}%ZZ/contracts`]) {
      const response = await kit.test.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      const body = ErrorBodySchema.parse(response.json());
      expect(body.errorCode, url).toBe('A0400');
      expect(response.body, url).not.toContain('%');
      expect(response.headers['content-security-policy'], url).toBeDefined();
    }
  });

  it('HTTPとして読めない要求にも、フレームワークの形ではなく仕様のエラーの形で答えること', async () => {
    const { hostname, port } = new URL(kit.origin);
    const raw = await new Promise<string>((resolve, reject) => {
      let received = '';
      const socket = connect(Number(port), hostname, () => socket.write('GET /api/getCurrentDate HTTP/1.1\r\nHost: x\r\nNot a header line\r\n\r\n'));
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(raw.startsWith('HTTP/1.1 400')).toBe(true);
    const body = ErrorBodySchema.parse(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)));
    expect(body.errorCode).toBe('A0400');
    expect(raw).not.toContain('Client Error');
  });
});

describe('ログイン中の答え', () => {
  it('APIの答えはキャッシュされないこと（Cache-Control: no-store）', async () => {
    for (const path of ['/contracts', '/service/usage/status']) {
      const response = await call(kit.test, kit.user('demo02'), 'GET', path);
      expect(response.statusCode, path).toBe(200);
      expect(response.headers['cache-control'], path).toBe('no-store');
    }
    const bootstrap = await kit.test.app.inject({ method: 'GET', url: '/api/getAuthInfo', headers: { cookie: kit.user('demo02').cookie } });
    expect(bootstrap.headers['cache-control']).toBe('no-store');
  });
});

describe('ほかのサイトからの状態を変える要求', () => {
  const send = (headers: Record<string, string>) =>
    call(kit.test, kit.user('demo02'), 'POST', '/otp/auth', { payload: { otp: '000000' }, headers });

  it('OriginがこのポータルでないかSec-Fetch-Siteが同一オリジンでなければ403 A0403で、何も数えないこと', async () => {
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example.com' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: kit.origin, 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(ErrorBodySchema.parse(response.json()).errorCode).toBe('A0403');
    }
    const logout = await kit.test.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie: kit.user('demo02').cookie, origin: 'https://evil.example.com' } });
    expect(logout.statusCode).toBe(403);
  });

  it('同じオリジンのブラウザーと、Originを送らない呼び出しは通すこと', async () => {
    const sameOrigin: Record<string, string>[] = [{ origin: kit.origin, 'sec-fetch-site': 'same-origin' }, {}];
    for (const headers of sameOrigin) {
      const response = await send(headers);
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
    // Reading is never refused for its origin (links from other sites land on pages).
    const read = await call(kit.test, kit.user('demo02'), 'GET', '/contracts', { headers: { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });
});
