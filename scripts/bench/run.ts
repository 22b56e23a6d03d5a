/**
 * `npm run bench`: the budgets of ../shared/guide/budgets.md, each measured against a baseline
 * built or run in the same run. Reports; never fails a test.
 *
 * `npm run bench -- api` (or any of the section names below, several allowed) runs only those
 * sections; the report then holds only what they measured.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureApi } from './api';
import { measureBundles } from './bundle';
import { measureClickToStep } from './click-to-step';
import { measureGraphs } from './graphs';
import { benchInvoicePdf } from './invoice-pdf';
import { measureLighthouse, printLighthouse } from './lighthouse';
import { measureStartup } from './startup';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const sections = ['bundles', 'api', 'clicks', 'lighthouse', 'graphs', 'invoicePdf', 'startup'] as const;
type Section = (typeof sections)[number];
const isSection = (name: string): name is Section => (sections as readonly string[]).includes(name);

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !isSection(name));
if (unknown.length > 0) {
  console.error(`unknown bench section(s): ${unknown.join(', ')}; known: ${sections.join(', ')}`);
  process.exit(2);
}
const chosen = new Set<Section>(asked.length > 0 ? asked.filter(isSection) : sections);
const report: Partial<Record<Section, unknown>> = {};

if (chosen.has('bundles')) {
  const bundles = await measureBundles();
  report.bundles = bundles;
  console.log('\n## Bundle (gzip)');
  console.log(`floor (same dependencies, empty page): ${kb(bundles.floorGzip)}`);
  console.log(`app entry (first page): ${kb(bundles.entryGzip)} + first-view loader ${bundles.loaderGzip} B  ratio ${bundles.ratio.toFixed(4)} (budget <= ${bundles.budgetRatio})`);
  console.log('page chunks (budget 15 KB each):');
  for (const page of bundles.pages) {
    console.log(`  ${page.withinBudget ? 'ok  ' : 'OVER'} ${kb(page.gzip).padStart(9)}  ${page.src}`);
  }
  console.log('other lazy chunks (flow machines with the XState runtime, demo tools; no budget):');
  for (const chunk of bundles.otherChunks) console.log(`       ${kb(chunk.gzip).padStart(9)}  ${chunk.src}`);
}

if (chosen.has('api')) {
  const api = await measureApi();
  report.api = api;
  console.log('\n## API (hot read, 50 connections)');
  console.log(`database: ${api.database}`);
  console.log(`bare Fastify route: ${api.bare.requestsPerSecond.toFixed(0)} req/s, p99 ${api.bare.p99} ms`);
  console.log(`GET /api/getCurrentDate (no database): ${api.pipeline.requestsPerSecond.toFixed(0)} req/s, p99 ${api.pipeline.p99} ms, ratio ${api.pipelineRatio.toFixed(3)}`);
  console.log(`${api.endpoint}: ${api.hot.requestsPerSecond.toFixed(0)} req/s, p99 ${api.hot.p99} ms (slices: ${api.hot.sliceP99s.join(', ')} ms)`);
  console.log(`ratio ${api.ratio.toFixed(3)} (budget >= 0.3 on PostgreSQL); p99 budget <= 10 ms on PostgreSQL`);
  console.log(`the same read, ${api.customers} customers in turn: ${api.hotManyCustomers.requestsPerSecond.toFixed(0)} req/s, p99 ${api.hotManyCustomers.p99} ms (slices: ${api.hotManyCustomers.sliceP99s.join(', ')} ms), ratio ${api.manyCustomersRatio.toFixed(3)}`);
}

if (chosen.has('clicks')) {
  const clicks = await measureClickToStep();
  report.clicks = clicks;
  console.log('\n## Click to next step rendered (Chromium, data-storage apply flow)');
  console.log(`terms -> payment choice (with its API call): p50 ${clicks.forward.p50.toFixed(1)} ms, p95 ${clicks.forward.p95.toFixed(1)} ms (budget p95 <= 100 ms)`);
  console.log(`payment choice -> terms: p50 ${clicks.back.p50.toFixed(1)} ms, p95 ${clicks.back.p95.toFixed(1)} ms`);
}

if (chosen.has('lighthouse')) {
  // measureBundles built the floor when it ran; Lighthouse serves that build.
  const lighthouseReport = await measureLighthouse({ buildFloor: !chosen.has('bundles') });
  report.lighthouse = lighthouseReport;
  console.log('\n## Lighthouse (mobile)');
  printLighthouse(lighthouseReport);
}

if (chosen.has('graphs')) {
  const graphs = measureGraphs();
  report.graphs = graphs;
  console.log('\n## Graph generation (xstate/graph, every machine and input variant)');
  for (const g of graphs.machines) console.log(`  ${g.ms.toFixed(0).padStart(5)} ms  ${g.vertices} vertices, ${g.edges} edges  ${g.title}`);
  console.log(`total ${graphs.totalMs.toFixed(0)} ms wall, ${graphs.totalCpuMs.toFixed(0)} ms CPU (budget <= 1000 ms)`);
}

if (chosen.has('invoicePdf')) {
  const invoicePdf = await benchInvoicePdf();
  report.invoicePdf = invoicePdf;
  console.log('\n## Invoice PDF (server/invoices, two services and a coupon)');
  console.log(`first render (font files read): ${invoicePdf.firstMs.toFixed(0)} ms; then p50 ${invoicePdf.p50Ms.toFixed(1)} ms, p95 ${invoicePdf.p95Ms.toFixed(1)} ms (budget p95 <= 200 ms)`);
  console.log(`size ${kb(invoicePdf.sizeBytes)}; 50 at once: ${invoicePdf.concurrent50Ms.toFixed(0)} ms, ${invoicePdf.concurrent50Errors} errors (budget 0)`);
}

if (chosen.has('startup')) {
  const startup = await measureStartup();
  report.startup = startup;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log('\n## npm start (built) to the first 200, embedded PGlite');
  console.log(`empty data folder: ${s(startup.firstStartMs)} (budget <= 10 s); PGlite alone on an empty folder: ${s(startup.pgliteAlone.coldMs)}`);
  console.log(`restart on the same folder: ${s(startup.restartMs)}; PGlite alone reopening: ${s(startup.pgliteAlone.reopenMs)}`);
  console.log(`idle memory (RSS, 5 s after the first 200): ${startup.idleRssMb.firstStart} MB after the first start, ${startup.idleRssMb.restart} MB after a restart`);
}

const out = resolve(import.meta.dirname, '../../reports/bench');
mkdirSync(out, { recursive: true });
writeFileSync(resolve(out, 'bench.json'), JSON.stringify(report, null, 2));
console.log(`\nreport: ${resolve(out, 'bench.json')}`);
