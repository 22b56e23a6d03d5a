/**
 * Reload on every step of one application (docs/flows/anshin-data-box.md 共通事項「途中保存」,
 * ADR 0024): stable steps come back on the same URL and heading; the confirm step (which may
 * hold card tokens) is never saved, so a reload there answers E9998 and offers the flow's start
 * (ADR 0121).
 * Customer: demo10 (no data storage contract; applies by mobile bill at the end).
 */
import { completeOtp, consentAndContinue, enterCard, expectPage, Heading, payWithNewCard, reloadUnstoredStep, startApply, TestCard } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('申し込みの各ステップで再読み込みすると同じURL・見出しのステップに戻ること（demo10）', async ({ page, request }) => {
  await signIn(page, 'demo10');
  const terms = page.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ });
  // Landing page.
  await page.getByRole('region', { name: 'あんしんデータボックス', exact: true }).getByRole('link', { name: '申し込む' }).click();
  await expectPage(page, '/AnshinDataBox', Heading.landing);
  await page.reload();
  await expectPage(page, '/AnshinDataBox', Heading.landing);
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  // Terms step.
  await terms.check();
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(terms).toBeChecked();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  // Payment choice.
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  // The provider's page.
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  const providerUrl = page.url();
  await page.reload();
  expect(page.url()).toBe(providerUrl);
  await enterCard(page, TestCard.visa);
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('region', { name: 'お申し込み内容' }).getByText(/\*\*\*\* 4242/)).toBeVisible();
  // Back to the payment choice with the page's own button (the confirm step is not saved: see below).
  await page.getByRole('button', { name: 'お支払い方法の選択に戻る' }).click();
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();

  // Again by mobile bill to the end: the completed page survives a reload.
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await completeOtp(page, request, 'demo10', '認証して申し込む');
  await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
  await page.reload();
  await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
  await expect(page.getByText('あんしんデータボックスのお申し込みを受け付けました。')).toBeVisible();
});

test('カード入力後の確認画面とOTPの画面で再読み込みすると、E9998のページからフローの入口（サービスのご案内）でやり直せること（demo06）', async ({ page }) => {
  // The flow document (途中保存): those steps are never stored (card tokens, one-time codes):
  // the reload re-navigates to the same URL, whose guard fails with E9998 and offers the start.
  await signIn(page, 'demo06');
  await startApply(page);
  await consentAndContinue(page);
  await payWithNewCard(page, TestCard.visa);
  await expect(page.getByRole('region', { name: 'お申し込み内容' }).getByText(/\*\*\*\* 4242/)).toBeVisible();
  await reloadUnstoredStep(page, '/AnshinDataBox', Heading.landing);
  await expect(page.getByRole('button', { name: '申し込む', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await consentAndContinue(page);
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expect(page.getByRole('region', { name: 'ご本人さまの確認' })).toBeVisible();
  await reloadUnstoredStep(page, '/AnshinDataBox', Heading.landing);
});
