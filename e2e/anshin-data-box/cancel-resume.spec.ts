/**
 * Cancelling a reserved withdrawal and resuming a suspended service
 * (docs/flows/anshin-data-box.md sections 3 and 4). Customers: demo05 (withdrawal reserved),
 * demo04 (suspended, card). Cancelling an active contract is in apply.spec.ts (demo01, demo15).
 */
import { expectAccessible } from '../support/axe';
import { completeOtp, dataStorageContracts, expectBackSuppressed, expectPage, Heading, serviceCard } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('解約予約中のお客さまが解約予約を取り消すと、完了画面のあとご利用中に戻ること（demo05）', async ({ page }) => {
  await signIn(page, 'demo05');
  await expect(serviceCard(page).getByText('解約予約中', { exact: true })).toBeVisible();
  await serviceCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/AnshinDataBox/Service/Detail', Heading.detail);
  await expectAccessible(page);
  await page.getByRole('link', { name: '解約予約の取り消し' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  await expect(page.getByRole('heading', { name: '解約のご予約について' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '解約予約の取り消しへ進む' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
  await expect(page.getByRole('radio', { name: /解約予約を取り消す/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /解約する/ })).toHaveCount(0);
  await expectAccessible(page);
  // The contract id the flow works on is stored sealed with the session token, never in plain (ADR 0089).
  const [contract] = await dataStorageContracts(page);
  const contractId = contract?.contractId ?? 'no contract';
  const stored = () => page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(await stored()).not.toContain(contractId);
  expect(await stored()).toMatch(/serviceContractIdSealed\\":\\"v1\./);
  // Tampered with, it is refused: E9998 and nothing changes.
  await page.evaluate(() => {
    const key = 'portal.common.v1';
    const common = JSON.parse(sessionStorage.getItem(key) ?? '{}') as { serviceContractIdSealed: string };
    sessionStorage.setItem(key, JSON.stringify({ ...common, serviceContractIdSealed: `${common.serviceContractIdSealed.slice(0, -4)}AAAA` }));
  });
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
  await page.getByRole('button', { name: '解約予約を取り消す', exact: true }).click();
  await expect(page.getByText('不正なアクセス、または現在の状態では受け付けられない操作です。')).toBeVisible();
  expect((await dataStorageContracts(page)).map((c) => c.status)).toEqual(['withdrawal_reserved']);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await serviceCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await page.getByRole('link', { name: '解約予約の取り消し' }).click();
  await page.getByRole('button', { name: '解約予約の取り消しへ進む' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
  await page.getByRole('button', { name: '解約予約を取り消す', exact: true }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Completed', Heading.cancelCompleted);
  await expect(page.getByText('解約予約を取り消しました。')).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, '/AnshinDataBox/Cancel/Completed', Heading.cancelCompleted);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await expect(serviceCard(page).getByText('ご利用中', { exact: true })).toBeVisible();
  expect((await dataStorageContracts(page)).map((c) => c.status)).toEqual(['active']);
});

test('利用停止中のお客さまが現在の支払方法のまま利用を再開でき、OTPのあとご利用中になること（demo04）', async ({ page, request }) => {
  await signIn(page, 'demo04');
  await expect(serviceCard(page).getByText('利用停止中', { exact: true })).toBeVisible();
  await serviceCard(page).getByRole('link', { name: '利用を再開する' }).click();
  await expectPage(page, '/AnshinDataBox/Resume/Confirm', Heading.resumeConfirm);
  await expect(page.getByText(/再開した月から、月額550円\(税込\)のご利用料金がかかります。/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('radio', { name: /現在のお支払い方法のまま/ }).check();
  await page.getByRole('button', { name: '利用を再開する', exact: true }).click();
  await expectAccessible(page);
  await completeOtp(page, request, 'demo04', '認証して利用を再開する');
  await expectPage(page, '/AnshinDataBox/Resume/Completed', Heading.resumeCompleted);
  await expect(page.getByText('あんしんデータボックスのご利用を再開しました。')).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, '/AnshinDataBox/Resume/Completed', Heading.resumeCompleted);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await expect(serviceCard(page).getByText('ご利用中', { exact: true })).toBeVisible();
  expect((await dataStorageContracts(page)).map((c) => [c.status, c.paymentMethod.cardLast4])).toEqual([['active', '0005']]);
});
