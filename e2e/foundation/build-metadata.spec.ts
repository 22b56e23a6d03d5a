/**
 * The running build's metadata, fetched by its build ID after the first page
 * (docs/decisions/0091-build-metadata-by-build-id.md). No customer: the landing page.
 */
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
