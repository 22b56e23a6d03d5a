/**
 * Qualified-invoice PDFs (server/invoices/invoice-pdf.ts, ADR 0074): rendered, then read back with
 * pdf.js (unpdf) as a customer's viewer would: the text and figures an invoice must state, the
 * metadata, a subset font, the same bytes for the same document, and refusal of inconsistent ones.
 */
import { inflateSync } from 'node:zlib';
import { create as openFont } from 'fontkit';
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { taxByRate } from '../../contracts/billing/monthly-bills';
import { renderInvoicePdf, type InvoiceDocument } from '../../server/invoices/invoice-pdf';

const invoice: InvoiceDocument = {
  invoiceNumber: 'INV-202610-1000000007-CF02',
  issuedOn: '2026/11/01',
  billingMonth: '2026/10',
  billingPeriod: { from: '2026/10/01', to: '2026/10/31' },
  issuer: {
    name: 'サンプルモバイル株式会社',
    registrationNumber: 'T1234567890123',
    address: '〒105-0001 東京都港区虎ノ門一丁目1番1号',
    contact: 'お客さまセンター 0120-000-000',
  },
  recipient: { name: '山田 太郎' },
  title: '適格請求書（バスケットLIVE）',
  lines: [
    { description: 'バスケットLIVE', planName: 'プラン232-1', unitPrice: 1650, discounts: [{ label: '継続利用割引', amount: 110 }], amount: 1540, taxRate: 10 },
    { description: 'あんしんデータボックス', planName: '月額プラン', unitPrice: 550, discounts: [], amount: 550, taxRate: 10 },
  ],
  total: 2090,
  taxByRate: [{ rate: 10, totalIncludingTax: 2090, tax: 190 }],
  paymentMethod: 'クレジットカード（下4桁 1234）',
};

async function readBack(bytes: Uint8Array) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  const { info } = await getMeta(pdf);
  return { text, totalPages, info: info as Record<string, unknown> };
}

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The TrueType font programs embedded in a PDF (every /FontFile2 stream, inflated). */
function embeddedFontPrograms(bytes: Uint8Array): Buffer[] {
  const raw = latin1(bytes);
  return [...raw.matchAll(/\/FontFile2 (\d+) 0 R/g)].map(([, objectNumber]) => {
    const object = new RegExp(`\\n${objectNumber} 0 obj\\s*<<([\\s\\S]*?)>>\\s*stream\\r?\\n`).exec(raw);
    const length = Number(/\/Length (\d+)/.exec(object?.[1] ?? '')?.[1]);
    if (object === null || !Number.isInteger(length)) throw new Error(`font file ${objectNumber} not found`);
    const start = object.index + object[0].length;
    return inflateSync(Buffer.from(bytes.subarray(start, start + length)));
  });
}

describe('renderInvoicePdf', () => {
  it('登録番号・請求月・宛名・各行の金額・合計と税率ごとの消費税が書式どおりの文字として読み出せること', async () => {
    const bytes = await renderInvoicePdf(invoice);
    const { text, totalPages } = await readBack(bytes);

    expect(totalPages).toBe(1);
    for (const expected of [
      '適格請求書（バスケットLIVE）',
      'INV-202610-1000000007-CF02',
      '2026年11月1日',
      '山田 太郎 様',
      'サンプルモバイル株式会社',
      '登録番号 T1234567890123',
      '2026年10月分',
      '2026年10月1日〜2026年10月31日',
      'クレジットカード（下4桁 1234）',
      'バスケットLIVE',
      'プラン232-1',
      '1,650円',
      '割引：継続利用割引',
      '−110円',
      '1,540円',
      'あんしんデータボックス',
      '550円',
      '10%対象',
      '合計（税込）',
      '2,090円',
      '10%対象 2,090円（うち消費税 190円）',
    ]) {
      expect(text).toContain(expected);
    }
    // Each row reads in order: item, rate, unit price, amount; a discount beneath with its minus amount.
    expect(text).toContain('バスケットLIVE 10%対象 1,650円 1,540円\nプラン232-1\n割引：継続利用割引 −110円');
    expect(text).toContain('あんしんデータボックス 10%対象 550円 550円');
    expect(text).toContain('合計（税込） 2,090円');
  });

  it('税率が二つあれば、税率ごとに対象額と消費税額を書くこと', async () => {
    const lines: InvoiceDocument['lines'] = [
      ...invoice.lines,
      { description: '定期購読サービス', planName: '月刊誌', unitPrice: 1080, discounts: [], amount: 1080, taxRate: 8 },
    ];
    const { text } = await readBack(await renderInvoicePdf({ ...invoice, lines, total: 3170, taxByRate: taxByRate(lines) }));

    expect(text).toContain('10%対象 2,090円（うち消費税 190円）');
    expect(text).toContain('8%対象 1,080円（うち消費税 80円）');
    expect(text).toContain('3,170円');
  });

  it('PDFで、フォントは使う字だけのサブセットとして埋め込まれ、1MBを大きく下回ること', async () => {
    const bytes = await renderInvoicePdf(invoice);
    const raw = latin1(bytes);

    expect(raw.startsWith('%PDF-')).toBe(true);
    // A subset font is named with a six-letter tag (ISO 32000-1, 9.6.4); the full TTF is 5.4 MB.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Bold/);
    expect(bytes.length).toBeLessThan(100_000);
  });

  it('埋め込んだサブセットフォントの字形がすべて読めること（字が欠けるサブセットを作らないこと）', async () => {
    const programs = embeddedFontPrograms(await renderInvoicePdf(invoice));

    expect(programs).toHaveLength(2);
    for (const program of programs) {
      const font = openFont(program);
      if (!('getGlyph' in font)) throw new Error('a collection');
      // A subset font whose glyph offsets are off reads past its glyf table or draws nothing.
      expect(font.numGlyphs).toBeLessThan(200);
      const outlines = Array.from({ length: font.numGlyphs }, (_, id) => font.getGlyph(id).path.commands.length);
      expect(outlines.filter((commands) => commands > 0).length).toBeGreaterThan(font.numGlyphs * 0.8);
    }
  });

  it('メタデータに件名・作成者（発行者）・発行日を入れること', async () => {
    const { info } = await readBack(await renderInvoicePdf(invoice));

    expect(info.Title).toBe('適格請求書（バスケットLIVE） INV-202610-1000000007-CF02');
    expect(info.Author).toBe('サンプルモバイル株式会社');
    // 2026/11/01 00:00 JST.
    expect(String(info.CreationDate)).toMatch(/^D:20261031150000/);
    expect(String(info.ModDate)).toMatch(/^D:20261031150000/);
    expect(info.Language).toBe('ja-JP');
  });

  it('同じ内容なら、順に描いても同時に描いても同じバイト列になること', async () => {
    const first = await renderInvoicePdf(invoice);
    const second = await renderInvoicePdf(structuredClone(invoice));
    const concurrent = await Promise.all([renderInvoicePdf(invoice), renderInvoicePdf(invoice), renderInvoicePdf(invoice)]);

    expect(Buffer.compare(Buffer.from(first), Buffer.from(second))).toBe(0);
    for (const bytes of concurrent) expect(Buffer.compare(Buffer.from(first), Buffer.from(bytes))).toBe(0);
  });

  it('1ページに収まらない明細は次のページに続き、見出し行とページ番号を付けること', async () => {
    const lines = Array.from({ length: 30 }, (_, index) => ({ ...invoice.lines[index % 2]!, description: `サービス${index + 1}` }));
    const total = lines.reduce((sum, line) => sum + line.amount, 0);
    const { text, totalPages } = await readBack(await renderInvoicePdf({ ...invoice, lines, total, taxByRate: taxByRate(lines) }));

    expect(totalPages).toBeGreaterThan(1);
    expect(text).toContain('サービス30');
    expect(text).toContain(`1 / ${totalPages}`);
    expect(text).toContain(`${totalPages} / ${totalPages}`);
    expect(text).toContain('山田 太郎 様（続き）');
    expect(text).toContain(`10%対象 ${new Intl.NumberFormat('ja-JP').format(total)}円（うち消費税 ${new Intl.NumberFormat('ja-JP').format(Math.floor(total / 11))}円）`);
  });
});

describe('描く前に矛盾した請求書を拒むこと', () => {
  const rejects = (document: InvoiceDocument) => expect(renderInvoicePdf(document)).rejects;

  it('登録番号がTと13桁の数字でなければ拒むこと', async () => {
    for (const registrationNumber of ['1234567890123', 'T123456789012', 'T12345678901234', 'T123456789012X']) {
      await rejects({ ...invoice, issuer: { ...invoice.issuer, registrationNumber } }).toThrow(/T followed by 13 digits/);
    }
  });

  it('合計が各行の金額の和でなければ拒むこと', async () => {
    await rejects({ ...invoice, total: 2200 }).toThrow(/total 2200 is not the sum of the line amounts \(2090\)/);
  });

  it('税率ごとの対象額・消費税額が明細と合わなければ拒むこと', async () => {
    await rejects({ ...invoice, taxByRate: [{ rate: 10, totalIncludingTax: 2090, tax: 191 }] }).toThrow(/taxByRate does not match/);
    await rejects({ ...invoice, taxByRate: [{ rate: 10, totalIncludingTax: 2000, tax: 181 }] }).toThrow(/taxByRate does not match/);
    await rejects({ ...invoice, taxByRate: [{ rate: 8, totalIncludingTax: 2090, tax: 154 }] }).toThrow(/taxByRate does not match/);
    await rejects({ ...invoice, taxByRate: [...invoice.taxByRate, { rate: 8, totalIncludingTax: 0, tax: 0 }] }).toThrow(/taxByRate does not match/);
  });

  it('行の金額が単価から割引を引いた額でなければ拒むこと', async () => {
    const [first, second] = invoice.lines;
    await rejects({ ...invoice, lines: [{ ...first!, amount: 1650 }, second!], total: 2200, taxByRate: [{ rate: 10, totalIncludingTax: 2200, tax: 200 }] }).toThrow(
      /not the unit price less the discounts \(1540\)/,
    );
  });

  it('日付・月が暦にない、改行を含むなどの形の誤りはZodErrorで拒むこと', async () => {
    await rejects({ ...invoice, issuedOn: '2026/02/30' }).toBeInstanceOf(ZodError);
    await rejects({ ...invoice, billingMonth: '2026/13' }).toBeInstanceOf(ZodError);
    await rejects({ ...invoice, billingPeriod: { from: '2026/10/31', to: '2026/10/01' } }).toBeInstanceOf(ZodError);
    await rejects({ ...invoice, recipient: { name: '山田\n太郎' } }).toBeInstanceOf(ZodError);
  });

  it('フォントにない文字は空の四角で印字せず、どの項目のどの文字かを示して拒むこと', async () => {
    await rejects({ ...invoice, recipient: { name: '山田 太郎😀' } }).toThrow(/recipient\.name: the invoice font has no glyph for "😀" \(U\+1F600\)/);
  });
});
