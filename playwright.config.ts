import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium: no tool may download its own browser on these machines (docs/decisions/0031-testing-in-debian-chromium.md).
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;
/** The outbox sandbox's read key: the tests read one-time passwords with it (docs/decisions/0042-production-settings.md). */
export const outboxReadKey = 'e2e-outbox-read-key-0123456789';

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['junit', { outputFile: 'reports/e2e/junit.xml' }], ['./e2e/support/coverage-reporter.ts']],
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: existsSync(chromiumPath) ? chromiumPath : undefined,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP portal.example.jp 127.0.0.1, MAP qa.portal.example.test 127.0.0.1, MAP partner.example.test 127.0.0.1',
      ],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], browserName: 'chromium', viewport: { width: 390, height: 844 } } },
  ],
  webServer: {
    // The real server with the built app and a fresh embedded database for this run.
    command: 'node --import tsx server/index.ts',
    url: `${baseURL}/api/getCurrentDate`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR ?? 'memory://',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000',
      OUTBOX_READ_KEY: outboxReadKey,
      ENTRY_ALLOWED_HOSTS: 'partner.example.test',
    },
  },
});
