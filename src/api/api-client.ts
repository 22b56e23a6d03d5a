/**
 * The one wrapper every API call goes through (spec section 7, docs/decisions/0015-api-client.md):
 * common headers, 60 s timeout, one retry after 500 ms on a retryable failure, 429 -> W0010,
 * errorCode and errorOptionals.endDate read from failed answers, the shared error handler.
 *
 * Two modes:
 * - handler on (default): resolves to the parsed response body; on failure the registered
 *   error handler is told `{ code, status, endDate }` and an `ApiRequestError` is thrown.
 * - `errorHandler: false`: never throws for a failed answer; resolves to `ApiResult`
 *   (`{ ok: true, status, data }` or `{ ok: false, status, error }`) and the handler is not told.
 */
import { z } from 'zod/mini';
import { SystemType } from '../../contracts/codes';
import { buildPath, Header, type EndpointDef, type Schema } from '../../contracts/endpoint';
import { ErrorCode } from '../../contracts/error-catalogue';
import { logger } from '../lib/logger';
import type { Activity } from '../lib/when-settled';
import { takeFirstAnswer } from './first-answers';

/** Spec section 9. */
export const RequestTimeoutMs = 60_000;
export const RetryDelayMs = 500;
export const DefaultRetries = 1;
export const RetryableStatuses: readonly number[] = [408, 409, 429, 500, 502, 503, 504];
/** "The fallback status is internal server error": network failures and unreadable answers. */
export const FallbackStatus = 500;
/** Our own request timeout is reported as 408 and is not retried (see the ADR). */
export const TimeoutStatus = 408;

/** The session values the common headers carry; absent values are simply not sent. */
export type ApiSession = {
  readonly sbSystemId?: string | null;
  readonly sessionToken?: string | null;
  readonly pageId?: string | null;
};

/** What the shared error handler is told about a failed call. */
export type ApiErrorEvent = {
  /** The body's errorCode; W0010 for 429; undefined when the answer carried none. */
  readonly code: string | undefined;
  readonly status: number;
  /** errorOptionals.endDate of the body (E0005's maintenance end). */
  readonly endDate: string | undefined;
};

/** Why a call failed: an HTTP answer, no answer, our timeout, or a 2xx body the schema rejects. */
export type ApiFailureReason = 'http' | 'network' | 'timeout' | 'schema';

export type ApiFailure = ApiErrorEvent & {
  readonly reason: ApiFailureReason;
  readonly correlationId: string;
  readonly requestKey: string;
  /** The parsed JSON body of a failed answer, when there was one. */
  readonly body: unknown;
};

export type ApiResult<T> =
  | { readonly ok: true; readonly status: number; readonly data: T }
  | { readonly ok: false; readonly status: number; readonly error: ApiFailure };

/** Thrown in handler-on mode for every failed call, after the handler was told. */
export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly errorCode: string | undefined;
  readonly endDate: string | undefined;
  readonly correlationId: string;
  readonly requestKey: string;
  readonly reason: ApiFailureReason;
  readonly body: unknown;

  constructor(endpoint: Pick<EndpointDef, 'method' | 'path'>, failure: ApiFailure) {
    super(`${endpoint.method} ${endpoint.path} failed: ${failure.status} ${failure.code ?? '-'} (${failure.reason})`);
    this.status = failure.status;
    this.errorCode = failure.code;
    this.endDate = failure.endDate;
    this.correlationId = failure.correlationId;
    this.requestKey = failure.requestKey;
    this.reason = failure.reason;
    this.body = failure.body;
  }
}

export type ApiClientConfig = {
  /** Read at every call, so the headers follow the stores. */
  readonly getSession: () => ApiSession;
  /** The shared error handler (spec section 7). */
  readonly onError: (event: ApiErrorEvent) => void;
  /** Prefix for paths; '' in the browser (same origin), an absolute origin in tests. */
  readonly baseUrl: string;
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
  readonly retryDelayMs: number;
};

const defaultConfig: ApiClientConfig = {
  getSession: () => ({}),
  onError: () => undefined,
  baseUrl: '',
  fetch: (input, init) => globalThis.fetch(input, init),
  timeoutMs: RequestTimeoutMs,
  retryDelayMs: RetryDelayMs,
};

let config: ApiClientConfig = defaultConfig;

/** Registers the session provider and the shared error handler; unspecified fields keep their value. */
export function configureApiClient(options: Partial<ApiClientConfig>): void {
  config = { ...config, ...options };
}

/** Back to the defaults (tests). */
export function resetApiClient(): void {
  config = defaultConfig;
}

type Input<S> = S extends Schema ? z.input<S> : never;
type Output<S> = S extends Schema ? z.output<S> : never;

/** sbSystemId is filled from the session when the caller leaves it out. */
type ParamsInput<P> = Input<P> extends object ? Omit<Input<P>, 'sbSystemId'> & { sbSystemId?: string } : never;

type Empty = Record<never, never>;

type Field<K extends string, T> = Empty extends T
  ? { readonly [k in K]?: T }
  : undefined extends T
    ? { readonly [k in K]?: T }
    : { readonly [k in K]: T };

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

export type CallOptions<E extends EndpointDef> = Field<'params', ParamsInput<E['params']>> &
  Field<'query', Input<E['query']>> &
  Field<'body', Input<E['body']>> & {
    /** Extra headers of this endpoint (e.g. contentsserviceid). */
    readonly headers?: Readonly<Record<string, string>>;
    /** Generated when absent; the same value is sent on the retry. */
    readonly correlationId?: string;
    /**
     * The per-request key; generated when absent and kept across the retry. A flow passes its
     * own to keep one key across resubmits of the same step (the server's idempotency key).
     */
    readonly requestKey?: string;
    /** How many retries remain; default 1, ignored (0) when the endpoint says retry: false. */
    readonly retries?: number;
    readonly retryDelayMs?: number;
    readonly timeoutMs?: number;
    /** The caller's cancellation (e.g. TanStack Query's); an abort rejects with the abort reason. */
    readonly signal?: AbortSignal;
    /** false: no shared handler, no throw; the caller gets an `ApiResult`. */
    readonly errorHandler?: boolean;
  };

type HandledOptions<E extends EndpointDef> = CallOptions<E> & { readonly errorHandler?: true };

export type ResponseOf<E extends EndpointDef> = Output<E['response']>;

/** Resolves path params: the caller's values over the session's sbSystemId. */
export function resolveParams(endpoint: EndpointDef, params: object | undefined): Record<string, string> {
  const resolved: Record<string, string> = {};
  const sbSystemId = config.getSession().sbSystemId;
  if (endpoint.path.includes('{sbSystemId}') && sbSystemId) resolved.sbSystemId = sbSystemId;
  for (const [name, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null) resolved[name] = String(value);
  }
  return resolved;
}

/** The path and query string of a call, as the server sees it (and as the document's answers name it). */
export function requestPath(pathTemplate: string, params: Record<string, string>, query: object | undefined): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {}) as [string, QueryValue][]) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) search.append(name, String(item));
    else search.append(name, String(value));
  }
  const qs = search.toString();
  return `${buildPath(pathTemplate, params)}${qs === '' ? '' : `?${qs}`}`;
}

function buildHeaders(
  session: ApiSession,
  ids: { correlationId: string; requestKey: string },
  extra: Readonly<Record<string, string>> | undefined,
): Headers {
  const headers = new Headers(extra);
  headers.set('content-type', 'application/json');
  headers.set('accept', 'application/json');
  headers.set(Header.CorrelationId, ids.correlationId);
  headers.set(Header.RequestKey, ids.requestKey);
  headers.set(Header.SystemType, SystemType);
  if (session.sbSystemId) {
    headers.set(Header.RegulationUser, session.sbSystemId);
    headers.set(Header.SessionUser, session.sbSystemId);
  }
  if (session.pageId) headers.set(Header.RegulationPage, session.pageId);
  if (session.sessionToken) headers.set(Header.SessionToken, session.sessionToken);
  return headers;
}

const FailureBodySchema = z.object({
  errorCode: z.catch(z.optional(z.string().check(z.minLength(1))), undefined),
  errorOptionals: z.catch(z.optional(z.object({ endDate: z.catch(z.optional(z.string()), undefined) })), undefined),
});

type Attempt =
  | { kind: 'answer'; status: number; body: unknown }
  | { kind: 'network'; cause: unknown }
  | { kind: 'timeout' };

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

async function attempt(url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined): Promise<Attempt> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  try {
    const response = await config.fetch(url, { ...init, signal: combined });
    return { kind: 'answer', status: response.status, body: await readBody(response) };
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (timeout.aborted || isAbort(error)) return { kind: 'timeout' };
    return { kind: 'network', cause: error };
  }
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Spec section 7: retryable status, no errorCode in the body (our timeout is never retried). */
function isRetryable(result: Attempt): boolean {
  if (result.kind === 'network') return true;
  if (result.kind === 'timeout') return false;
  if (!RetryableStatuses.includes(result.status)) return false;
  const parsed = FailureBodySchema.safeParse(result.body);
  return !(parsed.success && parsed.data.errorCode !== undefined);
}

function toFailure(result: Attempt, ids: { correlationId: string; requestKey: string }): ApiFailure {
  if (result.kind === 'timeout') {
    return { reason: 'timeout', status: TimeoutStatus, code: undefined, endDate: undefined, body: undefined, ...ids };
  }
  if (result.kind === 'network') {
    return { reason: 'network', status: FallbackStatus, code: undefined, endDate: undefined, body: undefined, ...ids };
  }
  const parsed = FailureBodySchema.safeParse(result.body);
  const fields = parsed.success ? parsed.data : { errorCode: undefined, errorOptionals: undefined };
  return {
    reason: 'http',
    status: result.status,
    code: result.status === 429 ? ErrorCode.Congestion : fields.errorCode,
    endDate: fields.errorOptionals?.endDate,
    body: result.body,
    ...ids,
  };
}

let callsUnderway = 0;
const activityListeners = new Set<() => void>();

/**
 * The API's calls as the page's activity (src/lib/when-settled.ts): busy from a call's start to its
 * answer, retries included, whoever made it (a query, a flow's own read, a navigation rule's check).
 */
export const apiActivity: Activity = {
  isBusy: () => callsUnderway > 0,
  subscribe: (listener) => {
    activityListeners.add(listener);
    return () => activityListeners.delete(listener);
  },
};

function countCall(change: number): void {
  callsUnderway += change;
  activityListeners.forEach((listener) => listener());
}

/**
 * Calls one endpoint of the endpoint table (spec section 7).
 * Handler on (default): resolves to the zod-parsed response; throws `ApiRequestError`.
 */
export function callApi<E extends EndpointDef>(
  endpoint: E,
  ...options: Empty extends CallOptions<E> ? [options?: HandledOptions<E>] : [options: HandledOptions<E>]
): Promise<ResponseOf<E>>;
/** Handler off: resolves to `{ ok, status, data | error }` and never throws for a failed answer. */
export function callApi<E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> & { readonly errorHandler: false },
): Promise<ApiResult<ResponseOf<E>>>;
export async function callApi<E extends EndpointDef>(
  endpoint: E,
  options: CallOptions<E> = {} as CallOptions<E>,
): Promise<ResponseOf<E> | ApiResult<ResponseOf<E>>> {
  countCall(1);
  const result = await execute(endpoint, options).finally(() => countCall(-1));
  if (options.errorHandler === false) return result;
  if (result.ok) return result.data;
  try {
    config.onError({ code: result.error.code, status: result.error.status, endDate: result.error.endDate });
  } catch (handlerError) {
    logger.error('API error handler failed', handlerError);
  }
  throw new ApiRequestError(endpoint, result.error);
}

async function execute<E extends EndpointDef>(endpoint: E, options: CallOptions<E>): Promise<ApiResult<ResponseOf<E>>> {
  const opts = options as CallOptions<EndpointDef> & { params?: object; query?: object; body?: unknown };
  const session = config.getSession();
  const ids = {
    correlationId: opts.correlationId ?? crypto.randomUUID(),
    requestKey: opts.requestKey ?? crypto.randomUUID(),
  };
  const path = requestPath(endpoint.path, resolveParams(endpoint, opts.params), opts.query);
  const url = `${config.baseUrl}${path}`;
  const init: RequestInit = {
    method: endpoint.method,
    headers: buildHeaders(session, ids, opts.headers),
    credentials: 'same-origin',
    ...(endpoint.method === 'POST' ? { body: JSON.stringify(opts.body ?? {}) } : {}),
  };
  const timeoutMs = opts.timeoutMs ?? config.timeoutMs;
  const delayMs = opts.retryDelayMs ?? config.retryDelayMs;
  let retries = endpoint.retry ? Math.max(0, opts.retries ?? DefaultRetries) : 0;
  // The server may have answered this very call with the page's HTML (ADR 0087); a retry asks it.
  const inlined = takeFirstAnswer(endpoint.method, path, typeof init.body === 'string' ? init.body : undefined);
  let first: Attempt | undefined = inlined === undefined ? undefined : { kind: 'answer', ...inlined };

  for (;;) {
    const outcome = first ?? (await attempt(url, init, timeoutMs, opts.signal));
    first = undefined;
    if (outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300) {
      const parsed = z.safeParse(endpoint.response, outcome.body);
      if (parsed.success) return { ok: true, status: outcome.status, data: parsed.data as ResponseOf<E> };
      logger.error(`response of ${endpoint.method} ${endpoint.path} does not match its schema`, {
        correlationId: ids.correlationId,
        issues: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
      });
      const error: ApiFailure = {
        reason: 'schema',
        status: FallbackStatus,
        code: undefined,
        endDate: undefined,
        body: outcome.body,
        ...ids,
      };
      return { ok: false, status: error.status, error };
    }
    if (retries > 0 && isRetryable(outcome)) {
      retries -= 1;
      logger.debug(`retrying ${endpoint.method} ${endpoint.path}`, { correlationId: ids.correlationId, retriesLeft: retries });
      await sleep(delayMs, opts.signal);
      continue;
    }
    const error = toFailure(outcome, ids);
    return { ok: false, status: error.status, error };
  }
}
