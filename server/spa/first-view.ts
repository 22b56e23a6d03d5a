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
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { buildPath } from '../../contracts/endpoint';
import { AppRootElementId, AtCardProviderCookie, FirstViewElementId, type RenderFirstView } from '../../contracts/first-view';
import { drawnOnFreshLoadOnly, firstViewReads } from '../../contracts/first-view-reads';
import type { FirstAnswer } from '../../contracts/first-answers';
import type { PageEntry } from '../../machines/page-table';
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

const emptyRoot = `<div id="${AppRootElementId}"></div>`;

/** The HTML with the first view before the app's root, which stays hidden until the app takes over. */
export function withFirstView(html: string, markup: string): string {
  return html.replace(emptyRoot, () => `<div id="${FirstViewElementId}">${markup}</div><div id="${AppRootElementId}" hidden></div>`);
}
