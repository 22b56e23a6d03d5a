import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CustomerParams, defineEndpoint, NoBody, NoParams, NoQuery } from '../../contracts/endpoint';
import {
  ApiRequestError,
  callApi,
  configureApiClient,
  resetApiClient,
  RetryableStatuses,
  RetryDelayMs,
  RequestTimeoutMs,
  type ApiErrorEvent,
} from '../../src/api/api-client';
import { configureLogger, resetLogger } from '../../src/lib/logger';

type Reply = { status: number; body?: unknown; raw?: string; hang?: boolean };
type Seen = { method: string; url: string; headers: IncomingHttpHeaders; body: string; arrivedAt: number };

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const sbSystemId = '1234567890';

let server: Server;
let baseUrl: string;
let replies: Reply[] = [];
let seen: Seen[] = [];
let answeredAt: number[] = [];
const hanging = new Set<() => void>();

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        arrivedAt: performance.now(),
      });
      const reply = replies.shift() ?? { status: 200, body: { value: 'default' } };
      if (reply.hang) {
        const release = () => res.destroy();
        hanging.add(release);
        return;
      }
      const payload = reply.raw ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
      res.writeHead(reply.status, { 'content-type': 'application/json' });
      res.end(payload, () => answeredAt.push(performance.now()));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const release of hanging) release();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

let handled: ApiErrorEvent[] = [];

beforeEach(() => {
  replies = [];
  seen = [];
  answeredAt = [];
  handled = [];
  configureLogger({ level: 'NONE' });
  configureApiClient({
    baseUrl,
    getSession: () => ({ sbSystemId, sessionToken: 'anti-forgery-token', pageId: 'ADB0002' }),
    onError: (event) => handled.push(event),
    // Most tests do not measure the delay; the delay tests restore the spec's 500 ms.
    retryDelayMs: 5,
  });
});

afterEach(() => {
  for (const release of hanging) release();
  hanging.clear();
  resetApiClient();
  resetLogger();
  vi.restoreAllMocks();
});

const ValueResponse = z.object({ value: z.string() });

const getContracts = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/contracts',
  retry: true,
  summary: 'test read',
  params: CustomerParams,
  query: z.object({ contentsServiceId: z.string().optional(), tags: z.array(z.string()).optional() }),
  body: NoBody,
  response: ValueResponse,
});

const getPdf = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/invoice/{cfService}/pdf',
  retry: true,
  summary: 'test read with a second path param',
  params: z.object({ ...CustomerParams.shape, cfService: z.string() }),
  query: NoQuery,
  body: NoBody,
  response: ValueResponse,
});

const postInformation = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/payment/information',
  retry: true,
  summary: 'test write with retry',
  params: CustomerParams,
  query: z.object({ mode: z.string() }).partial(),
  body: z.object({ operationType: z.string(), orderDoneUrl: z.string() }),
  response: z.object({ redirectOrderUrl: z.string() }),
});

const registerService = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/service',
  retry: false,
  summary: 'test write without retry',
  params: CustomerParams,
  query: NoQuery,
  body: z.object({ planId: z.string() }),
  response: z.object({ accepted: z.boolean() }),
});

const getAuthInfo = defineEndpoint({
  method: 'GET',
  path: '/api/getAuthInfo',
  retry: true,
  public: true,
  summary: 'test public read',
  params: NoParams,
  query: NoQuery,
  body: NoBody,
  response: ValueResponse,
});

const header = (index: number, name: string) => seen[index]?.headers[name];

describe('request shape', () => {
  it('sends a GET with query params, the path filled from the session, and every common header', async () => {
    replies = [{ status: 200, body: { value: 'ok' } }];
    const data = await callApi(getContracts, { query: { contentsServiceId: '223', tags: ['a', 'b'] } });

    expect(data).toEqual({ value: 'ok' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.url).toBe(`/api/customer/${sbSystemId}/contracts?contentsServiceId=223&tags=a&tags=b`);
    expect(seen[0]?.body).toBe('');
    expect(header(0, 'content-type')).toBe('application/json');
    expect(header(0, 'x-correlation-id')).toMatch(uuid);
    expect(header(0, 'x-request-key')).toMatch(uuid);
    expect(header(0, 'regulation-user')).toBe(sbSystemId);
    expect(header(0, 'session-user')).toBe(sbSystemId);
    expect(header(0, 'regulation-page')).toBe('ADB0002');
    expect(header(0, 'session-token')).toBe('anti-forgery-token');
    expect(header(0, 'system-type')).toBe('CF');
  });

  it('sends a POST with a JSON body, query params and the extra header of the endpoint', async () => {
    replies = [{ status: 200, body: { redirectOrderUrl: 'https://order.sandbox.localhost/x' } }];
    const data = await callApi(postInformation, {
      query: { mode: 'new' },
      body: { operationType: '10', orderDoneUrl: '/Payment/Redirect' },
      headers: { contentsserviceid: '223' },
    });

    expect(data.redirectOrderUrl).toBe('https://order.sandbox.localhost/x');
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url).toBe(`/api/customer/${sbSystemId}/payment/information?mode=new`);
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ operationType: '10', orderDoneUrl: '/Payment/Redirect' });
    expect(header(0, 'content-type')).toBe('application/json');
    expect(header(0, 'contentsserviceid')).toBe('223');
    expect(header(0, 'system-type')).toBe('CF');
  });

  it('fills and encodes every path param; an explicit sbSystemId wins over the session', async () => {
    replies = [{ status: 200, body: { value: 'pdf' } }];
    await callApi(getPdf, { params: { sbSystemId: '9999999999', cfService: 'CF 01/x' } });
    expect(seen[0]?.url).toBe('/api/customer/9999999999/invoice/CF%2001%2Fx/pdf');
  });

  it('leaves out the session headers it has no value for', async () => {
    configureApiClient({ getSession: () => ({ sbSystemId: null, sessionToken: null, pageId: null }) });
    replies = [{ status: 200, body: { value: 'ok' } }];
    await callApi(getAuthInfo);
    for (const name of ['regulation-user', 'session-user', 'regulation-page', 'session-token']) {
      expect(header(0, name)).toBeUndefined();
    }
    expect(header(0, 'system-type')).toBe('CF');
    expect(header(0, 'x-correlation-id')).toMatch(uuid);
  });

  it('generates a new correlation id and request key per call unless the caller gives them', async () => {
    await callApi(getAuthInfo);
    await callApi(getAuthInfo);
    await callApi(getAuthInfo, { correlationId: 'corr-given', requestKey: 'key-given' });

    expect(header(0, 'x-correlation-id')).not.toBe(header(1, 'x-correlation-id'));
    expect(header(0, 'x-request-key')).not.toBe(header(1, 'x-request-key'));
    expect(header(0, 'x-correlation-id')).not.toBe(header(0, 'x-request-key'));
    expect(header(2, 'x-correlation-id')).toBe('corr-given');
    expect(header(2, 'x-request-key')).toBe('key-given');
  });
});

describe('retry rule', () => {
  it.each(RetryableStatuses.map((status) => [status]))('retries %i without errorCode once', async (status) => {
    replies = [{ status, body: { message: 'busy' } }, { status: 200, body: { value: 'second' } }];
    await expect(callApi(getContracts, {})).resolves.toEqual({ value: 'second' });
    expect(seen).toHaveLength(2);
    expect(handled).toEqual([]);
  });

  it('retries a retryable status with an empty or non-JSON body', async () => {
    replies = [
      { status: 502, raw: '<html>bad gateway</html>' },
      { status: 200, body: { value: 'x' } },
      { status: 504 },
      { status: 200, body: { value: 'y' } },
    ];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(result).toEqual({ ok: true, status: 200, data: { value: 'x' } });
    await expect(callApi(getContracts, {})).resolves.toEqual({ value: 'y' });
    expect(seen).toHaveLength(4);
  });

  it('keeps the request key and correlation id across the retry', async () => {
    replies = [{ status: 503 }, { status: 200, body: { redirectOrderUrl: 'u' } }];
    await callApi(postInformation, { body: { operationType: '10', orderDoneUrl: '/d' } });
    expect(seen).toHaveLength(2);
    expect(header(1, 'x-request-key')).toBe(header(0, 'x-request-key'));
    expect(header(1, 'x-correlation-id')).toBe(header(0, 'x-correlation-id'));
    expect(seen[1]?.body).toBe(seen[0]?.body);
  });

  it('retries only once by default, then reports the last failure', async () => {
    replies = [{ status: 503 }, { status: 500 }, { status: 200, body: { value: 'never' } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ ok: false, status: 500, error: { reason: 'http', code: undefined } });
  });

  it('does not retry a retryable status whose body carries an errorCode', async () => {
    replies = [
      { status: 503, body: { errorCode: 'E0005', message: 'm', errorOptionals: { endDate: '2026/11/22 05:40:00' } } },
    ];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, status: 503, error: { code: 'E0005', endDate: '2026/11/22 05:40:00' } });
  });

  it('does not retry an endpoint marked retry: false, even when asked to', async () => {
    replies = [{ status: 503 }, { status: 200, body: { accepted: true } }];
    const result = await callApi(registerService, { body: { planId: '225' }, retries: 3, errorHandler: false });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, status: 503 });
  });

  it.each([[400], [401], [403], [404], [422]])('does not retry %i', async (status) => {
    replies = [{ status, body: { message: 'no' } }, { status: 200, body: { value: 'never' } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, status });
  });

  it('takes a caller-given retry count and delay (the entry-judgement rule: 4 retries, 250 ms)', async () => {
    replies = [{ status: 500 }, { status: 500 }, { status: 500 }, { status: 500 }, { status: 200, body: { value: '5th' } }];
    await expect(callApi(getContracts, { retries: 4, retryDelayMs: 1 })).resolves.toEqual({ value: '5th' });
    expect(seen).toHaveLength(5);
  });

  it('waits the spec’s 500 ms before the retry by default', async () => {
    resetApiClient();
    configureApiClient({ baseUrl });
    expect(RetryDelayMs).toBe(500);
    replies = [{ status: 503 }, { status: 200, body: { value: 'late' } }];
    await callApi(getAuthInfo);
    const firstAnswered = answeredAt[0] ?? Number.NaN;
    const retried = seen[1]?.arrivedAt ?? Number.NaN;
    // Timers never fire early, so a lower bound is safe; the upper bound is only a sanity check.
    expect(retried - firstAnswered).toBeGreaterThanOrEqual(480);
    expect(retried - firstAnswered).toBeLessThan(10_000);
  });

  it('waits exactly the configured delay (fake timer check of the scheduling)', async () => {
    const calls: number[] = [];
    let n = 0;
    configureApiClient({
      retryDelayMs: RetryDelayMs,
      fetch: () => {
        calls.push(Date.now());
        n += 1;
        return Promise.resolve(n === 1 ? new Response('', { status: 503 }) : Response.json({ value: 'ok' }));
      },
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const pending = callApi(getAuthInfo);
      await vi.advanceTimersByTimeAsync(499);
      expect(calls).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(pending).resolves.toEqual({ value: 'ok' });
      expect(calls).toHaveLength(2);
      expect((calls[1] ?? 0) - (calls[0] ?? 0)).toBe(500);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('failures', () => {
  it('maps 429 to W0010 (after its retry)', async () => {
    replies = [{ status: 429 }, { status: 429, body: { message: 'slow down' } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(seen).toHaveLength(2);
    expect(result).toMatchObject({ ok: false, status: 429, error: { code: 'W0010' } });
  });

  it('maps 429 to W0010 even when the body names another code (not retried: it has a code)', async () => {
    replies = [{ status: 429, body: { errorCode: 'A0500', message: 'm' } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(seen).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, error: { code: 'W0010' } });
  });

  it('reads errorCode and errorOptionals.endDate of a failed answer', async () => {
    replies = [{ status: 409, body: { errorCode: 'E0008', message: 'm', errorOptionals: { endDate: '2026/11/21 23:30:00' } } }];
    await expect(callApi(getContracts, {})).rejects.toBeInstanceOf(ApiRequestError);
    expect(handled).toEqual([{ code: 'E0008', status: 409, endDate: '2026/11/21 23:30:00' }]);
  });

  it('ignores malformed error fields instead of failing on them', async () => {
    replies = [{ status: 400, body: { errorCode: 42, errorOptionals: { endDate: false } } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(result).toMatchObject({ ok: false, status: 400, error: { code: undefined, endDate: undefined } });
  });

  it('times out with status 408 and does not retry its own timeout', async () => {
    expect(RequestTimeoutMs).toBe(60_000);
    replies = [{ status: 0, hang: true }, { status: 200, body: { value: 'never' } }];
    const result = await callApi(getContracts, { timeoutMs: 100, errorHandler: false });
    expect(result).toMatchObject({ ok: false, status: 408, error: { reason: 'timeout', code: undefined } });
    expect(seen).toHaveLength(1);
  });

  it('treats a network failure as status 500 and retries it once', async () => {
    let attempts = 0;
    configureApiClient({
      fetch: () => {
        attempts += 1;
        return Promise.reject(new TypeError('fetch failed'));
      },
    });
    const result = await callApi(getContracts, { errorHandler: false });
    expect(attempts).toBe(2);
    expect(result).toMatchObject({ ok: false, status: 500, error: { reason: 'network' } });
  });

  it('treats a network failure of a real closed port the same way', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    configureApiClient({ baseUrl: `http://127.0.0.1:${port}` });
    const result = await callApi(getAuthInfo, { errorHandler: false });
    expect(result).toMatchObject({ ok: false, status: 500, error: { reason: 'network' } });
  });

  it('rejects a 2xx body that does not match the response schema', async () => {
    replies = [{ status: 200, body: { value: 42 } }, { status: 200, raw: 'not json' }];
    const off = await callApi(getContracts, { errorHandler: false });
    expect(off).toMatchObject({ ok: false, status: 500, error: { reason: 'schema', body: { value: 42 } } });
    expect(handled).toEqual([]);

    const thrown = await callApi(getContracts, {}).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiRequestError);
    expect(thrown).toMatchObject({ reason: 'schema', status: 500 });
    expect(handled).toEqual([{ code: undefined, status: 500, endDate: undefined }]);
    expect(seen).toHaveLength(2);
  });

  it('passes the caller’s abort through without telling the handler', async () => {
    replies = [{ status: 0, hang: true }];
    const controller = new AbortController();
    const pending = callApi(getContracts, { signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(handled).toEqual([]);
  });

  it('stops waiting for the retry when the caller aborts during the delay', async () => {
    configureApiClient({ retryDelayMs: 10_000 });
    replies = [{ status: 503 }];
    const controller = new AbortController();
    const pending = callApi(getContracts, { signal: controller.signal });
    await vi.waitFor(() => expect(answeredAt).toHaveLength(1));
    controller.abort(new DOMException('left the page', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });
});

describe('error handler modes', () => {
  it('on: tells the handler { code, status, endDate } and throws ApiRequestError with the details', async () => {
    replies = [{ status: 503, body: { errorCode: 'E0005', message: 'm', errorOptionals: { endDate: '2026/11/22 05:40:00' } } }];
    const error = await callApi(getContracts, { correlationId: 'c-1', requestKey: 'k-1' }).catch((e: unknown) => e);

    expect(handled).toEqual([{ code: 'E0005', status: 503, endDate: '2026/11/22 05:40:00' }]);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 503,
      errorCode: 'E0005',
      endDate: '2026/11/22 05:40:00',
      correlationId: 'c-1',
      requestKey: 'k-1',
      reason: 'http',
    });
  });

  it('on: a throwing handler does not replace the ApiRequestError', async () => {
    configureApiClient({
      onError: () => {
        throw new Error('handler bug');
      },
    });
    replies = [{ status: 404, body: { errorCode: 'A0404', message: 'm' } }];
    await expect(callApi(getContracts, {})).rejects.toBeInstanceOf(ApiRequestError);
  });

  it('off: returns { ok: false, status, error } and leaves the handler alone', async () => {
    replies = [{ status: 403, body: { errorCode: 'A0403', message: 'm' } }];
    const result = await callApi(getContracts, { errorHandler: false });
    expect(handled).toEqual([]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.status).toBe(403);
      expect(result.error).toMatchObject({ code: 'A0403', reason: 'http', body: { errorCode: 'A0403', message: 'm' } });
      expect(result.error.correlationId).toMatch(uuid);
    }
  });

  it('off: returns { ok: true, status, data } on success', async () => {
    replies = [{ status: 201, body: { accepted: true } }];
    const result = await callApi(registerService, { body: { planId: '225' }, errorHandler: false });
    expect(result).toEqual({ ok: true, status: 201, data: { accepted: true } });
  });

  it('on: success resolves to the parsed body itself, with unknown fields stripped by the schema', async () => {
    replies = [{ status: 200, body: { value: 'v', extra: 'dropped' } }];
    await expect(callApi(getContracts, {})).resolves.toEqual({ value: 'v' });
    expect(handled).toEqual([]);
  });
});
