/**
 * Browser Back, Forward and reload on every basket live page, as a customer would press them
 * (docs/flows/basket-live.md 共通事項, ADR 0024, ADR 0065). After each one the address bar and the
 * flow agree (checked by traced-test after every goBack, goForward and reload). Nothing is
 * submitted. Customers: demo11 (no basket live: the application), demo10 (plan 232-4: the
 * contract page, the payment change and the cancel).
 */
import { enterCard, expectBackSuppressed, expectPage, reloadUnstoredStep, TestCard } from '../support/anshin';
import { basketLiveCard, BklHeading, choosePlan, openLanding, startApplication } from '../support/basket-live';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('申し込みの各画面で再読み込み・戻る・進むを押しても、アドレスバーと画面とフローが一致し、保存してよい段階は同じ画面に戻ること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  await openLanding(page);
  await page.reload();
  await expectPage(page, '/BasketLive', BklHeading.landing);
  // The landing page is an entry page: Back leaves it for Top, Forward comes back to it.
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);
  await page.goForward();
  await expectPage(page, '/BasketLive', BklHeading.landing);

  await startApplication(page);
  await choosePlan(page, 'ファミリー');
  await page.reload();
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  await expect(page.getByRole('radio', { name: /^ファミリー（/ })).toBeChecked();
  await expectBackSuppressed(page, '/BasketLive/Apply', BklHeading.apply);
  await page.goForward();
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);

  await page.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }).check();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await page.reload();
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await expectBackSuppressed(page, '/BasketLive/Apply', BklHeading.apply);

  // The card provider's page and back with a card: the confirmation shows the chosen plan.
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await page.reload();
  await enterCard(page, TestCard.visa);
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  const summary = page.getByRole('region', { name: 'お申し込み内容' });
  await expect(summary.getByText(/ファミリー（1契約）/)).toBeVisible();
  await expectBackSuppressed(page, '/BasketLive/Apply', BklHeading.apply);
  // The confirmation may hold card token values and is never stored: a reload fails its guard
  // (E9998) and the error page offers the start again.
  await reloadUnstoredStep(page, '/BasketLive', BklHeading.landing);
  await expect(page.getByRole('button', { name: '申し込む', exact: true })).toBeVisible();
});

test('ご契約内容・支払方法の変更・解約の各画面で再読み込み・戻る・進むを押しても、アドレスバーと画面とフローが一致すること（demo10）', async ({ page }) => {
  await signIn(page, 'demo10');
  await basketLiveCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
  await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText('見逃し配信')).toBeVisible();
  await page.reload();
  await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
  await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText('見逃し配信')).toBeVisible();

  // Payment change: its choice survives a reload and refuses Back.
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectPage(page, '/BasketLive/Update/Payment', BklHeading.updatePayment);
  await page.reload();
  await expectPage(page, '/BasketLive/Update/Payment', BklHeading.updatePayment);
  await expectBackSuppressed(page, '/BasketLive/Update/Payment', BklHeading.updatePayment);
  await page.getByRole('button', { name: 'ご契約内容に戻る' }).click();
  await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);

  // Cancel: Inform and Confirm survive a reload; Back on Confirm is the flow's Back.
  await page.getByRole('link', { name: '解約', exact: true }).click();
  await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
  await page.reload();
  await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectPage(page, '/BasketLive/Cancel/Confirm', BklHeading.cancelConfirm);
  await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
  await page.reload();
  await expectPage(page, '/BasketLive/Cancel/Confirm', BklHeading.cancelConfirm);
  await expect(page.getByRole('radio', { name: /今すぐ解約する/ })).toBeChecked();
  await page.goBack();
  await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
  // One history entry per flow (ADR 0065): Forward does not re-enter the step the flow left,
  // and Back from the flow's first page returns to the page the customer came from.
  await page.goForward();
  await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
  await page.goBack();
  await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
});
