/**
 * The running build's metadata, fetched by its build ID once the first page has settled
 * (docs/decisions/0091-build-metadata-by-build-id.md, 0105).
 */
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

test('ページ自身の読み込みが終わってから、ビルドのメタデータを取りに行くこと', async ({ page }) => {
  await signIn(page, 'demo02');
  const order: string[] = [];
  // Routing turns the browser's cache off, so the metadata is asked of the server again.
  await page.route(/\/builds\/[^/]+\/build\.json$/, (route) => route.continue());
  page.on('requestfinished', (request) => {
    if (request.url().endsWith('/service/usage/status')) order.push('the top page read its services');
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/build.json')) order.push('the metadata was asked for');
  });
  const metadata = page.waitForRequest((request) => request.url().endsWith('/build.json'));
  await page.goto('/Top');
  await expect(page.getByRole('heading', { name: 'ご契約中・お申し込みできるサービス' })).toBeVisible();
  await metadata;
  expect(order).toEqual(['the top page read its services', 'the metadata was asked for']);
});
