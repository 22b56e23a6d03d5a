/**
 * The shape of one API call (spec section 7). The server registers its handler from this
 * definition and the client calls through it, so the two cannot drift.
 */
import { z } from 'zod/mini';
import type * as zc from 'zod/v4/core';

/**
 * Any zod schema, classic or mini (docs/decisions/0083-first-page-zod-mini.md): the first page's
 * contracts use the tree-shakable mini surface, the rest classic; both parse the same way.
 */
export type Schema = zc.$ZodType;
export type ObjectSchema = zc.$ZodObject;

export type HttpMethod = 'GET' | 'POST';

export type EndpointDef<
  Params extends Schema = Schema,
  Query extends Schema = Schema,
  Body extends Schema = Schema,
  Response extends Schema = Schema,
  Headers extends ObjectSchema | undefined = ObjectSchema | undefined,
> = {
  readonly method: HttpMethod;
  /** Path as the spec writes it, with `{name}` placeholders, e.g. `/api/customer/{sbSystemId}/contracts`. */
  readonly path: string;
  /** Retried once after 500 ms on a retryable failure; false for registration and updates. */
  readonly retry: boolean;
  /**
   * The browser itself opens the answer, a file (an invoice PDF in a tab, or downloaded): the
   * session cookie is enough, no session-token header, and the answer is not JSON. Reads only.
   */
  readonly file?: { readonly contentType: 'application/pdf' };
  /** A POST that only reads (the spec's billing summaries): cached and fetched like a GET. */
  readonly read?: boolean;
  /** The per-request key is an idempotency key: a repeated submit replays the first answer. */
  readonly idempotent?: boolean;
  /** Needs no session (sign-on bootstrap and public master data). */
  readonly public?: boolean;
  /** Needs a level-2 sign-in (spec section 6: a recent sign-in); otherwise 401 A0401. */
  readonly level2?: boolean;
  readonly summary: string;
  readonly params: Params;
  readonly query: Query;
  readonly body: Body;
  /** Extra request headers the call carries besides the common ones (e.g. contentsServiceId). */
  readonly headers?: Headers;
  readonly response: Response;
};

export const NoParams = z.strictObject({});
export const NoQuery = z.strictObject({});
export const NoBody = z.undefined();
export const CustomerParams = z.strictObject({ sbSystemId: z.string().check(z.regex(/^[0-9]{10}$/)) });

export function defineEndpoint<
  P extends Schema,
  Q extends Schema,
  B extends Schema,
  R extends Schema,
  H extends ObjectSchema | undefined = undefined,
>(def: EndpointDef<P, Q, B, R, H>): EndpointDef<P, Q, B, R, H> {
  return def;
}

/** Fills `{name}` placeholders; every value is URI-encoded. */
export function buildPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${template}`);
    return encodeURIComponent(value);
  });
}

/** `{name}` placeholders in Fastify's `:name` form. */
export function toRoutePattern(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/** The common request headers of spec section 7, lower-cased as they travel. */
export const Header = {
  CorrelationId: 'x-correlation-id',
  RequestKey: 'x-request-key',
  RegulationUser: 'regulation-user',
  SessionUser: 'session-user',
  RegulationPage: 'regulation-page',
  SessionToken: 'session-token',
  SystemType: 'system-type',
  ContentsServiceId: 'contentsserviceid',
} as const;
