/**
 * Lighthouse mobile performance (../../shared/guide/budgets.md): every live page scores >= 0.98
 * and its LCP is <= 1.1x the floor page's (the same dependencies built with an empty page,
 * ./floor, built by ./bundle.ts and served by the portal's own static serving in
 * ./serve-floor.ts). Lighthouse's defaults: mobile form factor, simulated throttling; the
 * performance category only. Each page is run RUNS times on this shared, noisy machine and the
 * medians are reported. The browser is Debian's Chromium driven by puppeteer-core, so a
 * signed-in tab keeps its session cookie and its sessionStorage (a running flow) while Lighthouse
 * navigates it; Lighthouse clears the HTTP cache before each run, not cookies or storage.
 * docs/decisions/0041-lighthouse-bench.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { pageTable } from '../../machines/page-table';
import { NOT_MEASURED, morePages, publicTargets, signedInTargets, untargetedLivePages, type Target } from './lighthouse-pages';
import { buildFloor, floorDir } from './bundle';
import { freePort } from '../../test/server/support/server-process';
import { embeddedServerEnv } from './embedded-server-env';

const root = resolve(import.meta.dirname, '../..');
const RUNS = 3;
const SCORE_BUDGET = 0.98;
const LCP_RATIO_BUDGET = 1.1;
const PASSWORD = 'Demo1234!';
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** ../../shared/guide/browser.md; puppeteer adds --headless=new itself. */
const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One Lighthouse run; `benchmarkIndex` is Lighthouse's CPU benchmark of the machine at that run. */
export type LighthouseRun = { score: number; lcp: number; fcp: number; tbt: number; cls: number; finalUrl: string; benchmarkIndex: number };

export type LighthousePageReport = {
  name: string;
  url: string;
  /** The URL Lighthouse ended on (a signed-out /Top ends on the sign-in page). */
  finalUrl: string;
  runs: LighthouseRun[];
  /** Medians over the runs. */
  score: number;
  lcp: number;
  fcp: number;
  tbt: number;
  /** Median LCP over the floor's median LCP. */
  lcpRatio: number;
  withinBudget: boolean;
  /** From the median run: what Lighthouse says would help, largest first. */
  opportunities: { id: string; savingsMs: number; savingsBytes?: number }[];
  lcpElement?: string;
  totalBytes?: number;
  requests?: number;
};

export type LighthouseReport = {
  lighthouseVersion: string;
  userAgent: string;
  /** The median of Lighthouse's benchmarkIndex over every run (higher: a faster CPU). */
  benchmarkIndex: number;
  runsPerPage: number;
  budget: { score: number; lcpRatio: number };
  floor: LighthousePageReport;
  pages: LighthousePageReport[];
  /** Live pages of machines/page-table.ts not measured, and why. */
  notMeasured: { path: string; reason: string }[];
  /** Pages whose runs failed (the way there or Lighthouse itself); the rest of the table still runs. */
  failed: { name: string; error: string }[];
};

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

async function waitFor(url: string, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not start`);
}

function startServer(port: number, base: string): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: embeddedServerEnv({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
    }),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function startFloorServer(port: number): ChildProcess {
  return spawn('node', ['--import', 'tsx', 'scripts/bench/serve-floor.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), FLOOR_DIR: floorDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/** The way a customer signs in: the landing page's ログイン, the provider's form, its consent page. */
async function signIn(page: Page, base: string, loginId: string): Promise<void> {
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  await Promise.all([page.waitForNavigation(), page.click('a[href^="/auth/login"]')]);
  await page.waitForSelector('#loginId');
  await page.type('#loginId', loginId);
  await page.type('#password', PASSWORD);
  await Promise.all([page.waitForNavigation(), page.click('form button[type="submit"]')]);
  // The provider asks for consent on every sign-in (prompt=consent).
  await Promise.all([page.waitForNavigation(), page.click('form button.primary')]);
  await page.waitForFunction(() => location.pathname === '/Top', { timeout: 30_000 });
}

const FLAGS: Flags = {
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance'],
  // Mobile form factor, screen emulation and simulated throttling are Lighthouse's defaults.
};

/** Trace and paint errors a loaded machine produces now and then; the run is repeated. */
const FLAKY = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT', 'PAGE_HUNG']);
const ATTEMPTS = 3;

let lighthouseVersion = '';

async function runOnce(page: Page, target: Target): Promise<Result> {
  const flags: Flags = target.errorStatus ? { ...FLAGS, ignoreStatusCode: true } : FLAGS;
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(target.url, flags, undefined, page);
    if (!result) throw new Error(`Lighthouse returned nothing for ${target.url}`);
    const { lhr } = result;
    lighthouseVersion = lhr.lighthouseVersion;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= ATTEMPTS || !FLAKY.has(lhr.runtimeError.code)) {
      throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message} (${target.url})`);
    }
    await target.prepare?.(page);
  }
}

const numeric = (lhr: Result, id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;

function toRun(lhr: Result): LighthouseRun {
  return {
    score: lhr.categories.performance?.score ?? Number.NaN,
    lcp: numeric(lhr, 'largest-contentful-paint'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    finalUrl: lhr.finalDisplayedUrl,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function lcpElement(lhr: Result): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as
    | { items?: { items?: { node?: { snippet?: string; selector?: string } }[] }[] }
    | undefined;
  const node = details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : undefined;
}

function opportunities(lhr: Result): LighthousePageReport['opportunities'] {
  return Object.values(lhr.audits)
    .map((audit) => {
      const details = audit.details as { type?: string; overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
      const savingsMs = details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0;
      return { id: audit.id, savingsMs, savingsBytes: details?.overallSavingsBytes, failing: audit.score !== null && audit.score < 1 };
    })
    .filter((item) => item.failing && (item.savingsMs > 0 || (item.savingsBytes ?? 0) > 0))
    .sort((a, b) => b.savingsMs - a.savingsMs || (b.savingsBytes ?? 0) - (a.savingsBytes ?? 0))
    .map(({ id, savingsMs, savingsBytes }) => (savingsBytes === undefined ? { id, savingsMs } : { id, savingsMs, savingsBytes }));
}

const slug = (name: string) => name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root';

async function measurePage(
  page: Page,
  target: Target,
  runs: number,
  floorLcp: number,
  outDir: string,
): Promise<LighthousePageReport> {
  const results: Result[] = [];
  for (let i = 0; i < runs; i++) {
    await target.prepare?.(page);
    results.push(await runOnce(page, target));
  }
  const list = results.map(toRun);
  const score = median(list.map((run) => run.score));
  const lcp = median(list.map((run) => run.lcp));
  // The run whose score is the median one: its diagnostics are the ones reported and kept.
  const byScore = [...results].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
  const typical = byScore[Math.floor(byScore.length / 2)] ?? results[0];
  if (!typical) throw new Error('no Lighthouse run');
  writeFileSync(resolve(outDir, `${slug(target.name)}.json`), JSON.stringify(typical));
  const lcpRatio = Number.isFinite(floorLcp) ? lcp / floorLcp : 1;
  return {
    name: target.name,
    url: target.url,
    finalUrl: typical.finalDisplayedUrl,
    runs: list,
    score,
    lcp,
    fcp: median(list.map((run) => run.fcp)),
    tbt: median(list.map((run) => run.tbt)),
    lcpRatio,
    withinBudget: score >= SCORE_BUDGET && lcpRatio <= LCP_RATIO_BUDGET,
    opportunities: opportunities(typical),
    lcpElement: lcpElement(typical),
    totalBytes: typical.audits['total-byte-weight']?.numericValue,
    requests: (typical.audits['network-requests']?.details as { items?: unknown[] } | undefined)?.items?.length,
  };
}

export type LighthouseOptions = {
  /** Runs per page (median reported); 3 by default. */
  runs?: number;
  /** Build the floor first; false when ./bundle.ts built it in this run already. */
  buildFloor?: boolean;
  /** Measure only these targets: a name, or a path for every customer ('/Top'); the floor always runs. */
  only?: string[];
  /** Progress lines go here. */
  log?: (line: string) => void;
};

export async function measureLighthouse(options: LighthouseOptions = {}): Promise<LighthouseReport> {
  const runs = options.runs ?? RUNS;
  const log = options.log ?? (() => undefined);
  if (!existsSync(resolve(root, 'dist/client/index.html'))) throw new Error('build the app first (npm run build)');
  if (options.buildFloor !== false || !existsSync(resolve(floorDir, 'index.html'))) await buildFloor();
  const outDir = resolve(root, 'reports/bench/lighthouse');
  mkdirSync(outDir, { recursive: true });

  // Every live page is in the table or says why not: a new page cannot go unmeasured unnoticed.
  const unaccounted = untargetedLivePages();
  if (unaccounted.length > 0) throw new Error(`live pages neither measured nor listed in NOT_MEASURED: ${unaccounted.join(', ')}`);

  // Ports the system hands out, so that two people (or two worktrees) can run the bench at once.
  const [port, floorPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const floorBase = `http://127.0.0.1:${floorPort}`;
  const server = startServer(port, base);
  const floorServer = startFloorServer(floorPort);
  let browser: Browser | undefined;
  try {
    await Promise.all([waitFor(`${base}/api/getCurrentDate`, 'the server'), waitFor(`${floorBase}/`, 'the floor server')]);
    browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
    const userAgent = await browser.userAgent();

    const wanted = (target: Target) => !options.only || options.only.some((name) => target.name === name || target.name.startsWith(`${name} `));
    const floorPage = await (await browser.createBrowserContext()).newPage();
    const floor = await measurePage(floorPage, { name: 'floor (empty page)', url: `${floorBase}/` }, runs, Number.NaN, outDir);
    floor.lcpRatio = 1;
    log(`floor: score ${floor.score} LCP ${floor.lcp.toFixed(0)} ms`);

    const pages: LighthousePageReport[] = [];
    const failed: LighthouseReport['failed'] = [];
    const targets = [...publicTargets(base), ...signedInTargets(base), ...morePages(base)].filter(wanted);
    const tabs = new Map<string, Page>();
    for (const target of targets) {
      const key = target.customer ?? 'public';
      let page = tabs.get(key);
      if (!page) {
        page = await (await browser.createBrowserContext()).newPage();
        if (target.customer) await signIn(page, base, target.customer);
        tabs.set(key, page);
      }
      // The other customers' tabs leave their pages, so that no other app runs beside the measured one.
      for (const [other, tab] of tabs) if (other !== key && tab.url() !== 'about:blank') await tab.goto('about:blank');
      try {
        const report = await measurePage(page, target, runs, floor.lcp, outDir);
        pages.push(report);
        log(`${report.withinBudget ? 'ok  ' : 'MISS'} ${target.name}: score ${report.score} LCP ${report.lcp.toFixed(0)} ms (x${report.lcpRatio.toFixed(2)})`);
      } catch (error) {
        // One page's failure (a way there that changed, a flaky trace) does not throw away the others' runs.
        const message = error instanceof Error ? error.message : String(error);
        failed.push({ name: target.name, error: message });
        log(`FAILED ${target.name}: ${message}`);
      }
    }

    const measuredPaths = new Set(targets.map((target) => new URL(target.url).pathname));
    const notMeasured = pageTable
      .filter((entry) => entry.live && !measuredPaths.has(entry.path))
      .map((entry) => ({ path: entry.path, reason: NOT_MEASURED[entry.path] ?? 'not in this run (--only)' }));

    return {
      lighthouseVersion,
      userAgent,
      benchmarkIndex: median([floor, ...pages].flatMap((page) => page.runs.map((run) => run.benchmarkIndex))),
      runsPerPage: runs,
      budget: { score: SCORE_BUDGET, lcpRatio: LCP_RATIO_BUDGET },
      floor,
      pages,
      notMeasured,
      failed,
    };
  } finally {
    await browser?.close();
    await Promise.all([stop(server), stop(floorServer)]);
  }
}

/** The "## Lighthouse (mobile)" section of `npm run bench`. */
export function printLighthouse(report: LighthouseReport, print: (line: string) => void = console.log): void {
  const row = (page: LighthousePageReport) =>
    `  ${page.withinBudget ? 'ok  ' : 'MISS'} ${page.score.toFixed(2).padStart(5)}  LCP ${(page.lcp / 1000).toFixed(2)} s  x${page.lcpRatio.toFixed(2)}  ${page.name}` +
    (page.finalUrl !== page.url ? `  -> ${new URL(page.finalUrl).pathname}` : '');
  print(`Lighthouse ${report.lighthouseVersion}, mobile, simulated throttling, median of ${report.runsPerPage} runs`);
  print(`browser: ${report.userAgent}; benchmarkIndex ${report.benchmarkIndex.toFixed(0)}`);
  print(`floor (same dependencies, empty page): score ${report.floor.score.toFixed(2)}, LCP ${(report.floor.lcp / 1000).toFixed(2)} s`);
  print(`budget: score >= ${report.budget.score}, LCP <= ${report.budget.lcpRatio}x the floor's`);
  for (const page of report.pages) {
    print(row(page));
    if (!page.withinBudget) {
      const top = page.opportunities.slice(0, 4).map((item) => `${item.id} ${item.savingsMs.toFixed(0)} ms`);
      print(`         LCP element: ${page.lcpElement ?? '?'}; ${top.join(', ') || 'no opportunities listed'}`);
    }
  }
  for (const item of report.failed) print(`  FAILED ${item.name}: ${item.error}`);
  if (report.notMeasured.length > 0) {
    print('not measured:');
    for (const item of report.notMeasured) print(`       ${item.path}: ${item.reason}`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  // `--runs=1` checks the table quickly (a new page's way there); the budgets are read on the default 3.
  const args = process.argv.slice(2);
  const runsArg = args.find((arg) => arg.startsWith('--runs='));
  const only = args.filter((arg) => arg !== runsArg);
  const runs = runsArg === undefined ? undefined : Number(runsArg.slice('--runs='.length));
  if (runs !== undefined && !(Number.isInteger(runs) && runs >= 1)) throw new Error(`--runs takes a whole number from 1: ${runsArg}`);
  const report = await measureLighthouse({ runs, only: only.length > 0 ? only : undefined, log: (line) => console.error(line) });
  console.log('\n## Lighthouse (mobile)');
  printLighthouse(report);
  const out = resolve(root, 'reports/bench');
  writeFileSync(resolve(out, 'lighthouse.json'), JSON.stringify(report, null, 2));
  if (report.failed.length > 0) process.exitCode = 1;
}
