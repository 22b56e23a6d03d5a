/**
 * The data storage resume (Resume/Confirm) when the customer changes course or a call fails, with
 * the failures made by Playwright's request routing (e2e/README.md): the contract cannot be read;
 * the mobile bill chosen, then a new card, cancelled at the card provider; the one-time password
 * abandoned; the server refuses (E0008). Nothing is resumed, so demo04 stays suspended for
 * cancel-resume.spec.ts.
 */
import { ErrorCatalogue } from '../../contracts/error-catalogue';
import { completeOtp, dataStorageContracts, expectPage, Heading, serviceCard } from '../support/anshin';
import { expectReadFailure, isContractsRead, isContractUpdate } from '../support/kit-failures';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('利用再開で契約が読めない・支払方法を選び直す・カード入力の中止・確認コードの中止・拒否のあとも、停止中のままであること（demo04）', async ({ page, request }) => {
  await signIn(page, 'demo04');
  const states = async () => (await dataStorageContracts(page)).map((contract) => [contract.status, contract.paymentMethod.value]);
  const before = await states();
  expect(before).toEqual([['suspended', '02']]);
  const openResume = async () => {
    await serviceCard(page).getByRole('link', { name: '利用を再開する' }).click();
    await expectPage(page, '/AnshinDataBox/Resume/Confirm', Heading.resumeConfirm);
  };

  await expectReadFailure(page, isContractsRead, () => serviceCard(page).getByRole('link', { name: '利用を再開する' }).click());

  // The mobile bill chosen and the one-time password abandoned; then a new card, cancelled at the provider.
  await openResume();
  await page.getByRole('radio', { name: '携帯電話料金とまとめて支払い' }).check();
  await page.getByRole('button', { name: '利用を再開する', exact: true }).click();
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await otp.getByRole('button', { name: '内容の確認に戻る' }).click();
  await expect(otp).toBeHidden();
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await page.getByRole('button', { name: 'キャンセルして戻る' }).click();
  await expectPage(page, '/AnshinDataBox/Resume/Confirm', Heading.resumeConfirm);
  expect(await states()).toEqual(before);

  // The server refuses.
  await page.getByRole('radio', { name: /現在のお支払い方法のまま/ }).check();
  await page.route(isContractUpdate, (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorCode: 'E0008' }) }),
  );
  await page.getByRole('button', { name: '利用を再開する', exact: true }).click();
  await completeOtp(page, request, 'demo04', '認証して利用を再開する');
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(ErrorCatalogue.E0008.message)).toBeVisible();
  await page.unroute(isContractUpdate);
  expect(await states()).toEqual(before);
});
