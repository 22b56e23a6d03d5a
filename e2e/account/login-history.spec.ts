/**
 * Login history as demo17 (docs/flows/account-menu.md section 5): a failed attempt and the
 * sign-in that follows both show, newest first, with device, browser and IP address; reload and
 * axe on the page; the way back to the menu.
 */
import { expectAccessible } from '../support/axe';
import { expectPage } from '../support/anshin';
import { completeProviderSignIn, openLanding, signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('ログインに失敗してからログインすると、ログイン履歴の先頭に成功、その次に失敗が表示されること（demo17）', async ({ page }) => {
  await openLanding(page);
  await page.getByRole('link', { name: 'ログイン' }).or(page.getByRole('button', { name: 'ログイン' })).first().click();
  await page.getByRole('textbox', { name: 'ログインID' }).fill('demo17');
  await page.getByLabel('パスワード', { exact: true }).fill('Wrong-password-1');
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
  await completeProviderSignIn(page, 'demo17');
  await expect(page).toHaveURL(/\/Top$/);

  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, '/AccountMenu', 'アカウント管理');
  await page.getByRole('button', { name: /ログイン履歴/ }).click();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
  const entries = page.getByRole('listitem').filter({ hasText: /ログイン(成功|失敗)/ });
  await expect(entries.first()).toContainText('ログイン成功');
  await expect(entries.nth(1)).toContainText('ログイン失敗');
  await expect(entries.first()).toContainText('IPアドレス');
  await expectAccessible(page);
  await page.screenshot({ path: 'reports/e2e/account-login-history.png', fullPage: true });
  await page.reload();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
  await expect(entries.first()).toContainText('ログイン成功');
  await page.getByRole('button', { name: 'アカウント管理に戻る' }).click();
  await expectPage(page, '/AccountMenu', 'アカウント管理');
});

test('ログイン履歴は入口の画面なので、URLを直接開いても表示できること（demo17）', async ({ page }) => {
  await signIn(page, 'demo17');
  await page.goto('/AccountMenu/LoginHistory');
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
});
