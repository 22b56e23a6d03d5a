/**
 * A page's first view in its HTML (docs/decisions/0106-first-view-from-the-server.md): drawn by the
 * build's renderer (here a stand-in written beside the client, as the build writes its own) only
 * when the navigation rules' own answers say the app will show that page, and never at the cost
 * of the page itself.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FirstAnswer } from '../../contracts/first-answers';
import { pageById, type PageEntry } from '../../machines/page-table';
import { regulations, sessions } from '../../server/db/schema';
import { loadFirstViewLoader, loadFirstViewRenderer, showsWithAnswers, withFirstView } from '../../server/spa/first-view';
import { buildTestApp, signInAs, type SignedIn, type TestApp } from './support/build-test-app';
import { TEST_INDEX, inlinedAnswers, openPage } from './support/page-html';

/** Draws the account menu (with the query string it was given), says which reads /Top was given, refuses /OptionServices with an error, says how many reads the plan change and Resume/Confirm were given, names the visitor's pages (the error page only with a query, as the app's renderer), and leaves every other page to the app. */
const RENDERER = `export function renderFirstView({ pageId, pathname, search, reads }) {
  if (pageId === 'ACC0001') return '<p class="drawn">' + pathname + (search === '' ? '' : ' with ' + search) + '</p>';
  if (pageId === 'CMN0002') return '<p class="reads">' + reads.map((read) => read.method + ' ' + read.url + ' ' + read.status + ' ' + read.response.services.length).join() + '</p>';
  if (pageId === 'OPT0001') throw new Error('a view that cannot be drawn');
  if (pageId === 'BKL0011') return '<p class="plan">' + reads.length + ' read</p>';
  if (pageId === 'ADB0011') return '<p class="resume">' + reads.length + ' read</p>';
  if (pageId === 'CMN0005' && search === '') return undefined;
  if (pageId === 'CMN0001' || pageId === 'CMN0005' || pageId === 'not-found') return '<p class="visitor">' + pageId + ' ' + pathname + (search === '' ? '' : ' with ' + search) + '</p>';
  return undefined;
}`;
const drawnMenu = '<div id="first-view"><p class="drawn">/AccountMenu</p></div><div id="root" hidden';

/** The key to a session's kept views (ADR 0116) as the server derives it: a hash of the build's entry and the session cookie, never the cookie. */
const keyOf = (signedIn: SignedIn, entry = '/assets/index-abc123.js') => createHash('sha256').update(`kept-view:${entry}:${signedIn.sessionId}`).digest('base64url').slice(0, 22);

let dist: string;
let test: TestApp;
let demo18: SignedIn;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'portal-first-view-'));
  mkdirSync(join(dist, 'client'));
  mkdirSync(join(dist, 'server'));
  writeFileSync(join(dist, 'client', 'index.html'), TEST_INDEX);
  writeFileSync(join(dist, 'server', 'render-first-view.js'), RENDERER);
  test = await buildTestApp({ clientDir: join(dist, 'client') });
  demo18 = await signInAs(test, 'demo18');
});
afterAll(async () => {
  await test.close();
  rmSync(dist, { recursive: true, force: true });
});
beforeEach(async () => {
  await test.db.delete(regulations);
});

const open = (path: string, cookie?: string) => openPage(test, path, cookie);

/** The app's root as the HTML leaves it: hidden behind a first view, or empty and shown. */
const rootOf = (html: string) => /<div id="root"[^>]*><\/div>/.exec(html)?.[0];

describe('ページの最初の表示をサーバーが描いてHTMLに入れること', () => {
  it('ログイン中で遷移ルールの答えがすべて通るページには、最初の表示を入れてアプリの root を隠すこと', async () => {
    const response = await open('/AccountMenu', demo18.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`${drawnMenu} data-kept-view="${keyOf(demo18)}"></div>`);
    expect(response.body).not.toContain(demo18.sessionId);
    expect(response.body).toContain('id="first-answers"');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('ページの問い合わせ文字列を、描き手にそのまま（? を除いて）渡すこと', async () => {
    const html = (await open('/AccountMenu?contents=2026%2F10&x=1', demo18.cookie)).body;
    expect(html).toContain('<p class="drawn">/AccountMenu with contents=2026%2F10&x=1</p>');
  });

  it('ページの最初の読み出しを、お客さまのセッションで API に問い合わせてから描き、その答えを最初の答えに添えること（トップ）', async () => {
    const html = (await open('/Top', demo18.cookie)).body;
    const usageStatus = `/api/customer/${demo18.sbSystemId}/service/usage/status`;
    expect(html).toContain(`<div id="first-view"><p class="reads">GET ${usageStatus} 200 3</p></div>`);
    // The app takes it in place of its own call: the same answer it was drawn from.
    const answers = inlinedAnswers(html);
    expect(answers?.map((answer) => answer.url)).toEqual(['/api/getAuthInfo', `/api/customer/${demo18.sbSystemId}/bySbSystemId/contracts`, '/api/get_master_data/method', `/api/customer/${demo18.sbSystemId}/regulation/check`, usageStatus]);
    expect(answers?.[4]).toMatchObject({ method: 'GET', status: 200, response: { restricted: false } });
  });

  it('描かなかったページには、ページの読み出しを添えないこと', async () => {
    await test.db.insert(regulations).values({ pageId: 'CMN0002', startsAt: new Date(Date.now() - 60_000), endsAt: new Date('2099-01-01T05:45:00Z') });
    const answers = inlinedAnswers((await open('/Top', demo18.cookie)).body);
    expect(answers).toHaveLength(4);
  });

  it('規制中のページには描かず、アプリの規制エラーに任せること', async () => {
    await test.db.insert(regulations).values({ pageId: 'ACC0001', startsAt: new Date(Date.now() - 60_000), endsAt: new Date('2099-01-01T05:45:00Z') });
    const html = (await open('/AccountMenu', demo18.cookie)).body;
    expect(html).not.toContain('first-view');
    expect(rootOf(html)).toBe('<div id="root"></div>');
  });

  it('クッキーのない要求・終わったセッションには描かないこと', async () => {
    const ended = await signInAs(test, 'demo19');
    await test.db.delete(sessions).where(eq(sessions.id, ended.sessionId));
    // With a query string the server leaves the sign-on to the app's rules (ADR 0103).
    for (const [path, cookie] of [['/AccountMenu?from=mail', undefined], ['/AccountMenu', ended.cookie]] as const) {
      const html = (await open(path, cookie)).body;
      expect(html, path).not.toContain('first-view');
      expect(rootOf(html), path).toBe('<div id="root"></div>');
    }
  });

  // The plan change keeps its confirmation on its own URL: a reload may resume the tab's run there.
  it('同じURLに後の段階があるページ（プラン変更）は、再読み込み（Cache-Control: max-age=0）では描かず、ページの読み出しもしないこと', async () => {
    const demo10 = await signInAs(test, 'demo10');
    const fresh = (await open('/BasketLive/Plan/Change', demo10.cookie)).body;
    expect(fresh).toContain('<div id="first-view"><p class="plan">1 read</p></div>');
    expect(inlinedAnswers(fresh)).toHaveLength(5);
    for (const cacheControl of ['max-age=0', 'no-cache, max-age=0']) {
      const reloaded = (await test.app.inject({ method: 'GET', url: '/BasketLive/Plan/Change', headers: { host: 'localhost', cookie: demo10.cookie, 'cache-control': cacheControl } })).body;
      expect(reloaded, cacheControl).not.toContain('first-view');
      // A build without the loader (as here) has no kept views: the root as the app's index has it.
      expect(rootOf(reloaded), cacheControl).toBe('<div id="root"></div>');
      expect(inlinedAnswers(reloaded), cacheControl).toHaveLength(4);
    }
    // A disabled cache (DevTools, Lighthouse) sends no-cache on every load: not a reload.
    const uncached = (await test.app.inject({ method: 'GET', url: '/BasketLive/Plan/Change', headers: { host: 'localhost', cookie: demo10.cookie, 'cache-control': 'no-cache' } })).body;
    expect(uncached).toContain('<p class="plan">1 read</p>');
    // Any other page is drawn on a reload too: the tab's run stands on the page it draws.
    const menu = await test.app.inject({ method: 'GET', url: '/AccountMenu', headers: { host: 'localhost', cookie: demo18.cookie, 'cache-control': 'max-age=0' } });
    expect(menu.body).toContain(drawnMenu);
  });

  // Resume/Confirm keeps the run's wait for the card provider on its own URL: Back from the provider loads it again.
  it('カード決済サービスへ出たページ（再開の確認）は、出たページを名指すクッキーがあれば描かず、ページの読み出しもしないこと', async () => {
    const demo04 = await signInAs(test, 'demo04');
    const path = '/AnshinDataBox/Resume/Confirm';
    const fresh = (await open(path, demo04.cookie)).body;
    expect(fresh).toContain('<div id="first-view"><p class="resume">1 read</p></div>');
    const back = (await open(path, `${demo04.cookie}; portal_at_card_provider=${path}`)).body;
    expect(back).not.toContain('first-view');
    expect(rootOf(back)).toBe('<div id="root"></div>');
    expect(inlinedAnswers(back)).toHaveLength(4);
    // A reload may resume the run waiting there too.
    const reloaded = (await test.app.inject({ method: 'GET', url: path, headers: { host: 'localhost', cookie: demo04.cookie, 'cache-control': 'max-age=0' } })).body;
    expect(reloaded).not.toContain('first-view');
    // The mark names the page the run left from; another page is drawn as always.
    const elsewhere = (await open(path, `${demo04.cookie}; portal_at_card_provider=/AnshinDataBox/Apply/Payment`)).body;
    expect(elsewhere).toContain('<p class="resume">1 read</p>');
  });

  // ADR 0113: the landing, the error page and the not-found page, for a visitor without a session.
  it('ログインしていない方には、入り口・エラー・見つからないページを描き、誰の答えも読み出しも添えるだけにすること', async () => {
    const landing = await open('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('<div id="first-view"><p class="visitor">CMN0001 /</p></div><div id="root" hidden></div>');
    // The landing's one answer (who is signed in: nobody) goes with it, as without a first view.
    expect(inlinedAnswers(landing.body)?.map((answer) => [answer.url, answer.status])).toEqual([['/api/getAuthInfo', 401]]);
    expect(landing.headers['cache-control']).toBe('no-store');
    expect(landing.headers.vary).toBe('accept-encoding, cookie');
    const error = await open('/Error?code=E0008');
    expect(error.body).toContain('<p class="visitor">CMN0005 /Error with code=E0008</p>');
    expect(error.body).not.toContain('id="first-answers"');
    const notFound = await open('/no/such/page');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.body).toContain('<p class="visitor">not-found /no/such/page</p>');
  });

  it('セッションのクッキーがあれば（終わったものでも）、ログインしていない方のページは描かないこと', async () => {
    const ended = await signInAs(test, 'demo19');
    await test.db.delete(sessions).where(eq(sessions.id, ended.sessionId));
    for (const cookie of [demo18.cookie, ended.cookie]) {
      for (const path of ['/', '/Error?code=E0008', '/no/such/page']) {
        const html = (await open(path, cookie)).body;
        expect(html, path).not.toContain('first-view');
        expect(rootOf(html), path).toBe('<div id="root"></div>');
      }
    }
  });

  it('描かないページ・描けなかったページも、最初の表示なしで変わらず返すこと', async () => {
    for (const path of ['/AnshinDataBox/Service/Detail', '/OptionServices']) {
      const response = await open(path, demo18.cookie);
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain('first-view');
      expect(rootOf(response.body), path).toBe('<div id="root"></div>');
      expect(response.body, path).toContain('id="first-answers"');
    }
  });
});

describe('最初の表示を描く条件と差し込み', () => {
  const answer = (status: number, response: unknown = {}): FirstAnswer => ({ method: 'GET', url: '/api/x', status, response });
  const page = (id: string): PageEntry => pageById(id)!;
  const passing = (lv2Authed: boolean) => [answer(200, { lv2Authed }), answer(200), answer(200), answer(200, { regulated: false })];

  it('4件すべて200で、ページの求めるログインの段階に達しているときだけ描くこと', () => {
    expect(showsWithAnswers(page('ACC0001'), passing(false))).toBe(true);
    expect(showsWithAnswers(page('ACC0003'), passing(true))).toBe(true);
    expect(showsWithAnswers(page('ACC0003'), passing(false))).toBe(false);
    expect(showsWithAnswers(page('ACC0001'), [...passing(true).slice(0, 3), answer(503)])).toBe(false);
    expect(showsWithAnswers(page('ACC0001'), [answer(401)])).toBe(false);
    expect(showsWithAnswers(page('CMN0001'), [answer(200, { lv2Authed: true })])).toBe(false);
  });

  it('アプリの空の root の前に差し込み、root を隠すこと（描いた中身の「$」もそのまま）', () => {
    expect(withFirstView('<body><div id="root"></div></body>', '<p>$&amp; 1,000円</p>')).toBe('<body><div id="first-view"><p>$&amp; 1,000円</p></div><div id="root" hidden></div></body>');
  });

  it('ビルドに描き手がなければ何もせず、あっても renderFirstView がなければ起動を止めること', async () => {
    expect(await loadFirstViewRenderer(join(dist, 'server', 'absent.js'))).toBeUndefined();
    writeFileSync(join(dist, 'server', 'wrong.js'), 'export const somethingElse = 1;');
    await expect(loadFirstViewRenderer(join(dist, 'server', 'wrong.js'))).rejects.toThrow(/renderFirstView/);
  });
});

describe('最初の表示を描いたページは、アプリのスクリプトを最初の描画のあとに求めること（ADR 0112）', () => {
  /** The loader as the build writes it: a classic script with no import or export of its own. */
  const LOADER = 'document.currentScript.getAttribute("data-app-entry");';
  const MANIFEST = JSON.stringify({ 'src/first-view/first-view-loader.ts': { file: 'assets/first-view-loader-x1.js', isEntry: true } });
  const scriptHash = `'sha256-${createHash('sha256').update(LOADER).digest('base64')}'`;
  let withLoader: TestApp;
  let signedIn: SignedIn;
  let loaderDist: string;

  beforeAll(async () => {
    loaderDist = mkdtempSync(join(tmpdir(), 'portal-first-view-loader-'));
    mkdirSync(join(loaderDist, 'client', '.vite'), { recursive: true });
    mkdirSync(join(loaderDist, 'client', 'assets'));
    mkdirSync(join(loaderDist, 'server'));
    writeFileSync(join(loaderDist, 'client', 'index.html'), TEST_INDEX);
    writeFileSync(join(loaderDist, 'client', '.vite', 'manifest.json'), MANIFEST);
    writeFileSync(join(loaderDist, 'client', 'assets', 'first-view-loader-x1.js'), `${LOADER}\n`);
    writeFileSync(join(loaderDist, 'server', 'render-first-view.js'), RENDERER);
    withLoader = await buildTestApp({ clientDir: join(loaderDist, 'client') });
    signedIn = await signInAs(withLoader, 'demo18');
  });
  afterAll(async () => {
    await withLoader.close();
    rmSync(loaderDist, { recursive: true, force: true });
  });

  it('描いたページでは、アプリの入口のスクリプトの代わりにローダーを埋め込み、入口を名指すこと。その方針はローダーだけをハッシュで許すこと', async () => {
    const response = await openPage(withLoader, '/AccountMenu', signedIn.cookie);
    // After the app's root, which the loader finds first (ADR 0116).
    expect(response.body).toContain(`${drawnMenu} data-kept-view="${keyOf(signedIn)}"></div><script data-app-entry="/assets/index-abc123.js">${LOADER}</script>`);
    expect(response.body).not.toContain('<script type="module"');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain(`script-src 'self' ${scriptHash};`);
    // The hash is of the very code inlined: the browser runs it, and nothing else inline.
    const inlined = /<script data-app-entry="[^"]*">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '';
    expect(`'sha256-${createHash('sha256').update(inlined).digest('base64')}'`).toBe(scriptHash);
    // A visitor's drawn pages load the app the same way (ADR 0113).
    for (const path of ['/', '/Error?code=E0008', '/no/such/page']) {
      const visitor = await openPage(withLoader, path);
      expect(visitor.body, path).toContain(`<div id="root" hidden></div><script data-app-entry="/assets/index-abc123.js">${LOADER}</script>`);
      expect(String(visitor.headers['content-security-policy']), path).toContain(`script-src 'self' ${scriptHash};`);
    }
  });

  it('ログイン中で描かないページ（描けなかったページ・再読み込みの段階）も、ローダーから読み込み、セッションの鍵を root に置くこと（ADR 0115）', async () => {
    const response = await openPage(withLoader, '/OptionServices', signedIn.cookie);
    expect(response.body).not.toContain('first-view"');
    expect(response.body).toContain(`<div id="root" data-kept-view="${keyOf(signedIn)}"></div><script data-app-entry="/assets/index-abc123.js">${LOADER}</script>`);
    expect(response.body).not.toContain('<script type="module"');
    expect(String(response.headers['content-security-policy'])).toContain(`script-src 'self' ${scriptHash};`);
  });

  it('ログインしていない方の描かないページ・ルールが通らないページは、入口のスクリプトをそのまま返し、鍵も置かず、方針もいつものままであること', async () => {
    // The error page without a code in its address is the app's alone (ADR 0113); an ended session's page is the rules' to decide.
    const ended = await signInAs(withLoader, 'demo18');
    await withLoader.db.delete(sessions).where(eq(sessions.id, ended.sessionId));
    for (const [path, cookie] of [['/Error', undefined], ['/AccountMenu', ended.cookie]] as const) {
      const response = await openPage(withLoader, path, cookie);
      expect(response.body, path).toContain('<script type="module" src="/assets/index-abc123.js"></script>');
      expect(response.body, path).not.toContain('data-app-entry');
      expect(response.body, path).not.toContain('data-kept-view');
      expect(String(response.headers['content-security-policy']), path).toContain("script-src 'self';");
    }
  });

  it('ローダーのないビルドでは何もせず、埋め込めないローダーなら起動を止めること', async () => {
    expect(await loadFirstViewLoader(join(dist, 'client'))).toBeUndefined();
    const broken = mkdtempSync(join(tmpdir(), 'portal-first-view-loader-broken-'));
    try {
      mkdirSync(join(broken, '.vite'));
      mkdirSync(join(broken, 'assets'));
      writeFileSync(join(broken, '.vite', 'manifest.json'), MANIFEST);
      for (const script of ['x("</script>")', 'import { a } from "./a.js";\na();', 'export const a = 1;']) {
        writeFileSync(join(broken, 'assets', 'first-view-loader-x1.js'), script);
        await expect(loadFirstViewLoader(broken), script).rejects.toThrow(/cannot be inlined/);
      }
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });

  // ADR 0117: in the head they would compete with the first view's stylesheet; the loader runs them one task each after the first paint.
  it('入口が読み込む部分（ビルドの modulepreload）は、head から外してローダーの要素にビルドの順で名指すこと', () => {
    const loader = { script: LOADER, scriptHash };
    const built =
      '<head><script type="module" crossorigin src="/assets/a.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/first-page-contracts-c1.js">\n<link rel="modulepreload" crossorigin href="/assets/first-page-react-r1.js"></head><div id="root"></div>';
    const drawn = withFirstView(built, '<p>x</p>', loader);
    expect(drawn).not.toContain('modulepreload');
    expect(drawn).toContain(
      `<div id="root" hidden></div><script data-app-entry="/assets/a.js" data-app-chunks="/assets/first-page-contracts-c1.js /assets/first-page-react-r1.js">${LOADER}</script>`,
    );
    // Without a loader the page keeps the build's own loading: the entry's script with its preloads.
    expect(withFirstView(built, '<p>x</p>')).toContain('<link rel="modulepreload" crossorigin href="/assets/first-page-react-r1.js">');
  });

  it('入口のスクリプトの形が違う HTML は、最初の表示だけを入れて入口はそのままにすること', () => {
    const loader = { script: LOADER, scriptHash };
    expect(withFirstView('<head><script type="module" crossorigin src="/assets/a.js"></script></head><div id="root"></div>', '<p>x</p>', loader)).toBe(
      `<head></head><div id="first-view"><p>x</p></div><div id="root" hidden></div><script data-app-entry="/assets/a.js">${LOADER}</script>`,
    );
    // Without a first view, for the tab's kept view (ADR 0116): the root stays shown, with the session's key.
    expect(withFirstView('<head><script type="module" crossorigin src="/assets/a.js"></script></head><div id="root"></div>', undefined, loader, 'k1')).toBe(
      `<head></head><div id="root" data-kept-view="k1"></div><script data-app-entry="/assets/a.js">${LOADER}</script>`,
    );
    expect(withFirstView('<head><script src="/assets/a.js"></script></head><div id="root"></div>', '<p>x</p>', loader)).toContain('<script src="/assets/a.js"></script>');
  });
});
