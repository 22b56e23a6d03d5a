/**
 * JSON over HTTP to an external system, shared by the gateway clients: one time limit, a
 * zod-checked answer, and every failure turned into a GatewayError. Request and response bodies
 * are never put into error messages, because they can carry codes, addresses or tokens.
 */
import { z } from 'zod';
import { GatewayError, type GatewayName } from './gateway-error';

export const DefaultGatewayTimeoutMs = 10_000;

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** A fixed base URL, or one read at call time (the local sandbox's port is known only after listen). */
export type BaseUrl = string | (() => string);

export type GatewayRequest<T extends z.ZodType> = {
  gateway: GatewayName;
  baseUrl: BaseUrl;
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: unknown;
  response: T;
  timeoutMs: number;
  fetch: FetchLike;
};

const ErrorBody = z.object({ error: z.string().max(100) }).loose();

export function resolveBaseUrl(baseUrl: BaseUrl): string {
  const value = typeof baseUrl === 'function' ? baseUrl() : baseUrl;
  return value.replace(/\/+$/, '');
}

export async function requestJson<T extends z.ZodType>(request: GatewayRequest<T>): Promise<z.infer<T>> {
  const url = `${resolveBaseUrl(request.baseUrl)}${request.path}`;
  const where = `${request.gateway} ${request.method} ${request.path}`;
  const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
  if (request.body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  let text: string;
  try {
    response = await request.fetch(url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: 'error',
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    text = await response.text();
  } catch (error) {
    const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
    throw new GatewayError({
      gateway: request.gateway,
      failure: timedOut ? 'timeout' : 'unreachable',
      message: timedOut ? `${where}: no answer within ${request.timeoutMs} ms` : `${where}: no HTTP answer`,
      cause: error,
    });
  }

  const json = parseJson(text);
  if (!response.ok) {
    const errorBody = ErrorBody.safeParse(json);
    throw new GatewayError({
      gateway: request.gateway,
      failure: response.status >= 500 ? 'unavailable' : 'rejected',
      status: response.status,
      ...(errorBody.success ? { code: errorBody.data.error } : {}),
      message: `${where}: HTTP ${response.status}${errorBody.success ? ` ${errorBody.data.error}` : ''}`,
    });
  }

  const parsed = request.response.safeParse(json);
  if (!parsed.success) {
    throw new GatewayError({
      gateway: request.gateway,
      failure: 'invalid-response',
      status: response.status,
      message: `${where}: unexpected answer (${parsed.error.issues.map((issue) => issue.path.join('.') || '(root)').join(', ')})`,
    });
  }
  return parsed.data;
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
