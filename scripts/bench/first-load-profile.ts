/**
 * A CPU profile of one first load, as a phone would run it (Chrome's 4x CPU throttling, cache
 * off), signed in as a demo customer: the paint timings, and the functions that took the most
 * self time. Used to find what delays the first paint (docs/decisions/0097). Build first.
 *
 *   node --import tsx scripts/bench/first-load-profile.ts /AnshinDataBox/Service/Detail demo02
 *
 * The profile is written to reports/bench/first-load.cpuprofile (Chrome DevTools opens it).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium } from 'playwright';
import { freePort } from '../../test/server/support/server-process';
import { embeddedServerEnv } from './embedded-server-env';

const root = resolve(import.meta.dirname, '../..');
const PORT = await freePort();
const base = `http://127.0.0.1:${PORT}`;
const target = process.argv[2] ?? '/AnshinDataBox/Service/Detail';
const customer = process.argv[3] ?? 'demo02';

const server = spawn('node', ['--import', 'tsx', 'server/index.ts'], {
  cwd: root,
  env: embeddedServerEnv({ NODE_ENV: 'test', PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: 'memory://', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' }),
  stdio: ['ignore', 'ignore', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/api/getCurrentDate`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  if (customer !== 'none') {
    await page.goto(`${base}/`);
    await page.click('a[href^="/auth/login"]');
    await page.fill('#loginId', customer);
    await page.fill('#password', 'Demo1234!');
    await page.click('form button[type="submit"]');
    await page.click('form button.primary');
    await page.waitForURL(`${base}/Top`);
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(`${base}${target}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const wall = Date.now() - t0;
  const { profile } = await cdp.send('Profiler.stop');
  const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((entry) => `${entry.name} ${Math.round(entry.startTime)} ms`));
  const nav = await page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    return { domContentLoaded: Math.round(entry?.domContentLoadedEventEnd ?? 0), load: Math.round(entry?.loadEventEnd ?? 0) };
  });
  const resources = await page.evaluate(() => performance.getEntriesByType('resource').length);
  mkdirSync(resolve(root, 'reports/bench'), { recursive: true });
  writeFileSync(resolve(root, 'reports/bench/first-load.cpuprofile'), JSON.stringify(profile));

  // Self time per function and per script.
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<number, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0)));
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, micros] of self) {
    const frame = nodes.get(id)?.callFrame;
    if (frame === undefined) continue;
    const script = frame.url === '' ? '(native)' : (frame.url.split('/').pop() ?? frame.url);
    const name = `${frame.functionName === '' ? '(anonymous)' : frame.functionName} ${script}:${frame.lineNumber}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byScript.set(script, (byScript.get(script) ?? 0) + micros);
  }
  const ms = (micros: number) => Math.round(micros / 1000);
  const top = (table: Map<string, number>, count: number) => [...table].sort((a, b) => b[1] - a[1]).slice(0, count);
  console.log(`${target} as ${customer}: ${wall} ms to network idle; ${paints.join(', ')}; DOMContentLoaded ${nav.domContentLoaded} ms, load ${nav.load} ms; ${resources} resources`);
  console.log(`by script (ms): ${top(byScript, 12).map(([script, micros]) => `${script} ${ms(micros)}`).join(' | ')}`);
  for (const [name, micros] of top(byFunction, 30)) console.log(`${String(ms(micros)).padStart(6)} ${name}`);
  await browser.close();
} finally {
  server.kill('SIGTERM');
}
