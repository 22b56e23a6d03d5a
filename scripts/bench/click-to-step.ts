/**
 * Click to next step rendered, in Debian Chromium against the real server: the data-storage
 * apply flow's terms step -> payment choice (with its payment-methods call) and back, measured
 * in the page from the click to the frame after the next step's content is in the DOM.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { embeddedServerEnv } from './embedded-server-env';

export type ClickReport = { samples: number; forward: Stats; back: Stats };
type Stats = { p50: number; p95: number; max: number };

const root = resolve(import.meta.dirname, '../..');
const port = 3600;
const base = `http://localhost:${port}`;
const ROUNDS = 25;

function stats(values: number[]): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? Number.NaN };
}

/** How long a step may take before the bench gives up: a renamed button or heading must fail the run, not hang it. */
const STEP_TIMEOUT_MS = 10_000;

/**
 * Clicks the button with this text and resolves after the frame in which `selector` exists.
 * Sent as source text: the TypeScript loader's helpers do not exist inside the page.
 */
const clickAndWait = `async ({ button, selector, timeout }) => {
  const target = [...document.querySelectorAll('button')].find((b) => (b.textContent || '').includes(button));
  if (!target) throw new Error('no button ' + button);
  const start = performance.now();
  target.click();
  await new Promise((done, fail) => {
    const check = () => {
      if (document.querySelector(selector)) requestAnimationFrame(() => done());
      else if (performance.now() - start > timeout) fail(new Error(selector + ' did not appear within ' + timeout + ' ms of clicking ' + button));
      else requestAnimationFrame(check);
    };
    check();
  });
  return performance.now() - start;
}`;

async function timeClick(page: Page, button: string, selector: string): Promise<number> {
  const elapsed: unknown = await page.evaluate(`(${clickAndWait})(${JSON.stringify({ button, selector, timeout: STEP_TIMEOUT_MS })})`);
  if (typeof elapsed !== 'number') throw new Error('the page did not return a time');
  return elapsed;
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/getCurrentDate`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

export async function measureClickToStep(): Promise<ClickReport> {
  if (!existsSync(resolve(root, 'dist/client/index.html'))) throw new Error('build the app first (npm run build)');
  const server = spawn('node', ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: embeddedServerEnv({ NODE_ENV: 'test', PORT: String(port), PUBLIC_URL: base, DATA_DIR: 'memory://', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000' }),
    stdio: 'ignore',
  });
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    await waitForServer();
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    await page.goto(`${base}/`);
    await page.getByRole('link', { name: 'ログイン' }).or(page.getByRole('button', { name: 'ログイン' })).first().click();
    await page.getByRole('textbox', { name: 'ログインID' }).fill('demo01');
    await page.getByLabel('パスワード', { exact: true }).fill('Demo1234!');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await page.getByRole('button', { name: '同意する' }).click();
    await page.waitForURL(/\/Top$/);
    await page.goto(`${base}/AnshinDataBox`);
    await page.getByRole('button', { name: '申し込む' }).click();
    await page.getByRole('checkbox', { name: /同意します/ }).check();

    const forward: number[] = [];
    const back: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      forward.push(await timeClick(page, '同意してお支払い方法の選択へ進む', 'fieldset legend'));
      back.push(await timeClick(page, 'ご利用規約に戻る', '#apply-terms'));
    }
    return { samples: ROUNDS, forward: stats(forward), back: stats(back) };
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }
}
