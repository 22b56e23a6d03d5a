/**
 * The second CSRF defence (docs/decisions/0043-request-hardening.md). The session-token header is
 * the first: a page of another site cannot read it. Here a state-changing request to the
 * portal's own endpoints is refused when the browser says it came from elsewhere:
 * `Sec-Fetch-Site` other than same-origin, or an `Origin` that is not the configured origin.
 * A request without either header (no browser: the server's own gateway calls, tools, tests)
 * is left to the first defence.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../../contracts/error-catalogue';
import { AppError } from '../http/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** The portal's endpoints that change state from a browser: the API, sign-on, and the local provider's forms. */
const GUARDED_PREFIXES = ['/api/', '/auth/', '/oidc/interaction/'];

export function crossSiteRefusal(request: FastifyRequest, baseUrl: () => string): AppError | undefined {
  if (SAFE_METHODS.has(request.method)) return undefined;
  const { url } = request;
  if (!GUARDED_PREFIXES.some((prefix) => url.startsWith(prefix))) return undefined;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return refusal();
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(baseUrl()).origin) return refusal();
  return undefined;
}

const refusal = () => new AppError(ErrorCode.Forbidden);
