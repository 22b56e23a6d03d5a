/**
 * The running build's metadata, fetched by its build ID once the first page has settled
 * (docs/decisions/0091-build-metadata-by-build-id.md, 0105).
 */
import { SettleQuietMs } from '../../src/lib/when-settled';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('自分のビルドIDのメタデータを最初のページのあとに取り、フッターに版とビルド日時を示すこと', async ({ page }) => {
  const metadata = page.waitForResponse((response) => /\/builds\/[0-9]{14}-[0-9a-f]+\/build\.json$/.test(new URL(response.url()).pathname));
  await page.goto('/');
  const response = await metadata;
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const body = (await response.json()) as { buildId: string; version: string };
  expect(new URL(response.url()).pathname).toBe(`/builds/${body.buildId}/build.json`);
  await expect(page.getByRole('contentinfo').getByText(/^バージョン \d+\.\d+\.\d+（\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} 版）$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/build-metadata-footer.png', fullPage: true });
});

test('ページ自身の読み込みが終わって1秒たってから、ビルドのメタデータを取りに行くこと', async ({ page }) => {
  await signIn(page, 'demo17');
  // A page that reads for itself: a link that names its invoice is left to the app's rules, so the
  // server draws no first view and inlines no read (ADR 0075, 0106); every other entry page has its
  // reads in its HTML.
  await page.goto('/Invoice?contents=202606&cfservice=CF04');
  await expect(page.getByRole('heading', { level: 1, name: '請求書のダウンロード' })).toBeVisible();
  // This document's own timings: nothing of the sign-in's earlier pages can mix in.
  const timings = await page.waitForFunction(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const reads = entries.filter((entry) => new URL(entry.name).pathname.startsWith('/api/'));
    const metadata = entries.find((entry) => entry.name.endsWith('/build.json'));
    return reads.length > 0 && metadata !== undefined ? { readEnded: Math.max(...reads.map((read) => read.responseEnd)), metadataAsked: metadata.startTime } : undefined;
  });
  const { readEnded, metadataAsked } = (await timings.jsonValue()) as { readEnded: number; metadataAsked: number };
  // The quiet time of whenSettled after the page's last read.
  expect(metadataAsked - readEnded).toBeGreaterThanOrEqual(SettleQuietMs);
});

test('メタデータの読み込み部品が取れなくても（再デプロイ後など）、エラー画面にせずそのページに留まること', async ({ page }) => {
  const gone = page.waitForRequest(/\/assets\/build-metadata-[^/]+\.js$/);
  await page.route(/\/assets\/build-metadata-[^/]+\.js$/, (route) => route.fulfill({ status: 404, body: '' }));
  const buildCheck = page.waitForRequest((request) => new URL(request.url()).pathname === '/build-info.json', { timeout: 10_000 });
  await page.goto('/');
  await gone;
  // The latest build is checked at once instead (ADR 0091).
  await buildCheck;
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お客さまポータル' })).toBeVisible();
});
