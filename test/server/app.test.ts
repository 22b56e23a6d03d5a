import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints } from '../../contracts/endpoints';
import { buildTestApp, type TestApp, errorOf } from './support/build-test-app';

let test: TestApp;
beforeAll(async () => {
  test = await buildTestApp({
    extend: (app) => {
      app.get('/api/test/explode', () => {
        throw new Error('secret connection string postgres://user:pw@db');
      });
    },
  });
});
afterAll(async () => {
  await test.close();
});

describe('サーバーの共通処理', () => {
  it('x-correlation-id を受け取れば同じ値を、なければ新しい値を返すこと', async () => {
    const given = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate', headers: { 'x-correlation-id': 'abc-123' } });
    expect(given.headers['x-correlation-id']).toBe('abc-123');
    const generated = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
    expect(generated.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await test.app.inject({ method: 'GET', url: '/api/getCurrentDate', headers: { 'x-correlation-id': 'a b<script>' } });
    expect(unsafe.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('厳しいCSPを返すこと（scriptにunsafe-inlineなし、frame-ancestors none）', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/Top' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('サインオンの発行者がほかのオリジンならform-actionに加えること', async () => {
    const external = await buildTestApp({ env: { OIDC_ISSUER: 'https://sso.example.jp/realms/portal', SANDBOX: 'false' } });
    try {
      const response = await external.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
      expect(String(response.headers['content-security-policy'])).toContain("form-action 'self' https://sso.example.jp");
    } finally {
      await external.close();
    }
  });

  it('予期しないエラーは500で、errorCodeも内部の情報も返さないこと', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: '正常に処理が完了しなかったため、お手続きを中断しました。', detail: 'お手数ですが、もう一度お試しください。' });
    expect(response.body).not.toContain('postgres');
  });

  it('受け付けない大きさ・種類の本文は4xxのA0400になること', async () => {
    const large = await test.app.inject({ method: 'POST', url: '/api/ticket', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'a'.repeat(70_000) }) });
    expect(large.statusCode).toBe(413);
    expect(errorOf(large).errorCode).toBe('A0400');
    const xml = await test.app.inject({ method: 'POST', url: '/api/ticket', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(xml.statusCode).toBe(415);
    expect(errorOf(xml).errorCode).toBe('A0400');
  });

  it('アクセスが多すぎると429 W0010になること', async () => {
    const limited = await buildTestApp({ env: { RATE_LIMIT_IP_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i += 1) {
        last = await limited.app.inject({ method: 'GET', url: '/api/getCurrentDate' });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(last?.json()).toEqual({ errorCode: 'W0010', message: 'ただいまアクセスが集中しています。', detail: 'しばらく時間をおいてから、もう一度お試しください。' });
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/openapi.json', () => {
  it('エンドポイント表のすべての操作をOpenAPI 3.1で返すこと', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    type Operation = { operationId: string; parameters: unknown[]; security?: unknown[]; requestBody: { content: Record<string, { schema: { properties: Record<string, { pattern?: string }> } }> } };
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(document.openapi).toBe('3.1.0');
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operationIds.sort()).toEqual(Object.keys(endpoints).sort());
    const check = document.paths['/api/customer/{sbSystemId}/regulation/check']?.['post'];
    expect(check?.parameters).toContainEqual(expect.objectContaining({ name: 'sbSystemId', in: 'path', required: true }));
    expect(check?.parameters).toContainEqual(expect.objectContaining({ name: 'session-token', in: 'header' }));
    expect(check?.requestBody.content['application/json']?.schema.properties['pageId']?.pattern).toBe('^[A-Z]{3}[0-9]{4}$');
    expect(document.paths['/api/getCurrentDate']?.['get']?.security).toEqual([]);
  });
});
