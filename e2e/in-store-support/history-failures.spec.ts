/**
 * The contract page and the support history when their reads fail (made with Playwright's request
 * routing; the server is the real one): the error page with the default message, and Top again.
 * Customer: demo11, nothing changed.
 */
import { DefaultError } from '../../contracts/error-catalogue';
import { expectSss, inStoreSupportCard, openContract } from '../support/in-store-support';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const isContractsRead = (url: URL) => /^\/api\/customer\/\d+\/contracts$/.test(url.pathname);
const isHistoryRead = (url: URL) => /^\/api\/customer\/\d+\/support\/history$/.test(url.pathname);

test('契約内容や来店履歴が読めないとき、エラー画面で既定の文言を示し、トップから続けられること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  await page.route(isContractsRead, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await inStoreSupportCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(DefaultError.message)).toBeVisible();
  await page.unroute(isContractsRead);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();

  await openContract(page);
  await page.route(isHistoryRead, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(DefaultError.message)).toBeVisible();
  await page.unroute(isHistoryRead);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await openContract(page);
  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expectSss(page, 'SSS0002');
});
