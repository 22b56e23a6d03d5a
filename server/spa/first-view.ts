/**
 * A page's first view in its HTML (docs/decisions/0106-first-view-from-the-server.md).
 *
 * The app draws a page's body only after its JavaScript, the page's own chunks and the navigation
 * rules have run; on a phone that is a second or more after the layout. For a page whose body
 * depends on nothing but the page itself, the server draws it with the app's own components
 * (dist/server/render-first-view.js, built by `vite build --ssr`) and sends it in the HTML. The
 * app renders beside it, hidden, and takes the page over once its first navigation has resolved.
 *
 * The server draws it only when the rules' own answers (ADR 0087) say the app will show this
 * page: signed in at the page's level, the contract and the master read, no maintenance
 * regulation. Otherwise the app's rules decide, as without a first view.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildPath } from '../../contracts/endpoint';
import { AppRootElementId, AtCardProviderCookie, FirstViewElementId, KeptViewKeyAttribute, type RenderFirstView } from '../../contracts/first-view';
import { AppChunksAttribute, AppEntryAttribute, FirstViewLoaderSource } from '../../contracts/first-view-loader';
import { drawnOnFreshLoadOnly, firstViewReads } from '../../contracts/first-view-reads';
import type { FirstAnswer } from '../../contracts/first-answers';
import type { PageEntry } from '../../machines/page-table';
import { SESSION_COOKIE } from '../session/session-store';
import { ask, sessionOf } from './first-answers';

/** The renderer of a build, or undefined when the build has none (tests, a fresh checkout). */
export async function loadFirstViewRenderer(file: string): Promise<RenderFirstView | undefined> {
  if (!existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderFirstView?: unknown };
  if (typeof module.renderFirstView !== 'function') throw new Error(`${file} does not export renderFirstView`);
  return module.renderFirstView as RenderFirstView;
}

function lv2Authed(answer: FirstAnswer | undefined): boolean {
  const response = answer?.response;
  return typeof response === 'object' && response !== null && (response as Record<string, unknown>).lv2Authed === true;
}

/**
 * Whether the app will show `page` itself with these first answers: the four answers of a
 * signed-in page (who is signed in, the contract, the master, the regulation check), all 200,
 * and a step-up sign-in done where the page needs one.
 */
export function showsWithAnswers(page: PageEntry, answers: readonly FirstAnswer[]): boolean {
  if (page.login === 'none' || answers.length !== 4 || answers.some((answer) => answer.status !== 200)) return false;
  return page.login !== 'lv2' || lv2Authed(answers[0]);
}

/**
 * Whether the app will show `page` (undefined: the not-found page) to a visitor, signed out: a
 * page without sign-in, asked without a session cookie. Without the cookie nobody is signed in,
 * so the landing (which asks, ADR 0105) stays the landing, and the layout is drawn signed out, as
 * the app draws it (ADR 0113).
 */
export function showsToVisitor(request: FastifyRequest, page: PageEntry | undefined): boolean {
  return (page === undefined || page.login === 'none') && request.cookies[SESSION_COOKIE] === undefined;
}

/**
 * Whether the browser asks for the document again (its reload button): browsers then send
 * `Cache-Control: max-age=0`, and not on a fresh load, a link or Back and Forward. A wrong guess
 * costs only the first view (the app draws the page), never shows the wrong page. `no-cache` (a
 * hard reload) is not one: a disabled cache (DevTools, Lighthouse) sends it on every load.
 */
export function isReload(request: FastifyRequest): boolean {
  return /(^|,)\s*max-age=0\s*(,|$)/.test(request.headers['cache-control'] ?? '');
}

/**
 * Whether the tab's run left this page for the card provider (contracts/first-view.ts,
 * AtCardProviderCookie): Back from the provider loads the page again, and the run waits on it.
 */
export function isBackFromCardProvider(request: FastifyRequest, page: PageEntry): boolean {
  return request.cookies[AtCardProviderCookie] === page.path;
}

/**
 * Whether `page` may be drawn for `request`. A page whose flow has a later step on its URL is
 * drawn only where the tab's run cannot stand on that step: not on a reload, which resumes the
 * run, nor while the run waits at the card provider.
 */
export function drawsOnThisLoad(request: FastifyRequest, page: PageEntry): boolean {
  return !(drawnOnFreshLoadOnly.has(page.id) && (isReload(request) || isBackFromCardProvider(request, page)));
}

/**
 * The page's own reads for its first view (`firstViewReads`), asked as the page would ask them:
 * through the API, with the customer's session, so they pass the same checks.
 */
export async function firstViewReadsFor(app: FastifyInstance, request: FastifyRequest, page: PageEntry, answers: readonly FirstAnswer[]): Promise<readonly FirstAnswer[]> {
  const reads = firstViewReads[page.id] ?? [];
  const session = answers[0] === undefined ? undefined : sessionOf(answers[0]);
  if (reads.length === 0 || session === undefined) return [];
  const scoped = { ...session, pageId: page.id };
  return Promise.all(reads.map((path) => ask(app, request, { method: 'GET', url: buildPath(path, { sbSystemId: session.sbSystemId }) }, scoped)));
}

/**
 * The build's first-view loader (src/first-view/first-view-loader.ts, ADR 0112): its code, inlined
 * into each page the server draws and each signed-in page (ADR 0116) in place of the app's entry
 * script, and the CSP source that allows exactly that code.
 */
export type FirstViewLoader = { readonly script: string; readonly scriptHash: string };

/** The loader of the client build in `clientDir`, or undefined for a build without one (tests, a fresh checkout). */
export async function loadFirstViewLoader(clientDir: string): Promise<FirstViewLoader | undefined> {
  let manifest: Record<string, { file?: string } | undefined>;
  try {
    manifest = JSON.parse(await readFile(join(clientDir, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
  } catch {
    return undefined;
  }
  const file = manifest[FirstViewLoaderSource]?.file;
  if (file === undefined) return undefined;
  const script = (await readFile(join(clientDir, file), 'utf8')).trim();
  if (/<\/script|<!--/i.test(script) || /^\s*(import|export)\b/m.test(script)) throw new Error(`${file} cannot be inlined as it is: it holds markup or module syntax`);
  return { script, scriptHash: `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'` };
}

const emptyRoot = `<div id="${AppRootElementId}"></div>`;
/** The app's entry as Vite writes it into index.html. */
const entryScript = /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;

/**
 * The key of the session's kept views (docs/decisions/0116-the-tabs-kept-view.md), derived from
 * the session cookie and the build (its entry's hashed file name): a reload under another session
 * (another customer signed in meanwhile, or the same one again) or after a redeploy (whose flows
 * may not restore the tab's run) finds no view kept under the old one. A one-way hash, so the
 * page's script, which may read it, learns nothing it could sign on with; undefined without a cookie.
 */
export function keptViewKey(request: FastifyRequest, build: string): string | undefined {
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie === undefined ? undefined : createHash('sha256').update(`kept-view:${build}:${cookie}`).digest('base64url').slice(0, 22);
}

/** The entry's static imports as Vite writes them into index.html, for the browser to fetch with it. */
const entryImport = /<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/** The entry's file as the build's index.html names it, if it does. */
export function entryOf(html: string): string | undefined {
  return entryScript.exec(html)?.[1];
}

/**
 * The HTML as the app's loaders need it: with a first view (the server's markup) before the app's
 * root, which stays hidden until the app takes over, or without one (`markup` undefined), where
 * the tab's kept view may stand in (ADR 0116); with the session's key to kept views on the root.
 * The loader stands after the root, in place of the entry's script, which it names and asks for
 * once the first view has painted (ADR 0112), at once when there is none.
 */
export function withFirstView(html: string, markup: string | undefined, loader?: FirstViewLoader, keptKey?: string): string {
  const key = keptKey === undefined ? '' : ` ${KeptViewKeyAttribute}="${keptKey}"`;
  const root = `<div id="${AppRootElementId}"${markup === undefined ? '' : ' hidden'}${key}></div>`;
  const drawn = html.replace(emptyRoot, () => (markup === undefined ? root : `<div id="${FirstViewElementId}">${markup}</div>${root}`));
  if (loader === undefined) return drawn;
  const entry = entryOf(drawn);
  if (entry === undefined) return drawn;
  // The loader asks for the entry's imports with it, after the first paint, and runs each in a task
  // of its own (ADR 0117); in the head they would compete with the first view's stylesheet.
  const chunks = Array.from(drawn.matchAll(entryImport), (link) => link[1]);
  const named = chunks.length === 0 ? '' : ` ${AppChunksAttribute}="${chunks.join(' ')}"`;
  return drawn
    .replace(entryScript, '')
    .replace(entryImport, '')
    .replace(root, () => `${root}<script ${AppEntryAttribute}="${entry}"${named}>${loader.script}</script>`);
}
