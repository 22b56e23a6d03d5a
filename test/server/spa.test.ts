import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { livePages, pageTable, type PageEntry } from '../../machines/page-table';
import { cdnBase, misplacedAssets } from '../../server/spa/cdn-url';
import { signOnHref } from '../../machines/sign-on-href';
import { SESSION_COOKIE } from '../../server/session/session-store';
import { chooseEncoding } from '../../server/spa/spa-routes';
import { AsksWhoIsSignedIn } from '../../server/spa/first-answers';
import { buildTestApp, type TestApp, errorOf } from './support/build-test-app';

/** A hashed asset with the build's precompressed copies (the precompress plugin in vite.config.ts). */
const APP_JS = `export const text = ${JSON.stringify('お客さまポータル '.repeat(400))};\n`;
const INDEX = '<!doctype html><html lang="ja"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

let clientDir: string;
const BUILD_ID = '20261126033000-abcd1234';
let test: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'portal-client-'));
  mkdirSync(join(clientDir, 'assets'));
  mkdirSync(join(clientDir, '.vite'));
  writeFileSync(join(clientDir, 'index.html'), INDEX);
  writeFileSync(join(clientDir, 'assets', 'index-abc123.js'), 'console.log("app");');
  writeFileSync(join(clientDir, 'assets', 'app-def456.js'), APP_JS);
  writeFileSync(join(clientDir, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
  writeFileSync(join(clientDir, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
  writeFileSync(join(clientDir, 'build-info.json'), '{"buildId":"test"}');
  mkdirSync(join(clientDir, 'builds', BUILD_ID), { recursive: true });
  writeFileSync(join(clientDir, 'builds', BUILD_ID, 'build.json'), `{"buildId":"${BUILD_ID}"}`);
  writeFileSync(join(clientDir, '.vite', 'manifest.json'), '{}');
  test = await buildTestApp({ clientDir });
  unbuilt = await buildTestApp();
});
afterAll(async () => {
  await test.close();
  await unbuilt.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The sign-on a signed-out request without a query string is sent to, for the pages that sign on at once. */
const signsOnAtOnce = (page: PageEntry) => (page.entry && page.login !== 'none' ? signOnHref('lv1', page.path, page) : undefined);

const get = (app: TestApp, url: string, host = 'localhost') => app.app.inject({ method: 'GET', url, headers: { host } });

describe('アプリの配信', () => {
  it('ページ表の公開中のパスすべてでindex.htmlをno-cacheで返すこと（クッキーなしですぐログインへ進むページ、ログイン中かを答える入口を除く）', async () => {
    // The landing carries who is signed in (test/server/first-answers.test.ts).
    const served = livePages.filter((page) => signsOnAtOnce(page) === undefined && !AsksWhoIsSignedIn.has(page.id));
    expect(served.length).toBeGreaterThan(20);
    for (const page of served) {
      const response = await get(test, page.path);
      expect(response.statusCode, page.path).toBe(200);
      expect(response.body).toBe(INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it('単独で開けてログインの要るページは、クッキーもクエリもなければアプリを返さずに、遷移ルールと同じログインへ302で移動すること（ADR 0103）', async () => {
    const signOn = livePages.filter((page) => signsOnAtOnce(page) !== undefined);
    expect(signOn.map((page) => page.path)).toEqual(expect.arrayContaining(['/Top', '/AnshinDataBox', '/Invoice', '/AccountMenu']));
    for (const page of signOn) {
      const response = await get(test, page.path);
      expect(response.statusCode, page.path).toBe(302);
      expect(response.headers.location, page.path).toBe(signOnHref('lv1', page.path, page));
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toContain('cookie');
    }
    expect((await get(test, '/Top/')).headers.location).toBe('/auth/login?returnTo=%2FTop&type=1');
    // A query string may carry what the rules keep before signing on; a cookie, a session that the rules check.
    expect((await get(test, '/Invoice?month=202601')).body).toBe(INDEX);
    const withCookie = await test.app.inject({ method: 'GET', url: '/Top', headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=ended` } });
    expect(withCookie.statusCode).toBe(200);
  });

  it('末尾のスラッシュは無視すること', async () => {
    expect((await get(test, '/Error/')).statusCode).toBe(200);
    expect((await get(test, '/AnshinDataBox/Apply/')).statusCode).toBe(200);
  });

  it('まだ公開していないページ・ページ表にないパスは404でindex.htmlを返すこと', async () => {
    // Every page of the table is live since the account menu's last pages (2026-11-26); a page
    // added to the table before its view is built joins this list by itself.
    const notLive = pageTable.filter((page) => !page.live).map((page) => page.path);
    for (const path of [...notLive, '/no/such/page', '/Energy', '/top']) {
      const response = await get(test, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toBe(INDEX);
    }
  });

  it('/assets/ のファイルは1年キャッシュ、それ以外のファイルはno-cacheで返すこと', async () => {
    const asset = await get(test, '/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.body).toContain('console.log');
    const info = await get(test, '/build-info.json');
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-cache');
  });

  it('ビルドIDごとのメタデータ /builds/<buildId>/build.json は変わらないものとして1年キャッシュで返し、ないビルドは404にすること', async () => {
    const metadata = await get(test, `/builds/${BUILD_ID}/build.json`);
    expect(metadata.statusCode).toBe(200);
    expect(metadata.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(metadata.json()).toEqual({ buildId: BUILD_ID });
    expect((await get(test, '/builds/20250101000000-00000000/build.json')).statusCode).toBe(404);
  });

  it('/assets/ のファイルはブラウザが受け付ければビルド時に圧縮したBrotli・gzipで返し、Varyを付けること', async () => {
    const request = (acceptEncoding?: string) =>
      test.app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

    const br = await request('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBeLessThan(Buffer.byteLength(APP_JS) / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(APP_JS);

    const gzip = await request('gzip, deflate, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(APP_JS);

    const identity = await request();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toContain('accept-encoding');
    expect(identity.body).toBe(APP_JS);
  });

  it('index.htmlも受け付ける圧縮で返し、no-cacheとVaryを付けること', async () => {
    for (const path of ['/Error', '/no/such/page']) {
      const br = await test.app.inject({ method: 'GET', url: path, headers: { host: 'localhost', 'accept-encoding': 'gzip, br' } });
      expect(br.headers['content-encoding'], path).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(INDEX);
      const gzip = await test.app.inject({ method: 'GET', url: path, headers: { host: 'localhost', 'accept-encoding': 'gzip' } });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(INDEX);
    }
  });

  it('Accept-Encodingの解釈: Brotliを優先し、q=0は受け付けないものとすること', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('BR')).toBe('br');
    // Any coding is acceptable: ours first.
    expect(chooseEncoding('*')).toBe('br');
    // The browser's weights decide over our order.
    expect(chooseEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
    expect(chooseEncoding('gzip;q=0')).toBeUndefined();
    expect(chooseEncoding(undefined)).toBeUndefined();
    expect(chooseEncoding(['deflate', 'br'])).toBe('br');
  });

  it('ドットで始まるファイルやビルドの外は返さないこと', async () => {
    expect((await get(test, '/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get(test, '/assets/../../etc/passwd')).body).not.toContain('root:');
    expect((await get(test, '/%2e%2e/%2e%2e/etc/passwd')).statusCode).toBe(404);
    expect((await get(test, '/assets/missing.js')).statusCode).toBe(404);
  });

  // /oidc and /auth belong to the sign-on plugin, which answers its own unknown paths.
  it('/api・/sandbox の知らないパスはA0404のJSONで答えること', async () => {
    for (const path of ['/api/nothing', '/api/customer/1000000001/no-such-call', '/sandbox/nothing']) {
      const response = await get(test, path);
      expect(response.statusCode, path).toBe(404);
      expect(errorOf(response).errorCode).toBe('A0404');
    }
    const post = await test.app.inject({ method: 'POST', url: '/api/customer/1000000001/no-such-call', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(errorOf(post).errorCode).toBe('A0404');
  });

  it('デモ用ホストでは/demo/...と/dummyでアプリを返し、それ以外のホストでは/Topへ302で移動すること', async () => {
    for (const path of ['/demo/anything', '/demo', '/dummy', '/dummy/']) {
      const demo = await get(test, path, 'localhost:3000');
      expect(demo.statusCode, path).toBe(200);
      expect(demo.body).toBe(INDEX);
      const review = await get(test, path, 'review.portal.example.test');
      expect(review.statusCode).toBe(200);
      const production = await get(test, path, 'portal.example.jp');
      expect(production.statusCode, path).toBe(302);
      expect(production.headers.location).toBe('/Top');
    }
  });

  it('ビルドがなければ、ページのパスに日本語の「ビルドされていません」ページを返すこと', async () => {
    const page = await get(unbuilt, '/Error');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('アプリがビルドされていません');
    expect(page.body).toContain('lang="ja"');
    const missing = await get(unbuilt, '/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('E9999');
  });
});

describe('CDN_URL（静的ファイルの配信元、ADR 0090）', () => {
  const cdnIndex = INDEX.replace('/assets/', 'https://cdn.example.jp/portal/assets/');
  const clientWith = (index: string) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-client-cdn-'));
    writeFileSync(join(dir, 'index.html'), index);
    return dir;
  };
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('設定なしでは静的ファイルは自分のオリジンだけを許し、設定ありではCDNのオリジンをscript・style・font・imgに加えてCDNを指すHTMLを返すこと', async () => {
    expect((await get(test, '/assets/index-abc123.js')).headers['access-control-allow-origin']).toBeUndefined();
    const without = String((await get(test, '/Error')).headers['content-security-policy']);
    expect(without).toContain("script-src 'self';");
    expect(without).not.toContain('cdn.example.jp');

    const dir = clientWith(cdnIndex);
    dirs.push(dir);
    const cdn = await buildTestApp({ clientDir: dir, env: { CDN_URL: 'https://cdn.example.jp/portal/' } });
    try {
      const page = await get(cdn, '/Error');
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('src="https://cdn.example.jp/portal/assets/index-abc123.js"');
      const csp = String(page.headers['content-security-policy']);
      for (const directive of ['script-src', 'style-src', 'font-src']) expect(csp).toContain(`${directive} 'self' https://cdn.example.jp;`);
      expect(csp).toContain("img-src 'self' data: https://cdn.example.jp;");
      expect(csp).toContain("connect-src 'self';");
      // A CDN pulling from this server passes the header on to the pages' cross-origin loads.
      writeFileSync(join(dir, 'build-info.json'), '{}');
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'index-abc123.js'), APP_JS);
      expect((await get(cdn, '/assets/index-abc123.js')).headers['access-control-allow-origin']).toBe('*');
      expect((await get(cdn, '/build-info.json')).headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await cdn.close();
    }
  });

  it('ビルドとサーバーでCDN_URLが食い違えば起動しないこと（CSPが読み込みを止めるため）', async () => {
    const plain = clientWith(INDEX);
    dirs.push(plain);
    await expect(buildTestApp({ clientDir: plain, env: { CDN_URL: 'https://cdn.example.jp/portal' } })).rejects.toThrow(/do not match CDN_URL/);
    expect(misplacedAssets(cdnIndex, cdnBase(undefined))).toEqual(['https://cdn.example.jp/portal/assets/index-abc123.js']);
    expect(misplacedAssets(cdnIndex, cdnBase('https://other-cdn.example.jp/portal'))).toEqual(['https://cdn.example.jp/portal/assets/index-abc123.js']);
    expect(misplacedAssets(cdnIndex, cdnBase('https://cdn.example.jp/portal/'))).toEqual([]);
    expect(misplacedAssets(INDEX, undefined)).toEqual([]);
  });

  it('CDN_URLはhttp(s)の配信元（パス可）だけを受け付けること', async () => {
    for (const value of ['cdn.example.jp', 'ftp://cdn.example.jp', 'https://cdn.example.jp/?v=1', 'https://user:pw@cdn.example.jp']) {
      await expect(buildTestApp({ env: { CDN_URL: value } }), value).rejects.toThrow(/CDN_URL/);
    }
  });
});
