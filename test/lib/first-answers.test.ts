/**
 * The API client's side of the first answers (docs/decisions/0087-first-answers-inlined.md): an
 * inlined answer stands in for exactly one identical call and goes through the same checks as a
 * fetched one; anything else reaches the server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CustomerParams, defineEndpoint, NoBody, NoParams, NoQuery } from '../../contracts/endpoint';
import { FirstAnswersElementId, serializeFirstAnswers, type FirstAnswer } from '../../contracts/first-answers';
import { ApiRequestError, callApi, configureApiClient, resetApiClient } from '../../src/api/api-client';
import { discardFirstAnswers, hasFirstAnswers, loadFirstAnswers } from '../../src/api/first-answers';
import { createQueryClient } from '../../src/api/query-client';
import { queryOptionsFor } from '../../src/api/query-options';
import { ensureReadAnsweredByDocument } from '../../src/router/contract-page-reads';
import { configureLogger, resetLogger } from '../../src/lib/logger';

const whoAmI = defineEndpoint({
  method: 'GET',
  path: '/api/getAuthInfo',
  retry: true,
  summary: 'test',
  params: NoParams,
  query: NoQuery,
  body: NoBody,
  response: z.object({ sbSystemId: z.string() }),
});

const check = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/regulation/check',
  retry: true,
  summary: 'test',
  params: CustomerParams,
  query: NoQuery,
  body: z.object({ pageId: z.string() }),
  response: z.object({ regulated: z.boolean() }),
});

const usage = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/storage/usage',
  retry: true,
  summary: 'test',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: z.object({ usedBytes: z.number() }),
});

const sbSystemId = '1000000002';
const fetched = { status: 200, body: { sbSystemId: 'from-the-network' } };

/** A document whose element holds `text`, as the server writes it. */
function documentWith(text: string) {
  const element = { textContent: text, remove: vi.fn() };
  return { element, doc: { getElementById: (id: string) => (id === FirstAnswersElementId ? (element as unknown as HTMLElement) : null) } };
}

let fetchSpy: ReturnType<typeof vi.fn>;

beforeEach(() => {
  configureLogger({ level: 'silent', sink: () => undefined });
  fetchSpy = vi.fn(() => Promise.resolve(new Response(JSON.stringify(fetched.body), { status: fetched.status })));
  configureApiClient({ fetch: fetchSpy as unknown as typeof fetch, getSession: () => ({ sbSystemId }), retryDelayMs: 1 });
});
afterEach(() => {
  discardFirstAnswers();
  resetApiClient();
  resetLogger();
});

function load(answers: FirstAnswer[]): void {
  loadFirstAnswers(documentWith(serializeFirstAnswers(answers)).doc, () => undefined);
}

describe('埋め込まれた最初の答え', () => {
  it('同じ呼び出しに一度だけ使われ、二度目はサーバーに問い合わせること', async () => {
    load([{ method: 'GET', url: '/api/getAuthInfo', status: 200, response: { sbSystemId } }]);
    expect(await callApi(whoAmI)).toEqual({ sbSystemId });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(await callApi(whoAmI)).toEqual(fetched.body);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('POST は本文まで同じときだけ使うこと（別の画面の規制チェックはサーバーへ）', async () => {
    load([{ method: 'POST', url: `/api/customer/${sbSystemId}/regulation/check`, body: '{"pageId":"ADB0004"}', status: 200, response: { regulated: false } }]);
    fetchSpy.mockResolvedValueOnce(new Response(JSON.stringify({ regulated: true }), { status: 200 }));
    expect(await callApi(check, { body: { pageId: 'TOP0001' } })).toEqual({ regulated: true });
    expect(await callApi(check, { body: { pageId: 'ADB0004' } })).toEqual({ regulated: false });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('失敗の答えは取得した失敗と同じに扱うこと（エラーコード付きの503は再試行しない）', async () => {
    load([{ method: 'POST', url: `/api/customer/${sbSystemId}/regulation/check`, body: '{"pageId":"ADB0004"}', status: 503, response: { errorCode: 'E0005', errorOptionals: { endDate: '2099/01/01 15:00' } } }]);
    const result = await callApi(check, { body: { pageId: 'ADB0004' }, errorHandler: false });
    expect(result).toMatchObject({ ok: false, status: 503, error: { code: 'E0005', endDate: '2099/01/01 15:00' } });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('エラーコードのない再試行できる失敗なら、再試行はサーバーに問い合わせること', async () => {
    load([{ method: 'GET', url: '/api/getAuthInfo', status: 502, response: undefined }]);
    expect(await callApi(whoAmI)).toEqual(fetched.body);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('スキーマに合わない答えは取得した答えと同じくスキーマ違反として失敗すること', async () => {
    load([{ method: 'GET', url: '/api/getAuthInfo', status: 200, response: { sbSystemId: 42 } }]);
    const failure = await callApi(whoAmI).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiRequestError);
    expect((failure as ApiRequestError).reason).toBe('schema');
  });

  it('最初のページが決まった後（discard）は使わないこと', async () => {
    load([{ method: 'GET', url: '/api/getAuthInfo', status: 200, response: { sbSystemId } }]);
    discardFirstAnswers();
    expect(await callApi(whoAmI)).toEqual(fetched.body);
  });

  it('要素は読んだら取り除き、JSONでない・形の違う中身は理由を添えて無視すること', async () => {
    const { element, doc } = documentWith('{not json');
    const invalid: string[] = [];
    loadFirstAnswers(doc, (reason) => invalid.push(reason));
    expect(element.remove).toHaveBeenCalled();
    loadFirstAnswers(documentWith(JSON.stringify([{ method: 'DELETE', url: 'http://evil.example/api', status: 200 }])).doc, (reason) => invalid.push(reason));
    expect(invalid).toHaveLength(2);
    expect(invalid[1]).toMatch(/method|url/);
    expect(await callApi(whoAmI)).toEqual(fetched.body);
  });
});

describe('文書が答えた読み出しだけを待つ（ensureReadAnsweredByDocument）', () => {
  const usageAnswer: FirstAnswer = { method: 'GET', url: `/api/customer/${sbSystemId}/storage/usage`, status: 200, response: { usedBytes: 7 } };

  it('文書が答えた読み出しは、問い合わせずにキャッシュに入れてから終わること', async () => {
    load([usageAnswer]);
    const queryClient = createQueryClient();
    await ensureReadAnsweredByDocument(queryClient, queryOptionsFor(usage, {}));
    expect(queryClient.getQueryData(queryOptionsFor(usage, {}).queryKey)).toEqual({ usedBytes: 7 });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('答えを先に別の読み出し（遷移ルールの先読み）が使っていても、その読み出しを待つこと', async () => {
    load([usageAnswer]);
    const queryClient = createQueryClient();
    const prefetch = queryClient.prefetchQuery(queryOptionsFor(usage, {}));
    await ensureReadAnsweredByDocument(queryClient, queryOptionsFor(usage, {}));
    expect(queryClient.getQueryData(queryOptionsFor(usage, {}).queryKey)).toEqual({ usedBytes: 7 });
    await prefetch;
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('文書が答えていない読み出しは、始めも待ちもしないこと（アプリ内の移動はページ自身が読む）', async () => {
    load([{ method: 'GET', url: '/api/getAuthInfo', status: 200, response: { sbSystemId } }]);
    const queryClient = createQueryClient();
    await ensureReadAnsweredByDocument(queryClient, queryOptionsFor(usage, {}));
    expect(queryClient.getQueryState(queryOptionsFor(usage, {}).queryKey)).toBeUndefined();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('最初のページが決まった後（discard）は、文書の答えを待たないこと', async () => {
    load([usageAnswer]);
    expect(hasFirstAnswers()).toBe(true);
    discardFirstAnswers();
    expect(hasFirstAnswers()).toBe(false);
    const queryClient = createQueryClient();
    await ensureReadAnsweredByDocument(queryClient, queryOptionsFor(usage, {}));
    expect(queryClient.getQueryState(queryOptionsFor(usage, {}).queryKey)).toBeUndefined();
  });

  it('文書の答えが失敗でも、ページを止めずに終わること', async () => {
    load([{ ...usageAnswer, status: 400, response: { errorCode: 'E0008' } }]);
    const queryClient = createQueryClient();
    await expect(ensureReadAnsweredByDocument(queryClient, queryOptionsFor(usage, {}))).resolves.toBeUndefined();
    expect(queryClient.getQueryState(queryOptionsFor(usage, {}).queryKey)?.status).toBe('error');
  });
});
