/**
 * `queryOptions` for read endpoints. Each read endpoint gets one factory in its own file,
 * `src/api/queries/<endpoint-name>.query.ts`, built on `queryOptionsFor`:
 *
 *   export const contractsQueryOptions = () => queryOptionsFor(endpoints.getContracts, {});
 *
 * Route loaders call `context.queryClient.ensureQueryData(contractsQueryOptions())` and views
 * `useSuspenseQuery(contractsQueryOptions())`; nobody writes a query key by hand.
 * The key is `[endpoint path template, resolved path params, query]`: the resolved params
 * include the session's sbSystemId, so two customers in one tab never share a cache entry.
 */
import { queryOptions } from '@tanstack/react-query';
import type { EndpointDef } from '../../contracts/endpoint';
import { callApi, resolveParams, type CallOptions, type ResponseOf } from './api-client';

/** What a read call may vary: its params and query (headers and ids are the client's business). */
export type ReadArgs<E extends EndpointDef> = Pick<CallOptions<E>, Extract<keyof CallOptions<E>, 'params' | 'query' | 'body'>>;

export type ReadQueryKey = readonly [path: string, params: Readonly<Record<string, string>>, query: object];

/** The cache key of a read endpoint call (also for `invalidateQueries`). */
export function queryKeyFor<E extends EndpointDef>(endpoint: E, args: ReadArgs<E>): ReadQueryKey {
  const { params, query, body } = args as { params?: object; query?: object; body?: object };
  // A read POST's body says what it reads, so it is part of the key like a GET's query.
  return [endpoint.path, resolveParams(endpoint, params), body === undefined ? (query ?? {}) : { ...query, ...body }] as const;
}

/**
 * `queryOptions` for one GET endpoint (or a POST marked `read`): the key above and a fetcher through `callApi` with the
 * shared error handler on and Query's abort signal passed on.
 */
export function queryOptionsFor<E extends EndpointDef>(endpoint: E, args: ReadArgs<E>) {
  if (endpoint.method !== 'GET' && endpoint.read !== true) throw new Error(`queryOptionsFor is for GET and read-only POST endpoints: ${endpoint.path}`);
  const queryKey = queryKeyFor(endpoint, args);
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      (callApi as (e: E, o: CallOptions<E>) => Promise<ResponseOf<E>>)(endpoint, {
        ...args,
        params: queryKey[1],
        signal,
      } as unknown as CallOptions<E>),
  });
}
