/**
 * The first answers of a page, inlined with its HTML (docs/decisions/0087-first-answers-inlined.md).
 *
 * Before the first page paints, the navigation rules (spec section 2) ask the server four things
 * one after another: who is signed in, the line's contract, the payment master and the page's
 * regulation check. On a phone each is a round trip after the app's JavaScript has arrived. The
 * server knows the page and holds the session cookie, so it asks the same questions of its own
 * API while it sends the page, and the answers travel inside the HTML; the app's API client
 * takes each one once, in place of the call, through the same schema checks as a fetched answer.
 *
 * The calls go through `app.inject`, so they pass exactly the session, owner and regulation checks
 * of a call from the browser: nothing here decides anything the API would not.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, InjectOptions } from 'fastify';
import { Header, buildPath } from '../../contracts/endpoint';
import { SystemType } from '../../contracts/codes';
import { pageEndpoints } from '../../contracts/page-endpoints';
import type { FirstAnswer } from '../../contracts/first-answers';
import type { PageEntry } from '../../machines/page-table';
import { SESSION_COOKIE } from '../session/session-store';

type Call = { readonly method: 'GET' | 'POST'; readonly url: string; readonly body?: string };

export async function ask(app: FastifyInstance, request: FastifyRequest, call: Call, session?: { sbSystemId: string; sessionToken: string; pageId: string }): Promise<FirstAnswer> {
  const headers: Record<string, string> = {
    cookie: request.headers.cookie ?? '',
    accept: 'application/json',
    'content-type': 'application/json',
    'user-agent': request.headers['user-agent'] ?? '',
    [Header.CorrelationId]: randomUUID(),
    [Header.RequestKey]: randomUUID(),
    [Header.SystemType]: SystemType,
  };
  if (session !== undefined) {
    headers[Header.SessionUser] = session.sbSystemId;
    headers[Header.RegulationUser] = session.sbSystemId;
    headers[Header.SessionToken] = session.sessionToken;
    headers[Header.RegulationPage] = session.pageId;
  }
  const options: InjectOptions = { method: call.method, url: call.url, headers, remoteAddress: request.ip };
  if (call.body !== undefined) options.payload = call.body;
  const response = await app.inject(options);
  let parsed: unknown;
  try {
    parsed = response.body === '' ? undefined : (JSON.parse(response.body) as unknown);
  } catch {
    parsed = response.body;
  }
  return { ...call, status: response.statusCode, response: parsed };
}

export function sessionOf(answer: FirstAnswer): { sbSystemId: string; sessionToken: string } | undefined {
  if (answer.status !== 200 || typeof answer.response !== 'object' || answer.response === null) return undefined;
  const { sbSystemId, sessionToken } = answer.response as Record<string, unknown>;
  return typeof sbSystemId === 'string' && typeof sessionToken === 'string' ? { sbSystemId, sessionToken } : undefined;
}

/**
 * Pages without sign-in that still ask who is signed in: the landing (/) sends a signed-in
 * customer to the top page (its route's `beforeLoad`, src/router/page-route-options.ts). Answered
 * here, a visitor's first page makes no call before it shows (ADR 0105).
 */
export const AsksWhoIsSignedIn: ReadonlySet<string> = new Set(['CMN0001']);

/**
 * The answers the navigation rules will ask for on `page`, in the order they ask: for a page
 * without sign-in, only who is signed in, where the page asks it; none for a request without the
 * session cookie (the rules then sign on at once).
 */
export async function firstAnswersFor(app: FastifyInstance, request: FastifyRequest, page: PageEntry): Promise<readonly FirstAnswer[]> {
  const authInfoCall = { method: 'GET', url: pageEndpoints.getAuthInfo.path } as const;
  if (page.login === 'none') return AsksWhoIsSignedIn.has(page.id) ? [await ask(app, request, authInfoCall)] : [];
  if (!request.cookies[SESSION_COOKIE]) return [];
  const authInfo = await ask(app, request, authInfoCall);
  const session = sessionOf(authInfo);
  if (session === undefined) return [authInfo];
  const scoped = { ...session, pageId: page.id };
  const customer = { sbSystemId: session.sbSystemId };
  const rest = await Promise.all([
    ask(app, request, { method: 'GET', url: buildPath(pageEndpoints.getLineContract.path, customer) }, scoped),
    ask(app, request, { method: 'GET', url: pageEndpoints.getPaymentMethodMaster.path }, scoped),
    ask(app, request, { method: 'POST', url: buildPath(pageEndpoints.checkRegulation.path, customer), body: JSON.stringify({ pageId: page.id }) }, scoped),
  ]);
  return [authInfo, ...rest];
}
