/**
 * `npm run bench`: the budgets of ../shared/guide/budgets.md, each measured against a baseline
 * built or run in the same run. Reports; never fails a test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { measureApi } from './api';
import { measureBundles } from './bundle';
import { measureClickToStep } from './click-to-step';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const bundles = await measureBundles();
console.log('\n## Bundle (gzip)');
console.log(`floor (same dependencies, empty page): ${kb(bundles.floorGzip)}`);
console.log(`app entry (first page): ${kb(bundles.entryGzip)}  ratio ${bundles.ratio.toFixed(3)} (budget <= ${bundles.budgetRatio})`);
console.log('page chunks (budget 15 KB each):');
for (const page of bundles.pages) {
  console.log(`  ${page.withinBudget ? 'ok  ' : 'OVER'} ${kb(page.gzip).padStart(9)}  ${page.src}`);
}
console.log('other lazy chunks (flow machines with the XState runtime, demo tools; no budget):');
for (const chunk of bundles.otherChunks) console.log(`       ${kb(chunk.gzip).padStart(9)}  ${chunk.src}`);

const api = await measureApi();
console.log('\n## API (hot read, 50 connections)');
console.log(`database: ${api.database}`);
console.log(`bare Fastify route: ${api.bare.requestsPerSecond.toFixed(0)} req/s, p99 ${api.bare.p99} ms`);
console.log(`${api.endpoint}: ${api.hot.requestsPerSecond.toFixed(0)} req/s, p99 ${api.hot.p99} ms`);
console.log(`ratio ${api.ratio.toFixed(3)} (budget >= 0.5 on PostgreSQL); p99 budget <= 20 ms on PostgreSQL`);

const clicks = await measureClickToStep();
console.log('\n## Click to next step rendered (Chromium, data-storage apply flow)');
console.log(`terms -> payment choice (with its API call): p50 ${clicks.forward.p50.toFixed(1)} ms, p95 ${clicks.forward.p95.toFixed(1)} ms (budget p95 <= 100 ms)`);
console.log(`payment choice -> terms: p50 ${clicks.back.p50.toFixed(1)} ms, p95 ${clicks.back.p95.toFixed(1)} ms`);

const out = resolve(import.meta.dirname, '../../reports/bench');
mkdirSync(out, { recursive: true });
writeFileSync(resolve(out, 'bench.json'), JSON.stringify({ bundles, api, clicks }, null, 2));
console.log(`\nreport: ${resolve(out, 'bench.json')}`);
