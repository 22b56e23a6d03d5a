import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TicketEncodeSchema, TicketSchema } from '../../contracts/api/ticket';
import { orderTickets } from '../../server/db/schema';
import { apiHeaders, buildTestApp, signInAs, type SignedIn, type TestApp, errorOf } from './support/build-test-app';
import { expectAuthChecks } from './support/auth-matrix';

let test: TestApp;
let user: SignedIn;
let other: SignedIn;
beforeAll(async () => {
  test = await buildTestApp();
  user = await signInAs(test, 'demo02');
  other = await signInAs(test, 'demo07');
});
afterAll(async () => {
  await test.close();
});

const ticketCount = async () => (await test.db.select({ n: count() }).from(orderTickets))[0]?.n ?? 0;

const issue = async (as: SignedIn = user) => {
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: apiHeaders(as),
    payload: { tokenId: as.sessionToken, userAgent: 'vitest' },
  });
  expect(response.statusCode).toBe(200);
  return TicketSchema.parse(response.json()).ticket;
};

describe('POST /api/ticket', () => {
  it('セッショントークンを渡すと、署名つきのチケットを発行すること', async () => {
    const before = await ticketCount();
    const ticket = await issue();
    expect(ticket).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(await ticketCount()).toBe(before + 1);
  });

  it('tokenIdがセッショントークンでなければ401 A0401で、チケットを作らないこと', async () => {
    const before = await ticketCount();
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/ticket',
      headers: apiHeaders(user),
      payload: { tokenId: other.sessionToken, userAgent: 'vitest' },
    });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).errorCode).toBe('A0401');
    expect(await ticketCount()).toBe(before);
  });

  it('不正な入力は400 A0400で、チケットを作らないこと', async () => {
    const before = await ticketCount();
    for (const payload of [{}, { tokenId: '', userAgent: 'x' }, { tokenId: user.sessionToken }, { tokenId: user.sessionToken, userAgent: 'x'.repeat(1025) }]) {
      const response = await test.app.inject({ method: 'POST', url: '/api/ticket', headers: apiHeaders(user), payload });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).errorCode).toBe('A0400');
    }
    expect(await ticketCount()).toBe(before);
  });

  it('セッションとセッショントークンの確認をすること', async () => {
    await expectAuthChecks(test, user, other, () => ({ method: 'POST', url: '/api/ticket', payload: { tokenId: user.sessionToken, userAgent: 'vitest' } }));
  });
});

describe('GET /api/ticket/encode', () => {
  it('チケットと戻り先画面をweblinkに変換し、受付サービスのURLを返すこと', async () => {
    const ticket = await issue();
    const response = await test.app.inject({ method: 'GET', url: `/api/ticket/encode?ticket=${ticket}&pageId=ADB0001`, headers: apiHeaders(user) });
    expect(response.statusCode).toBe(200);
    const body = TicketEncodeSchema.parse(response.json());
    expect(JSON.parse(Buffer.from(body.weblink, 'base64url').toString('utf8'))).toEqual({ ticket, pageId: 'ADB0001' });
    expect(body.url).toBe(`/sandbox/order/receive?weblink=${body.weblink}`);
  });

  it('他のお客さまのチケットは403、知らないチケットは404になること', async () => {
    const othersTicket = await issue(other);
    const foreign = await test.app.inject({ method: 'GET', url: `/api/ticket/encode?ticket=${othersTicket}&pageId=ADB0001`, headers: apiHeaders(user) });
    expect(foreign.statusCode).toBe(403);
    const [id] = othersTicket.split('.');
    const forged = `${id}.${'A'.repeat(43)}`;
    const unknown = await test.app.inject({ method: 'GET', url: `/api/ticket/encode?ticket=${forged}&pageId=ADB0001`, headers: apiHeaders(user) });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).errorCode).toBe('A0404');
  });

  it('不正な入力は400 A0400になること', async () => {
    const ticket = await issue();
    for (const query of [`ticket=${ticket}`, `ticket=${ticket}&pageId=top`, 'ticket=abc&pageId=ADB0001', `ticket=${ticket}&pageId=ADB0001&x=1`]) {
      const response = await test.app.inject({ method: 'GET', url: `/api/ticket/encode?${query}`, headers: apiHeaders(user) });
      expect(response.statusCode).toBe(400);
    }
  });

  it('セッションとセッショントークンの確認をすること', async () => {
    const ticket = await issue();
    await expectAuthChecks(test, user, other, () => ({ method: 'GET', url: `/api/ticket/encode?ticket=${ticket}&pageId=ADB0001` }));
  });

  it('SANDBOXがオフなら受付サービスがないので、このAPIはないこと（404）', async () => {
    const production = await buildTestApp({ env: { SANDBOX: 'false' } });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/ticket/encode?ticket=a&pageId=ADB0001' });
      expect(response.statusCode).toBe(404);
      expect(errorOf(response).errorCode).toBe('A0404');
      expect((await production.app.inject({ method: 'GET', url: '/sandbox/order' })).statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('サンドボックスの注文サイト /sandbox/order', () => {
  it('チケットを一度だけ受け付け、お客さまの名前とポータルへの戻りリンクを表示すること', async () => {
    const ticket = await issue();
    const first = await test.app.inject({ method: 'GET', url: `/sandbox/order?ticket=${ticket}&pageId=ADB0004` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('text/html');
    expect(first.body).toContain('佐藤 花子 さま');
    expect(first.body).toContain('あんしんデータボックス');
    expect(first.body).toContain('href="/?pageId=ADB0004"');
    const second = await test.app.inject({ method: 'GET', url: `/sandbox/order?ticket=${ticket}&pageId=ADB0004` });
    expect(second.statusCode).toBe(403);
    expect(second.body).toContain('ログインチケットが無効です');
  });

  it('weblinkで受付サービスに入れること、壊れたweblinkは400になること', async () => {
    const ticket = await issue();
    const encoded = TicketEncodeSchema.parse(
      (await test.app.inject({ method: 'GET', url: `/api/ticket/encode?ticket=${ticket}&pageId=OPT0001`, headers: apiHeaders(user) })).json(),
    );
    const page = await test.app.inject({ method: 'GET', url: encoded.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('受付サービス（サンドボックス）');
    expect(page.body).toContain('href="/?pageId=OPT0001"');
    expect((await test.app.inject({ method: 'GET', url: '/sandbox/order/receive?weblink=%%%' })).statusCode).toBe(400);
  });

  it('署名の合わないチケット・形式の違う指定は受け付けないこと', async () => {
    const ticket = await issue();
    const [id] = ticket.split('.');
    expect((await test.app.inject({ method: 'GET', url: `/sandbox/order?ticket=${id}.${'B'.repeat(43)}&pageId=ADB0004` })).statusCode).toBe(403);
    expect((await test.app.inject({ method: 'GET', url: `/sandbox/order?ticket=${ticket}` })).statusCode).toBe(400);
    // The refused attempts did not use the ticket up.
    expect((await test.app.inject({ method: 'GET', url: `/sandbox/order?ticket=${ticket}&pageId=ADB0004` })).statusCode).toBe(200);
  });

  it('スタイルシートを同じオリジンから配信すること（CSPでインラインは使えない）', async () => {
    const css = await test.app.inject({ method: 'GET', url: '/sandbox/sandbox.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toContain('text/css');
  });
});
