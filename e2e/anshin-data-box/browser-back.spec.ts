/**
 * Browser Back on the Back-suppressed (backForwardDeter) pages where the flow's state also has
 * a Back of its own (the page's 「…に戻る」 button): the customer stays and sees W9999 (spec
 * section 2; the flow document's 共通事項「画面の戻る」).
 * After the card provider round trip the return page keeps its own history entry behind the
 * flow's page, so browser Back stays in the portal there too.
 * The Back checks of the completed pages and of the OTP steps run inside the journeys.
 * On a flow page that lets Back through to the flow (the cancel confirmation), Back is the
 * machine's own Back and the address bar follows it to the previous step's page.
 * Customers: demo11, demo02, demo08, demo03; none of these tests submits anything.
 */
import { consentAndContinue, expectBackSuppressed, expectPage, Heading, payWithNewCard, serviceCard, startApply, TestCard } from '../support/anshin';
import type { Page } from '@playwright/test';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

/**
 * From Cancel/Inform: on to Confirm, Back (the flow's Back) to Inform, Back again out of the flow
 * to the page before it, which is the top page in these tests.
 */
async function confirmThenBackOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
  await page.goBack();
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);
  await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
}

test('申込画面（規約・お支払い方法・確認）でブラウザの戻るを押すと、同じURLにとどまりW9999が表示されること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  await startApply(page);
  await expectBackSuppressed(page, '/AnshinDataBox/Apply', Heading.apply);
  await consentAndContinue(page);
  await expectBackSuppressed(page, '/AnshinDataBox/Apply', Heading.apply);
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await expectBackSuppressed(page, '/AnshinDataBox/Apply', Heading.apply);
});

test('支払方法の変更画面でブラウザの戻るを押すと、同じURLにとどまりW9999が表示されること（demo02、送信はしない）', async ({ page }) => {
  await signIn(page, 'demo02');
  await page.getByRole('region', { name: 'あんしんデータボックス', exact: true }).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectBackSuppressed(page, '/AnshinDataBox/Update/Payment', Heading.updatePayment);
});

test('カード決済サービスで中止して戻った支払方法の変更画面でブラウザの戻るを押すと、同じURLにとどまりW9999が表示されること（demo02、送信はしない）', async ({ page }) => {
  await signIn(page, 'demo02');
  await page.getByRole('region', { name: 'あんしんデータボックス', exact: true }).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await page.getByRole('button', { name: 'キャンセルして戻る' }).click();
  await expectBackSuppressed(page, '/AnshinDataBox/Update/Payment', Heading.updatePayment);
});

test('カード決済サービスから戻った申込の確認画面（OTPの表示中）でブラウザの戻るを押すと、同じURLにとどまりW9999が表示されること（demo08、送信はしない）', async ({ page }) => {
  await signIn(page, 'demo08');
  await startApply(page);
  await consentAndContinue(page);
  await payWithNewCard(page, TestCard.visa);
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expect(page.getByRole('region', { name: 'ご本人さまの確認' })).toBeVisible();
  await expectBackSuppressed(page, '/AnshinDataBox/Apply', Heading.apply);
});

test('解約内容の確認画面でブラウザの戻るを押すと、解約についての画面に戻り、アドレスバーも同じ画面を示すこと（demo03、送信はしない）', async ({ page }) => {
  await signIn(page, 'demo03');
  await serviceCard(page).getByRole('link', { name: '解約する' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
  await page.goBack();
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  // The address bar and the machine still agree after a reload and on the way forward again.
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  // One history entry per flow: Back again is the flow's Back, Back from its first page leaves it.
  await confirmThenBackOut(page);
});

test('URLを直接入力して開いた解約についての画面から確認へ進み、ブラウザの戻るを押すと、ポータルを離れず解約についての画面に戻り、次の戻るで前のページへ戻ること（demo03、ADR 0111）', async ({ page }) => {
  await signIn(page, 'demo03');
  // A typed URL (or a bookmark) opens a new document: its entry is the tab's first in the portal.
  await page.goto('/AnshinDataBox/Cancel/Inform');
  await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
  // The flow's page took the entry it made on top of the first one, then stepped back onto the
  // first: the next Back leaves the page the customer opened, as from any first page of a flow.
  await confirmThenBackOut(page);
});
