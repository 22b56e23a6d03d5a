/**
 * Qualified invoices (適格請求書, インボイス制度) as PDF, A4 portrait: the issuer and its registration
 * number, the recipient, the billing month and period, one row per line with its tax rate and
 * discounts, the total, and per tax rate the amount and the consumption tax in it. Validated with
 * zod before anything is drawn; the same document always gives the same bytes. ADR 0074.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create as openFont, type Font } from 'fontkit';
import PDFDocument from 'pdfkit';
import { z } from 'zod';
import { isCalendarDay, JstDateSchema } from '../../contracts/api/current-date';
import { JstMonthSchema } from '../../contracts/api/jst-month';
import { monthLabel, taxLine } from '../../contracts/billing/bill-labels';
import { taxByRate } from '../../contracts/billing/monthly-bills';
import { TaxByRateSchema } from '../../contracts/billing/bill-schemas';

import { TaxRateSchema } from '../../contracts/billing/bill-schemas';
import { formatYen } from '../../contracts/text/yen';

const noControlCharacters = /^[^\p{Cc}\p{Cf}\u2028\u2029]*$/u;
const TextSchema = (max: number) =>
  z.string().min(1).max(max).regex(noControlCharacters, 'must be one line without control characters');
// Up to 999,999,999 yen: the widest amount the columns are drawn for.
const YenSchema = z.number().int().min(0).max(999_999_999);
const DaySchema = JstDateSchema.check(z.refine(isCalendarDay, 'must be a calendar day yyyy/mm/dd'));

const InvoiceLineSchema = z.object({
  description: TextSchema(60),
  planName: TextSchema(60),
  /** Yen, tax included, before discounts. */
  unitPrice: YenSchema,
  /** Each amount is the yen taken off (positive); the PDF shows it with a minus sign. */
  discounts: z.array(z.object({ label: TextSchema(40), amount: YenSchema.min(1) })).max(10),
  /** Yen, tax included: the unit price less the discounts. */
  amount: YenSchema,
  taxRate: TaxRateSchema,
});

export const InvoiceDocumentSchema = z
  .object({
    invoiceNumber: TextSchema(40),
    issuedOn: DaySchema,
    billingMonth: JstMonthSchema,
    billingPeriod: z.object({ from: DaySchema, to: DaySchema }),
    issuer: z.object({
      name: TextSchema(40),
      registrationNumber: z.string().regex(/^T\d{13}$/, 'registrationNumber must be T followed by 13 digits'),
      address: TextSchema(120),
      contact: TextSchema(80),
    }),
    recipient: z.object({ name: TextSchema(40) }),
    title: TextSchema(40),
    lines: z.array(InvoiceLineSchema).min(1).max(200),
    total: YenSchema,
    /** Per rate, the total and the tax in it (適用税率ごとの対価の額の合計額及び消費税額等): `taxByRate(lines)`. */
    taxByRate: z.array(TaxByRateSchema).min(1).max(2),
    paymentMethod: TextSchema(60),
  })
  .superRefine((doc, context) => {
    if (doc.billingPeriod.from > doc.billingPeriod.to) {
      context.addIssue({ code: 'custom', path: ['billingPeriod'], message: 'billingPeriod.from must not be after billingPeriod.to' });
    }
    doc.lines.forEach((line, index) => {
      const discounted = line.unitPrice - line.discounts.reduce((sum, discount) => sum + discount.amount, 0);
      if (line.amount !== discounted) {
        context.addIssue({ code: 'custom', path: ['lines', index, 'amount'], message: `amount ${line.amount} is not the unit price less the discounts (${discounted})` });
      }
    });
    const sum = doc.lines.reduce((total, line) => total + line.amount, 0);
    if (doc.total !== sum) {
      context.addIssue({ code: 'custom', path: ['total'], message: `total ${doc.total} is not the sum of the line amounts (${sum})` });
    }
    // The billing rule (ADR 0073, rule 6): once per rate over the rate's total, rounded down.
    const expected = taxByRate(doc.lines);
    const matches =
      doc.taxByRate.length === expected.length &&
      expected.every((want) => doc.taxByRate.some((got) => got.rate === want.rate && got.totalIncludingTax === want.totalIncludingTax && got.tax === want.tax));
    if (!matches) {
      context.addIssue({ code: 'custom', path: ['taxByRate'], message: `taxByRate does not match the lines: expected ${JSON.stringify(expected)}` });
    }
  });
export type InvoiceDocument = z.infer<typeof InvoiceDocumentSchema>;

// Noto Sans JP (OFL-1.1) from an npm package, so a machine without system CJK fonts renders the
// same PDF. Read and parsed once per process and shared by every document (PDFKit 0.20 takes a
// parsed fontkit Font): parsing the OpenType tables anew per document was most of a render's time.
// Sharing is safe: fontkit reads the font synchronously, and each document subsets on its own.
type InvoiceFonts = { regular: Font; bold: Font };

declare global {
  // PDFKit 0.20 accepts a fontkit Font in registerFont; @types/pdfkit 0.17 does not say so yet.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace PDFKit.Mixins {
    interface PDFFont {
      registerFont(name: string, src: Font): this;
    }
  }
}

const fontPackage = '@expo-google-fonts/noto-sans-jp';
let invoiceFonts: Promise<InvoiceFonts> | undefined;

async function openPackagedFont(file: string): Promise<Font> {
  const font = openFont(await readFile(createRequire(import.meta.url).resolve(`${fontPackage}/${file}`)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not one font`);
  return font;
}

function loadFonts(): Promise<InvoiceFonts> {
  if (invoiceFonts === undefined) {
    const loading = Promise.all([openPackagedFont('400Regular/NotoSansJP_400Regular.ttf'), openPackagedFont('700Bold/NotoSansJP_700Bold.ttf')]).then(
      ([regular, bold]) => ({ regular, bold }),
    );
    // A failed read is not kept: the next document tries again.
    loading.catch(() => {
      if (invoiceFonts === loading) invoiceFonts = undefined;
    });
    invoiceFonts = loading;
  }
  return invoiceFonts;
}

/** Every character of the document has a glyph (the bold face has the same set): a missing one would print as an empty box. */
function assertDrawable(doc: InvoiceDocument, coverage: Font): void {
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'string') {
      for (const character of value) {
        const codePoint = character.codePointAt(0) ?? 0;
        if (!coverage.hasGlyphForCodePoint(codePoint)) {
          throw new RangeError(`${path}: the invoice font has no glyph for "${character}" (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')})`);
        }
      }
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => visit(item, `${path}[${index}]`));
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value)) visit(item, path === '' ? key : `${path}.${key}`);
    }
  };
  visit(doc, '');
}

const minusYen = (amount: number) => `−${formatYen(amount)}`;
const dayParts = (day: string) => day.split('/').map(Number) as [number, number, number];
const japaneseDay = (day: string) => {
  const [year, month, date] = dayParts(day);
  return `${year}年${month}月${date}日`;
};
/** 00:00 JST of the issue day: the metadata dates (and so the file ID), never the wall clock. */
const issuedAt = (day: string) => {
  const [year, month, date] = dayParts(day);
  return new Date(Date.UTC(year, month - 1, date) - 9 * 60 * 60 * 1000);
};
const headingOf = (doc: InvoiceDocument) => (doc.title.includes('適格請求書') ? doc.title : `適格請求書（${doc.title}）`);

// Points, origin top left (PDFKit's). A4 is 595.28 x 841.89.
const mm = 72 / 25.4;
const page = { width: 210 * mm, height: 297 * mm };
const margin = { top: 16 * mm, bottom: 14 * mm, side: 16 * mm };
const contentWidth = page.width - 2 * margin.side;
const left = margin.side;
const right = margin.side + contentWidth;
const ink = '#1a1a1a';
const muted = '#595959';
const rule = '#999999';
const shade = '#eceff4';

const cellPadding = 6;
const columnRight = { rate: right - 170, unitPrice: right - 85, amount: right };
const itemWidth = columnRight.rate - 60 - left - 2 * cellPadding;

const footnotes = [
  '本書は適格請求書等保存方式（インボイス制度）に基づく適格請求書です。',
  '金額はすべて消費税込みです。消費税額は適用税率ごとの合計額から計算し、1円未満を切り捨てています。',
  'ご不明な点は、上記のお問い合わせ先までご連絡ください。',
];
const footnoteSize = 7.5;
const footnoteLeading = 11;
/** Page content ends above this; the footnotes and the page number sit below it. */
const contentBottom = page.height - margin.bottom - 14 - footnotes.length * footnoteLeading - 12;

type Style = { size: number; bold?: boolean; color?: string };

/** Draws top-down with a cursor `y`; a row that does not fit starts a new page. */
class Writer {
  y = margin.top;
  private onNewPage: (() => void) | undefined;

  constructor(readonly pdf: PDFKit.PDFDocument) {}

  /** Room for `height` more points on this page, or a new page (with the table header, in the table). */
  need(height: number): void {
    if (this.y + height <= contentBottom) return;
    this.pdf.addPage();
    this.y = margin.top;
    this.onNewPage?.();
  }

  repeatOnNewPage(draw: (() => void) | undefined): void {
    this.onNewPage = draw;
  }

  private use(style: Style): PDFKit.PDFDocument {
    return this.pdf
      .font(style.bold === true ? 'bold' : 'regular')
      .fontSize(style.size)
      .fillColor(style.color ?? ink);
  }

  width(text: string, style: Style): number {
    return this.use(style).widthOfString(text);
  }

  /** One line of text whose line box starts at `top`. */
  text(text: string, x: number, top: number, style: Style): void {
    this.use(style).text(text, x, top, { lineBreak: false });
  }

  textRight(text: string, rightEdge: number, top: number, style: Style): void {
    this.text(text, rightEdge - this.width(text, style), top, style);
  }

  /** Text wrapped to `width` (line breaks by UAX #14, which keeps closing marks off a line start); its height. */
  paragraph(text: string, x: number, top: number, width: number, style: Style, options: { align?: 'left' | 'center' | 'right'; measureOnly?: boolean } = {}): number {
    const pdf = this.use(style);
    const height = pdf.heightOfString(text, { width });
    if (options.measureOnly !== true) pdf.text(text, x, top, { width, align: options.align ?? 'left' });
    return height;
  }

  rule(y: number, from = left, to = right, thickness = 0.6, color = rule): void {
    this.pdf.moveTo(from, y).lineTo(to, y).lineWidth(thickness).strokeColor(color).stroke();
  }

  box(x: number, y: number, width: number, height: number, color: string): void {
    this.pdf.rect(x, y, width, height).fillColor(color).fill();
  }
}

function drawHeading(w: Writer, doc: InvoiceDocument): void {
  w.y += w.paragraph(headingOf(doc), left, w.y, contentWidth, { size: 18, bold: true }, { align: 'center' }) + 4;
  w.rule(w.y, left, right, 1.2, ink);
  w.y += 14;
}

/** Recipient and billing on the left, invoice number, date and issuer on the right. */
function drawParties(w: Writer, doc: InvoiceDocument): void {
  const top = w.y;
  const leftWidth = contentWidth * 0.52;
  const labelWidth = 64;
  const rightX = left + contentWidth * 0.58;
  const rightWidth = right - rightX;

  let y = top;
  y += w.paragraph(`${doc.recipient.name} 様`, left, y, leftWidth, { size: 15, bold: true });
  w.rule(y + 1, left, left + leftWidth, 0.8, ink);
  y += 12;
  const facts: [string, string][] = [
    ['ご請求月', `${monthLabel(doc.billingMonth)}分`],
    ['ご請求期間', `${japaneseDay(doc.billingPeriod.from)}〜${japaneseDay(doc.billingPeriod.to)}`],
    ['お支払い方法', doc.paymentMethod],
  ];
  for (const [label, value] of facts) {
    w.text(label, left, y + 1, { size: 9, color: muted });
    y += w.paragraph(value, left + labelWidth, y, leftWidth - labelWidth, { size: 10 }) + 3;
  }
  const leftBottom = y;

  y = top;
  const labelled: [string, string][] = [
    ['請求書番号', doc.invoiceNumber],
    ['発行日', japaneseDay(doc.issuedOn)],
  ];
  for (const [label, value] of labelled) {
    w.text(label, rightX, y + 0.5, { size: 8.5, color: muted });
    y += w.paragraph(value, rightX + labelWidth, y, rightWidth - labelWidth, { size: 9 }, { align: 'right' }) + 2;
  }
  y += 8;
  y += w.paragraph(doc.issuer.name, rightX, y, rightWidth, { size: 11, bold: true }) + 1;
  w.text(`登録番号 ${doc.issuer.registrationNumber}`, rightX, y, { size: 9 });
  y += 15;
  for (const value of [doc.issuer.address, doc.issuer.contact]) {
    y += w.paragraph(value, rightX, y, rightWidth, { size: 8.5, color: muted });
  }
  w.y = Math.max(leftBottom, y) + 12;
}

function drawAmountDue(w: Writer, doc: InvoiceDocument): void {
  const height = 36;
  w.box(left, w.y, contentWidth, height, shade);
  w.text('ご請求金額（税込）', left + 12, w.y + 10, { size: 12, bold: true });
  w.textRight(formatYen(doc.total), right - 12, w.y + 5, { size: 18, bold: true });
  w.y += height + 18;
}

function drawTableHeader(w: Writer): void {
  const height = 20;
  w.box(left, w.y, contentWidth, height, shade);
  const top = w.y + 4;
  const style = { size: 9, bold: true };
  w.text('ご利用サービス／プラン', left + cellPadding, top, style);
  w.textRight('税率', columnRight.rate - cellPadding, top, style);
  w.textRight('単価', columnRight.unitPrice - cellPadding, top, style);
  w.textRight('金額', columnRight.amount - cellPadding, top, style);
  w.y += height;
}

function drawLines(w: Writer, doc: InvoiceDocument): void {
  w.need(20 + 50);
  drawTableHeader(w);
  w.repeatOnNewPage(() => {
    w.text(`${doc.invoiceNumber}\u3000${doc.recipient.name} 様（続き）`, left, w.y, { size: 8.5, color: muted });
    w.y += 18;
    drawTableHeader(w);
  });
  const description = { size: 10, bold: true };
  const plan = { size: 8.5, color: muted };
  const discount = { size: 8.5 };
  const discountIndent = 10;
  for (const line of doc.lines) {
    const x = left + cellPadding;
    const discountLabels = line.discounts.map((d) => `割引：${d.label}`);
    const height =
      6 +
      w.paragraph(line.description, x, 0, itemWidth, description, { measureOnly: true }) +
      w.paragraph(line.planName, x, 0, itemWidth, plan, { measureOnly: true }) +
      discountLabels.reduce((sum, label) => sum + w.paragraph(label, x, 0, itemWidth - discountIndent, discount, { measureOnly: true }), 0) +
      8;
    w.need(height);
    // Drawn in reading order (item, rate, unit price, amount), the order text is copied and read aloud in.
    const top = w.y + 6;
    let y = top + w.paragraph(line.description, x, top, itemWidth, description);
    w.textRight(`${line.taxRate}%対象`, columnRight.rate - cellPadding, top + 1, { size: 9 });
    w.textRight(formatYen(line.unitPrice), columnRight.unitPrice - cellPadding, top, { size: 10 });
    w.textRight(formatYen(line.amount), columnRight.amount - cellPadding, top, { size: 10, bold: true });
    y += w.paragraph(line.planName, x, y, itemWidth, plan);
    line.discounts.forEach((d, index) => {
      const labelHeight = w.paragraph(discountLabels[index] ?? '', x + discountIndent, y, itemWidth - discountIndent, discount);
      w.textRight(minusYen(d.amount), columnRight.unitPrice - cellPadding, y, { size: 9 });
      y += labelHeight;
    });
    w.y += height;
    w.rule(w.y);
  }
  w.repeatOnNewPage(undefined);
}

function drawTotals(w: Writer, doc: InvoiceDocument): void {
  const rates = [...doc.taxByRate].sort((a, b) => b.rate - a.rate);
  w.need(12 + 24 + rates.length * 17);
  w.y += 12;
  const totalsRight = right - cellPadding;
  const labelX = left + contentWidth * 0.45;
  w.text('合計（税込）', labelX, w.y + 1, { size: 11, bold: true });
  w.textRight(formatYen(doc.total), totalsRight, w.y, { size: 12, bold: true });
  w.y += 20;
  w.rule(w.y, labelX, right, 0.8, ink);
  w.y += 5;
  for (const byRate of rates) {
    // One string per rate, so it reads (and extracts) as the invoice rules phrase it.
    w.textRight(taxLine(byRate), totalsRight, w.y, { size: 10 });
    w.y += 17;
  }
}

function drawFooters(w: Writer): void {
  const { start, count } = w.pdf.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    w.pdf.switchToPage(index);
    let y = contentBottom + 12;
    w.rule(y, left, right, 0.4);
    y += 6;
    for (const note of footnotes) {
      w.text(note, left, y, { size: footnoteSize, color: muted });
      y += footnoteLeading;
    }
    w.textRight(`${index - start + 1} / ${count}`, right, y + 3, { size: footnoteSize, color: muted });
  }
}

/**
 * The invoice as PDF bytes. Throws (a ZodError, or a RangeError for a character the font lacks)
 * before drawing anything when the document is not a consistent invoice.
 */
export async function renderInvoicePdf(input: InvoiceDocument): Promise<Uint8Array> {
  const doc = InvoiceDocumentSchema.parse(input);
  const fonts = await loadFonts();
  assertDrawable(doc, fonts.regular);
  const at = issuedAt(doc.issuedOn);

  return new Promise<Uint8Array>((resolve, reject) => {
    const pdf = new PDFDocument({
      size: [page.width, page.height],
      margin: 0,
      bufferPages: true,
      pdfVersion: '1.7',
      lang: 'ja-JP',
      displayTitle: true,
      // Fixed dates: PDFKit derives the file ID from these, so equal documents are equal bytes.
      info: {
        Title: `${headingOf(doc)} ${doc.invoiceNumber}`,
        Author: doc.issuer.name,
        Subject: `${monthLabel(doc.billingMonth)}分 ご請求`,
        Keywords: doc.invoiceNumber,
        Creator: doc.issuer.name,
        Producer: 'PDFKit',
        CreationDate: at,
        ModDate: at,
      },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    try {
      pdf.registerFont('regular', fonts.regular);
      pdf.registerFont('bold', fonts.bold);
      const w = new Writer(pdf);
      drawHeading(w, doc);
      drawParties(w, doc);
      drawAmountDue(w, doc);
      drawLines(w, doc);
      drawTotals(w, doc);
      drawFooters(w);
      pdf.end();
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
