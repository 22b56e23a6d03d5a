/**
 * Serving the built app (dist/client) on the page table's paths:
 * - a live page path (trailing slash ignored) -> 200 index.html, no-cache, with the page's first
 *   answers (ADR 0087) and, where the server draws it, its first view (ADR 0106); a page that signs on
 *   at once, asked without a session cookie -> 302 to the sign-on (ADR 0103);
 * - /demo/... and /dummy -> the app on demo hosts (DEMO_HOSTS), otherwise 302 to /Top;
 * - a file of the build -> the file; /assets/ (hashed names) and /builds/<buildId>/ (one build's
 *   metadata, ADR 0091) cached for a year as immutable, and readable cross-origin when the
 *   assets come from a CDN (CDN_URL, ADR 0090); the build's
 *   Brotli/gzip copies (the precompress plugin in vite.config.ts) when the browser accepts
 *   them, and index.html compressed once in memory (docs/decisions/0041-lighthouse-bench.md);
 * - /api, /oidc, /auth, /sandbox paths nobody answered -> 404 A0404 (JSON);
 * - anything else -> 404 with index.html, so the app shows its not-found page (E9999).
 * Without a build (tests, a fresh checkout) pages get a short Japanese page saying so.
 */
import { readFile, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FirstAnswersElementId, serializeFirstAnswers, type FirstAnswer } from '../../contracts/first-answers';
import { NotFoundView } from '../../contracts/first-view';
import { findLivePage, isDemoPath, normalizePath, type PageEntry } from '../../machines/page-table';
import { signOnHref } from '../../machines/sign-on-href';
import { cdnBase, misplacedAssets } from './cdn-url';
import { firstAnswersFor } from './first-answers';
import { drawsOnThisLoad, entryOf, firstViewReadsFor, keptViewKey, loadFirstViewLoader, loadFirstViewRenderer, showsToVisitor, showsWithAnswers, withFirstView } from './first-view';
import { SESSION_COOKIE } from '../session/session-store';
import type { Env } from '../env';
import { notFound } from '../http/app-error';
import { securityHeaders } from '../http/security-headers';
import { escapeHtml, htmlPage } from '../http/html';

const SERVER_PREFIXES = ['/api', '/oidc', '/auth', '/sandbox'];
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** Files whose content never changes under their name: hashed assets, and a build's own metadata. */
const IMMUTABLE_PREFIXES = ['/assets/', '/builds/'];

function isServerPath(pathname: string): boolean {
  return SERVER_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

type Encoding = 'br' | 'gzip';
type IndexHtml = { text: string; br: Buffer; gzip: Buffer };

/**
 * The encoding to send by the request's Accept-Encoding (weights respected, q=0 refuses),
 * Brotli first on a tie; codings are case-insensitive (RFC 9110), the negotiator is not.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : (acceptEncoding ?? '');
  return negotiate<Encoding>(header.toLowerCase(), ['br', 'gzip']) ?? undefined;
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A page's own copy is compressed as it is sent, quickly: it is a few kilobytes. */
function compress(text: string, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'br') return brotliAsync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  return gzipAsync(text, { level: 6 });
}

/** The index with the first answers as a JSON data block at the end of its head (ADR 0087). */
export function withFirstAnswers(indexHtml: string, answers: readonly FirstAnswer[]): string {
  const block = `<script type="application/json" id="${FirstAnswersElementId}">${serializeFirstAnswers(answers)}</script>`;
  return indexHtml.replace('</head>', `${block}</head>`);
}

/**
 * The sign-on a request for `page` is sent to at once, before any of the app loads: a page that
 * needs sign-in and may be opened on its own, asked without a session cookie and without a query
 * string. The app's login rule (spec section 2) makes the same redirect, but only after its
 * JavaScript has arrived and run. A query string may carry what the rules keep before signing on
 * (the invoice parameter, a redirect target), so those requests still go to the app; so does a
 * request with a cookie, whose session may have ended (the app's rules decide). ADR 0103.
 */
export function signOnAtOnce(request: FastifyRequest, page: PageEntry): string | undefined {
  if (!page.entry || page.login === 'none' || request.url.includes('?') || request.cookies[SESSION_COOKIE] !== undefined) return undefined;
  return signOnHref('lv1', normalizePath(request.url), page);
}

function notBuiltPage(status: number): string {
  const lead = status === 404 ? 'お探しのページは見つかりませんでした（E9999）。' : 'この画面はアプリのビルド後に表示されます。';
  return htmlPage(
    'アプリがビルドされていません',
    `<h1>アプリがビルドされていません</h1><p>${escapeHtml(lead)}</p><p><code>npm run build</code> を実行してから、もう一度開いてください。</p>`,
  );
}

export async function registerSpa(app: FastifyInstance, options: { env: Env; clientDir: string }): Promise<void> {
  const root = resolve(options.clientDir);
  // preCompressed: sendFile picks file.br / file.gz by Accept-Encoding and adds Vary.
  await app.register(fastifyStatic, { root, serve: false, wildcard: false, suppressWarning: true, preCompressed: true });
  const demoHosts = new Set(options.env.DEMO_HOSTS);

  let indexHtml: IndexHtml | undefined;
  const loadIndex = async (): Promise<IndexHtml | undefined> => {
    if (indexHtml !== undefined) return indexHtml;
    try {
      const text = await readFile(resolve(root, 'index.html'), 'utf8');
      indexHtml = { text, br: brotliCompressSync(text), gzip: gzipSync(text, { level: 9 }) };
    } catch {
      return undefined;
    }
    return indexHtml;
  };
  // The build's first views (ADR 0106) sit beside its client: <dist>/client and <dist>/server.
  const renderFirstView = await loadFirstViewRenderer(resolve(root, '..', 'server', 'render-first-view.js'));
  // A drawn or signed-in page loads the app through the loader, inline, which its policy allows by its hash (ADR 0112, 0116).
  const loader = await loadFirstViewLoader(root);
  const loaderPagePolicy =
    loader === undefined ? undefined : securityHeaders(options.env, { scriptHashes: [loader.scriptHash] }).find(([name]) => name === 'content-security-policy')?.[1];
  /**
   * The page's first view and the reads it was drawn from, or undefined: a page it cannot draw is
   * still served, by the app alone.
   */
  const firstViewOf = async (request: FastifyRequest, page: PageEntry | undefined, answers: readonly FirstAnswer[]): Promise<{ markup: string; reads: readonly FirstAnswer[] } | undefined> => {
    if (renderFirstView === undefined || (page !== undefined && !drawsOnThisLoad(request, page))) return undefined;
    if (!(page !== undefined && showsWithAnswers(page, answers)) && !showsToVisitor(request, page)) return undefined;
    const url = new URL(request.url, 'http://portal.invalid');
    try {
      const reads = page === undefined ? [] : await firstViewReadsFor(app, request, page, answers);
      const markup = renderFirstView({ pageId: page?.id ?? NotFoundView, pathname: page?.path ?? url.pathname, search: url.search.slice(1), answers, reads });
      return markup === undefined ? undefined : { markup, reads };
    } catch (error) {
      request.log.warn({ err: error, pageId: page?.id ?? NotFoundView }, 'first view not drawn');
      return undefined;
    }
  };

  // A build made for another CDN_URL would load its files from where the CSP forbids them.
  const assetBase = cdnBase(options.env.CDN_URL);
  const misplaced = misplacedAssets((await loadIndex())?.text ?? '', assetBase);
  if (misplaced.length > 0) {
    throw new Error(`the build's asset URLs do not match CDN_URL (${options.env.CDN_URL ?? 'unset'}): ${misplaced.slice(0, 3).join(', ')}`);
  }

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, status: number, page?: PageEntry) => {
    const html = await loadIndex();
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (html === undefined) return reply.send(notBuiltPage(status));
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    const answers = page === undefined ? [] : await firstAnswersFor(app, request, page);
    // Without a page: the not-found page (404), or a demo page, which is the app's alone.
    const firstView = page === undefined && status !== 404 ? undefined : await firstViewOf(request, page, answers);
    if (answers.length > 0 || firstView !== undefined) {
      // This copy holds the customer's own answers, or a page drawn because there is no session:
      // never stored, and it differs by cookie.
      reply.header('cache-control', 'no-store').header('vary', 'accept-encoding, cookie');
      // The reads a first view was drawn from go with the answers: the app takes them in place of
      // its own calls, so it draws the same page, without another round trip, before it takes over.
      const inlined = [...answers, ...(firstView?.reads ?? [])];
      const withAnswers = inlined.length === 0 ? html.text : withFirstAnswers(html.text, inlined);
      // A signed-in page the server cannot draw (a step after a reload) loads through the loader
      // too, which paints the tab's kept view of it if there is one (ADR 0116).
      const build = entryOf(html.text);
      const keptKey = build !== undefined && page !== undefined && showsWithAnswers(page, answers) ? keptViewKey(request, build) : undefined;
      const throughLoader = loader !== undefined && (firstView !== undefined || keptKey !== undefined);
      const text = firstView !== undefined || throughLoader ? withFirstView(withAnswers, firstView?.markup, loader, keptKey) : withAnswers;
      if (throughLoader && loaderPagePolicy !== undefined) reply.header('content-security-policy', loaderPagePolicy);
      if (encoding === undefined) return reply.send(text);
      return reply.header('content-encoding', encoding).send(await compress(text, encoding));
    }
    if (encoding === undefined) return reply.send(html.text);
    return reply.header('content-encoding', encoding).send(html[encoding]);
  };

  /** A regular file inside the build, never a dot-file (.vite/manifest.json) or outside root. */
  const buildFile = async (pathname: string): Promise<string | undefined> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return undefined;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return undefined;
    const file = resolve(root, `.${decoded}`);
    if (!file.startsWith(root + sep)) return undefined;
    try {
      return (await stat(file)).isFile() ? file.slice(root.length + 1) : undefined;
    } catch {
      return undefined;
    }
  };

  const answer = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isServerPath(pathname)) throw notFound();
    if (isDemoPath(pathname)) {
      if (!demoHosts.has(request.hostname.toLowerCase())) return reply.redirect('/Top', 302);
      return sendApp(request, reply, 200);
    }
    const page = findLivePage(pathname);
    if (page !== undefined) {
      const signOn = signOnAtOnce(request, page);
      // The answer depends on the cookie: never stored, and never shared between customers.
      if (signOn !== undefined) return reply.header('cache-control', 'no-store').header('vary', 'cookie').redirect(signOn, 302);
      return sendApp(request, reply, 200, page);
    }
    if (normalizePath(pathname) !== '/' && request.method === 'GET') {
      const file = await buildFile(pathname);
      if (file !== undefined && file !== 'index.html') {
        const immutable = IMMUTABLE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
        // A CDN that pulls from this server passes the header on: the pages load these files cross-origin (ADR 0090).
        if (immutable && assetBase !== undefined) reply.header('access-control-allow-origin', '*');
        return reply.header('cache-control', immutable ? LONG_CACHE : 'no-cache').sendFile(file, { cacheControl: false });
      }
    }
    return sendApp(request, reply, 404);
  };

  app.get('/*', answer);
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isServerPath(pathname) || (request.method !== 'GET' && request.method !== 'HEAD')) throw notFound();
    return answer(request, reply);
  });
}
