/**
 * The contract page and the support history when their reads fail (made with Playwright's request
 * routing; the server is the real one): the error page with the default message, and Top again.
 * Customer: demo11, nothing changed.
 */
import { expectSss, inStoreSupportCard, openContract } from '../support/in-store-support';
import { expectReadFailure, isContractsRead } from '../support/kit-failures';
import { signIn } from '../support/sign-in';
import { test } from '../support/traced-test';

const isHistoryRead = (url: URL) => /^\/api\/customer\/\d+\/support\/history$/.test(url.pathname);

test('契約内容や来店履歴が読めないとき、エラー画面で既定の文言を示し、トップから続けられること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  await expectReadFailure(page, isContractsRead, () => inStoreSupportCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click());

  await openContract(page);
  await expectReadFailure(page, isHistoryRead, () => page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click());
  await openContract(page);
  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expectSss(page, 'SSS0002');
});
