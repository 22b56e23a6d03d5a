/**
 * The card provider round trip when it does not end in a card (docs/flows/anshin-data-box.md
 * section 6). Customers: demo08 (cancel at the provider), demo09 (an unusable card). Neither
 * changes a contract.
 */
import { expectAccessible } from '../support/axe';
import { consentAndContinue, expectPage, Heading, payWithNewCard, startApply, TestCard } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('カード決済サービスの画面で「キャンセルして戻る」を押すと、お申し込みのお支払い方法の選択に戻ること（demo08）', async ({ page }) => {
  await signIn(page, 'demo08');
  await startApply(page);
  await consentAndContinue(page);
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await expect(page.getByRole('heading', { level: 1, name: 'クレジットカード情報の入力' })).toBeVisible();
  await page.getByRole('button', { name: 'キャンセルして戻る' }).click();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'お申し込み内容' })).toHaveCount(0);
  await expectAccessible(page);
});

test('ご利用いただけないカード（4000 0000 0000 0002）を入力すると、お支払い方法の選択に戻りW0008が表示されること（demo09）', async ({ page }) => {
  await signIn(page, 'demo09');
  await startApply(page);
  await consentAndContinue(page);
  await payWithNewCard(page, TestCard.declined);
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  const alert = page.getByRole('alert').filter({ hasText: 'W0008' });
  await expect(alert.getByText('ご指定のクレジットカードはご利用いただけません。')).toBeVisible();
  await expect(alert.getByText('コード：W0008')).toBeVisible();
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await expectAccessible(page);
});
