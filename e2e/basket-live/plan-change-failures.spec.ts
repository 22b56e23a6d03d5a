/**
 * The basket live plan change when a call fails (docs/flows/basket-live.md section 4, ADR 0062),
 * with the failures made by Playwright's request routing (e2e/README.md): the contract cannot be
 * read; the business date for the quote cannot be read; the change refused (E0008), nothing
 * changed; the answer lost after the server changed the plan, resent with the same request key:
 * changed once. Customer: demo06 (スタンダード, plan 232), on プレミアム (232-2) at the end; the file
 * sorts after change-payment.spec.ts, which needs demo06 on スタンダード.
 */
import { ErrorCatalogue } from '../../contracts/error-catalogue';
import { expectPage, serviceCard, serviceContracts } from '../support/anshin';
import { expectReadFailure, isContractsRead, isContractUpdate, sendWithLostAnswer } from '../support/kit-failures';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

const Heading = { change: 'バスケットLIVEのプラン変更', completed: 'バスケットLIVEのプラン変更完了' } as const;
const isCurrentDate = (url: URL) => url.pathname === '/api/getCurrentDate';

async function openPlanChange(page: Page): Promise<void> {
  await serviceCard(page, 'バスケットLIVE').getByRole('link', { name: 'プランを変更する' }).click();
  await expectPage(page, '/BasketLive/Plan/Change', Heading.change);
  await expect(page.getByRole('heading', { name: '現在のプラン' })).toBeVisible();
  await page.getByRole('radio', { name: /^プレミアム（/ }).check();
}

const confirm = (page: Page) => page.getByRole('button', { name: '変更内容の確認へ進む' }).click();

test('プラン変更で契約や業務日付が読めない・拒否される・応答が途切れたとき、エラー画面または再送で正しく終わり、変更は1回だけであること（demo06）', async ({ page }) => {
  await signIn(page, 'demo06');
  const plans = async () => (await serviceContracts(page, '231')).map((contract) => [contract.contractId, contract.status, contract.planId]);
  const before = await plans();
  expect(before.map(([, status, plan]) => [status, plan])).toEqual([['active', '232']]);

  // The contract cannot be read.
  await expectReadFailure(page, isContractsRead, () => serviceCard(page, 'バスケットLIVE').getByRole('link', { name: 'プランを変更する' }).click());
  expect(await plans()).toEqual(before);

  // The business date the quote is dated by cannot be read.
  await openPlanChange(page);
  await expectReadFailure(page, isCurrentDate, () => confirm(page));
  expect(await plans()).toEqual(before);

  // The server refuses: the error page says why, nothing changed.
  await openPlanChange(page);
  await confirm(page);
  await expect(page.getByRole('heading', { name: '変更内容' })).toBeVisible();
  await page.route(isContractUpdate, (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorCode: 'E0008' }) }),
  );
  await page.getByRole('button', { name: 'プランを変更する' }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(ErrorCatalogue.E0008.message)).toBeVisible();
  await page.unroute(isContractUpdate);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  expect(await plans()).toEqual(before);

  // The answer is lost after the server changed the plan: resent with the same key, changed once.
  await openPlanChange(page);
  await confirm(page);
  await sendWithLostAnswer(
    page,
    async () => {
      await expectPage(page, '/BasketLive/Plan/Completed', Heading.completed);
      await expect(page.getByText('プレミアムに変更しました。')).toBeVisible();
    },
    () => page.getByRole('button', { name: 'プランを変更する' }).click(),
  );
  expect(await plans()).toEqual(before.map(([id, status]) => [id, status, '232-2']));
});
