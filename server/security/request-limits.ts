/**
 * Which requests the limits count (docs/decisions/0045-throttling-and-rate-limits.md), and how
 * a refused one is answered: W0010 in the error shape for the app's API calls, a Japanese page
 * for a form a person posted. Pages, assets and the app's own files are never counted.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, describeError } from '../../contracts/error-catalogue';
import { AppError } from '../http/app-error';
import { providerMessagePage } from '../auth/pages';

export type Counted = 'api' | 'form';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Form posts a person sends: sign-on and the local provider's sign-in and consent. */
const FORM_PREFIXES = ['/auth/', '/oidc/interaction/'];

export function countedAs(request: FastifyRequest): Counted | undefined {
  const { url } = request;
  if (url.startsWith('/api/')) return 'api';
  if (!SAFE_METHODS.has(request.method) && FORM_PREFIXES.some((prefix) => url.startsWith(prefix))) return 'form';
  return undefined;
}

export function congestion(reply: FastifyReply, retryAfterSeconds: number): AppError {
  reply.header('retry-after', String(retryAfterSeconds));
  return new AppError(ErrorCode.Congestion);
}

/** The page for a refused form post: the catalogue's W0010 texts. */
export function sendCongestionPage(reply: FastifyReply, retryAfterSeconds: number): void {
  const { message, detail } = describeError(ErrorCode.Congestion);
  void reply
    .code(429)
    .header('retry-after', String(retryAfterSeconds))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    // The sign-on pages' own layout: the forms counted here are theirs.
    .send(providerMessagePage('アクセスが集中しています', `${message}${detail}`, { href: '/', label: 'トップへ戻る' }));
}
