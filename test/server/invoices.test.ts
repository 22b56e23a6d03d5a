/**
 * Qualified invoices on the server (docs/decisions/0075-invoices.md), from demo17's bills on the
 * business date 2026/11/25 (ADR 0073): the months, a month's invoices per service and together,
 * and the PDFs read back with pdf.js: their figures are the bill's. Only closed months, only the
 * customer's own, nothing for a 3G line.
 */
import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { InvoiceServiceResponseSchema, InvoiceSessionResponseSchema } from '../../contracts/api/invoice';
import { expectAuthChecks } from './support/auth-matrix';
import { call, signedInAppForFile, type Answer } from './support/anshin-kit';

const kit = signedInAppForFile(['demo02', 'demo17', 'demo18'], { env: { BUSINESS_DATE: '2026/11/25' } });
const user = kit.user;

/** The PDF as a browser opening a link asks for it: the session cookie, no session-token header. */
const openPdf = (id: string, path: string, cookieOf = id) =>
  kit.test.app.inject({ method: 'GET', url: `/api/customer/${user(id).sbSystemId}${path}`, headers: { cookie: user(cookieOf).cookie } });

async function textOf(response: LightMyRequestResponse): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(response.rawPayload));
  return (await extractText(pdf, { mergePages: true })).text;
}

describe('GET invoice/session と invoice/service', () => {
  it('確定した月を新しい順に挙げ、今月は含めないこと', async () => {
    const response = await call(kit.test, user('demo17'), 'GET', '/invoice/session');
    expect(response.statusCode, response.body).toBe(200);
    const session = InvoiceSessionResponseSchema.parse(response.json());
    expect(session.lineGeneration).toBe('4g');
    expect(session.months[0]).toBe('2026/10');
    expect(session.months.at(-1)).toBe('2025/09');
    expect(session.months).toHaveLength(14);
  });

  it('ある月の請求書をサービスごとと、2つ以上あればまとめて（CF04）で挙げること', async () => {
    const february = InvoiceServiceResponseSchema.parse((await call(kit.test, user('demo17'), 'GET', '/invoice/service', { query: 'month=2026/02' })).json());
    expect(february.invoices.map((invoice) => [invoice.cfService, invoice.name, invoice.total])).toEqual([
      ['CF01', 'あんしんデータボックス', 550],
      ['CF02', 'バスケットLIVE', 165],
      ['CF03', 'スマホ設定サポート定額', 550],
      ['CF04', 'オプションサービス（まとめて）', 1265],
    ]);
    expect(february.invoices[3]).toMatchObject({ invoiceNumber: 'INV-202602-1000000017-CF04', issuedOn: '2026/03/01', taxByRate: [{ rate: 10, totalIncludingTax: 1265, tax: 115 }] });
    // 2025/10: data storage alone, so no CF04.
    const october = InvoiceServiceResponseSchema.parse((await call(kit.test, user('demo17'), 'GET', '/invoice/service', { query: 'month=2025/10' })).json());
    expect(october.invoices.map((invoice) => invoice.cfService)).toEqual(['CF01']);
  });

  it('今月・請求のない月は404 A0404、形の違う月は400 A0400、3G回線はE0008であること', async () => {
    for (const month of ['2026/11', '2025/08']) {
      const response = await call(kit.test, user('demo17'), 'GET', '/invoice/service', { query: `month=${month}` });
      expect(response.statusCode, month).toBe(404);
      expect(response.json<Answer>().errorCode).toBe('A0404');
    }
    for (const query of ['month=2026-02', 'month=2026/13', '', 'month=2026/02&x=1']) {
      const response = await call(kit.test, user('demo17'), 'GET', '/invoice/service', { query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    expect(InvoiceSessionResponseSchema.parse((await call(kit.test, user('demo18'), 'GET', '/invoice/session')).json())).toEqual({ lineGeneration: '3g', months: [] });
    const legacy = await call(kit.test, user('demo18'), 'GET', '/invoice/service', { query: 'month=2026/10' });
    expect(legacy.json<Answer>().errorCode).toBe('E0008');
    expect((await openPdf('demo18', '/invoice/CF01/pdf?month=2026/10')).json<Answer>().errorCode).toBe('E0008');
  });

  it('他のお客さまのIDやセッションなしは拒否されること', async () => {
    await expectAuthChecks(kit.test, user('demo17'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/invoice/service?month=2026/02` }));
  });
});

describe('GET invoice/{cfService}/pdf と pdf/download', () => {
  it('ブラウザで開くPDFは、その月・そのサービスの金額と消費税、登録番号、宛名を文字で持つこと', async () => {
    const response = await openPdf('demo17', '/invoice/CF02/pdf?month=2026/02');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `inline; filename="INV-202602-1000000017-CF02.pdf"; filename*=UTF-8''${encodeURIComponent('請求書_2026年2月_バスケットLIVE.pdf')}`,
    );
    expect(response.headers['cache-control']).toBe('private, max-age=86400');
    const text = await textOf(response);
    expect(text).toContain('適格請求書（バスケットLIVE）');
    expect(text).toContain('T9999900000017');
    expect(text).toContain('斎藤 涼子 様');
    expect(text).toContain('2026年2月');
    expect(text).toContain('INV-202602-1000000017-CF02');
    expect(text).toContain('バスケットLIVE 3か月半額クーポン');
    expect(text).toContain('10%対象 165円（うち消費税 15円）');
    expect(text).not.toContain('あんしんデータボックス');
  });

  it('まとめての請求書（CF04）は、その月の明細と同じ合計と税額であること', async () => {
    const response = await openPdf('demo17', '/invoice/CF04/pdf/download?month=2026/06');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="INV-202606-1000000017-CF04\.pdf"; filename\*=UTF-8''/);
    const summary = (await call(kit.test, user('demo17'), 'POST', '/billing/summary', { payload: { month: '2026/06' } })).json<{ total: number; taxByRate: { tax: number }[] }>();
    const text = await textOf(response);
    expect(summary.total).toBe(2090);
    expect(text).toContain(`10%対象 2,090円（うち消費税 ${summary.taxByRate[0]?.tax ?? -1}円）`);
    // Two ways of paying make a long line that wraps: read it without the line breaks.
    expect(text.replace(/\s+/g, '')).toContain('クレジットカード（下4桁7878）・携帯電話料金とまとめて支払い');
  });

  it('50件同時のダウンロードがすべて成功し、同じ請求書は同じバイト列であること', async () => {
    const responses = await Promise.all(Array.from({ length: 50 }, () => openPdf('demo17', '/invoice/CF04/pdf/download?month=2026/02')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array<number>(50).fill(200));
    expect(new Set(responses.map((response) => response.rawPayload.toString('base64'))).size).toBe(1);
  });

  it('請求のないサービス・今月・知らないcfServiceは何も送らないこと', async () => {
    const suspended = await openPdf('demo17', '/invoice/CF01/pdf?month=2026/05');
    expect(suspended.statusCode).toBe(404);
    expect(suspended.json<Answer>().errorCode).toBe('A0404');
    // CF04 needs two services: 2025/10 had one.
    expect((await openPdf('demo17', '/invoice/CF04/pdf?month=2025/10')).statusCode).toBe(404);
    expect((await openPdf('demo17', '/invoice/CF01/pdf?month=2026/11')).statusCode).toBe(404);
    const unknown = await openPdf('demo17', '/invoice/CF05/pdf?month=2026/02');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<Answer>().errorCode).toBe('A0400');
  });

  it('他のお客さまの請求書は403 A0403、セッションのないブラウザには401で、PDFを送らないこと', async () => {
    const foreign = await openPdf('demo02', '/invoice/CF01/pdf?month=2026/02', 'demo17');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json<Answer>().errorCode).toBe('A0403');
    expect(foreign.headers['content-type']).not.toBe('application/pdf');
    const anonymous = await kit.test.app.inject({ method: 'GET', url: `/api/customer/${user('demo17').sbSystemId}/invoice/CF01/pdf?month=2026/02` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).not.toBe('application/pdf');
  });
});
