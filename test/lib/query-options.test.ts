import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CustomerParams, defineEndpoint, NoBody, NoQuery } from '../../contracts/endpoint';
import { ApiRequestError, configureApiClient, resetApiClient } from '../../src/api/api-client';
import { createQueryClient, DefaultStaleTimeMs, queryClient } from '../../src/api/query-client';
import { queryKeyFor, queryOptionsFor } from '../../src/api/query-options';
import { configureLogger, resetLogger } from '../../src/lib/logger';

const getUsage = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/storage/usage',
  retry: true,
  summary: 'test read',
  params: CustomerParams,
  query: z.object({ month: z.string() }),
  body: NoBody,
  response: z.object({ usedBytes: z.number() }),
});

const postSummary = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/billing/summary',
  retry: true,
  summary: 'test write',
  params: CustomerParams,
  query: NoQuery,
  body: z.object({}),
  response: z.object({}),
});

let session = { sbSystemId: '1111111111' };
let requests: { url: string; signal: AbortSignal | null | undefined }[] = [];
let answer: () => Response = () => Response.json({ usedBytes: 10 });

beforeEach(() => {
  session = { sbSystemId: '1111111111' };
  requests = [];
  answer = () => Response.json({ usedBytes: 10 });
  configureLogger({ level: 'NONE' });
  configureApiClient({
    baseUrl: 'http://portal.test',
    getSession: () => session,
    retryDelayMs: 1,
    fetch: (input, init) => {
      requests.push({ url: input instanceof Request ? input.url : input.toString(), signal: init?.signal });
      return Promise.resolve(answer());
    },
  });
});

afterEach(() => {
  resetApiClient();
  resetLogger();
});

describe('queryOptionsFor', () => {
  it('keys a read by path template, resolved params (with the session customer) and query', () => {
    expect(queryKeyFor(getUsage, { query: { month: '2026-10' } })).toEqual([
      '/api/customer/{sbSystemId}/storage/usage',
      { sbSystemId: '1111111111' },
      { month: '2026-10' },
    ]);
    const first = queryOptionsFor(getUsage, { query: { month: '2026-10' } }).queryKey;
    session = { sbSystemId: '2222222222' };
    const second = queryOptionsFor(getUsage, { query: { month: '2026-10' } }).queryKey;
    expect(first).not.toEqual(second);
  });

  it('fetches through callApi with the query’s abort signal', async () => {
    const client = createQueryClient();
    const data = await client.fetchQuery(queryOptionsFor(getUsage, { query: { month: '2026-10' } }));
    expect(data).toEqual({ usedBytes: 10 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.url).toBe('http://portal.test/api/customer/1111111111/storage/usage?month=2026-10');
    expect(requests[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('does not add its own retries on top of the client’s single retry', async () => {
    answer = () => new Response('', { status: 503 });
    const client = createQueryClient();
    await expect(client.fetchQuery(queryOptionsFor(getUsage, { query: { month: '2026-10' } }))).rejects.toBeInstanceOf(
      ApiRequestError,
    );
    expect(requests).toHaveLength(2);
  });

  it('refuses a non-GET endpoint', () => {
    expect(() => queryOptionsFor(postSummary, {})).toThrow(/GET/);
  });
});

describe('queryClient', () => {
  it('does not retry and keeps reads fresh for a while', () => {
    const defaults = queryClient.getDefaultOptions();
    expect(defaults.queries?.retry).toBe(false);
    expect(defaults.mutations?.retry).toBe(false);
    expect(defaults.queries?.staleTime).toBe(DefaultStaleTimeMs);
    expect(DefaultStaleTimeMs).toBeGreaterThan(0);
  });
});
