/**
 * Qualified-invoice PDF rendering (server/invoices/invoice-pdf.ts, ADR 0074): a typical invoice
 * (two services, one coupon) rendered once cold, then 200 times one after another after a warm-up
 * (budget p95 <= 200 ms), then 50 at once as 50 simultaneous downloads would ask for them.
 * `node --import tsx scripts/bench/invoice-pdf.ts` prints the figures.
 */
import { resolve } from 'node:path';
import { monthlyBills } from '../../contracts/billing/monthly-bills';
import { invoiceDocument } from '../../server/invoices/invoice-document';
import { renderInvoicePdf, type InvoiceDocument } from '../../server/invoices/invoice-pdf';

export type InvoicePdfReport = {
  /** The first render in the process: reading the font files and the first layout included. */
  firstMs: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  sizeBytes: number;
  concurrent50Errors: number;
  /** Wall time until all 50 concurrent renders have settled. */
  concurrent50Ms: number;
};

const WARM_UP = 20;
const RUNS = 200;
const CONCURRENT = 50;

/**
 * A typical invoice made the way the server makes one: the bill of a month computed from two
 * contracts (basket live with a half-price coupon, data storage by card), all services together (CF04).
 */
function typicalInvoice(): InvoiceDocument {
  const [bill] = monthlyBills(
    [
      {
        contractId: 'SC-BENCH-1', serviceId: '231', startedOn: '2026/10/05', endedOn: null,
        plans: [{ planId: '232-2', from: '2026/10/05' }], suspensions: [],
        payments: [{ method: '01', cardLast4: null, from: '2026/10/05' }],
        coupons: [{ couponCode: 'BASKET3M', couponName: 'バスケットLIVE 3か月半額クーポン', usedOn: '2026/10/05', benefitMonths: 3, discountPercent: 50 }],
      },
      {
        contractId: 'SC-BENCH-2', serviceId: '223', startedOn: '2025/04/01', endedOn: null,
        plans: [{ planId: '225', from: '2025/04/01' }], suspensions: [],
        payments: [{ method: '02', cardLast4: '4242', from: '2025/04/01' }], coupons: [],
      },
    ],
    { from: '2026/10', to: '2026/10' },
  );
  if (bill === undefined) throw new Error('the bench bill has no month');
  return invoiceDocument({ bill, cfService: 'CF04', sbSystemId: '1000000007', recipientName: '山田 太郎' });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

export async function benchInvoicePdf(): Promise<InvoicePdfReport> {
  const invoice = typicalInvoice();
  let started = performance.now();
  const first = await renderInvoicePdf(invoice);
  const firstMs = performance.now() - started;

  for (let i = 0; i < WARM_UP; i += 1) await renderInvoicePdf(invoice);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    started = performance.now();
    await renderInvoicePdf(invoice);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);

  started = performance.now();
  const settled = await Promise.allSettled(Array.from({ length: CONCURRENT }, () => renderInvoicePdf(invoice)));
  const concurrent50Ms = performance.now() - started;

  return {
    firstMs,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    meanMs: times.reduce((sum, t) => sum + t, 0) / times.length,
    sizeBytes: first.length,
    concurrent50Errors: settled.filter((result) => result.status === 'rejected').length,
    concurrent50Ms,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const report = await benchInvoicePdf();
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log('\n## Invoice PDF (typical invoice: two services, one coupon)');
  console.log(`first render in the process (font files read): ${ms(report.firstMs)}`);
  console.log(`${RUNS} renders after ${WARM_UP} warm-up: p50 ${ms(report.p50Ms)}, p95 ${ms(report.p95Ms)} (budget <= 200 ms), mean ${ms(report.meanMs)}`);
  console.log(`size: ${report.sizeBytes} bytes (${(report.sizeBytes / 1024).toFixed(1)} KB)`);
  console.log(`${CONCURRENT} at once: ${ms(report.concurrent50Ms)} wall time, ${report.concurrent50Errors} errors`);
}
