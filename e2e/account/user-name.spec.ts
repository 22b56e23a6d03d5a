/**
 * The account menu's user information and name change as demo18 (docs/flows/account-menu.md
 * sections 1 and 2): menu -> Confirm/UserInfo -> Update/UserName, half-width kana and hiragana
 * become full-width katakana, field errors beside their fields, reload and Back on each page,
 * typed URLs of the change page refused (E9998), axe on each page.
 */
import { expectAccessible } from '../support/axe';
import { expectBackSuppressed, expectPage } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const Menu = ['/AccountMenu', 'アカウント管理'] as const;
const UserInfo = ['/AccountMenu/Confirm/UserInfo', 'お客さま情報の確認'] as const;
const UserName = ['/AccountMenu/Update/UserName', 'お名前の変更'] as const;

test('メニューからお客さま情報を確かめ、お名前を半角カナとひらがなで変えると全角カタカナで保存されること（demo18）', async ({ page }) => {
  await signIn(page, 'demo18');
  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, ...Menu);
  await expectAccessible(page);
  await page.reload();
  await expectPage(page, ...Menu);

  await page.getByRole('button', { name: /お客さま情報/ }).click();
  await expectPage(page, ...UserInfo);
  const info = page.getByRole('region', { name: 'ご登録の情報' });
  await expect(info.getByText('清水 正')).toBeVisible();
  await expect(info.getByText('〒420-0853')).toBeVisible();
  await expect(info.getByText('090-1234-0018', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expectPage(page, ...UserInfo);

  await page.getByRole('button', { name: 'お名前を変更する' }).click();
  await expectPage(page, ...UserName);
  await expectAccessible(page);
  await expectBackSuppressed(page, ...UserName);
  await page.reload();
  await expectPage(page, ...UserName);

  // Every error beside its field, and the first invalid field takes the focus.
  await page.getByRole('textbox', { name: /^姓/ }).fill('');
  await page.getByRole('textbox', { name: /^セイ/ }).fill('Shimizu');
  await page.getByRole('button', { name: '変更する' }).click();
  const lastName = page.getByRole('textbox', { name: /^姓/ });
  await expect(lastName).toBeFocused();
  await expect(lastName).toHaveAccessibleDescription(/お名前を入力してください。/);
  await expect(page.getByRole('textbox', { name: /^セイ/ })).toHaveAccessibleDescription(/カタカナ/);
  await expectAccessible(page);

  await lastName.fill('清水');
  await page.getByRole('textbox', { name: /^名/ }).fill('正樹');
  await page.getByRole('textbox', { name: /^セイ/ }).fill('ｼﾐｽﾞ');
  await page.getByRole('textbox', { name: /^メイ/ }).fill('まさき');
  await page.getByRole('button', { name: '変更する' }).click();
  await expectPage(page, ...UserInfo);
  await expect(page.getByRole('status').getByText('お名前を変更しました。')).toBeVisible();
  await expect(info.getByText('清水 正樹')).toBeVisible();
  await expect(info.getByText('シミズ マサキ')).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'reports/e2e/account-user-info.png', fullPage: true });

  // The change page is the flow's, not a URL: typed, it is refused.
  await page.goto(UserName[0]);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
});

test('お名前の変更画面で戻ると、何も変えずにお客さま情報の確認に戻ること（demo18）', async ({ page }) => {
  await signIn(page, 'demo18');
  await page.goto(UserInfo[0]);
  await expectPage(page, ...UserInfo);
  await page.getByRole('button', { name: 'お名前を変更する' }).click();
  await expectPage(page, ...UserName);
  await page.screenshot({ path: 'reports/e2e/account-user-name.png', fullPage: true });
  await page.getByRole('button', { name: '変更せずに戻る' }).click();
  await expectPage(page, ...UserInfo);
  await expect(page.getByText('お名前を変更しました。')).toHaveCount(0);
  await page.getByRole('button', { name: 'アカウント管理に戻る' }).click();
  await expectPage(page, ...Menu);
});

test('入力したURLで開いたお客さま情報の確認からお名前の変更へ進んでも、ブラウザの戻るはポータルを離れず W9999 になること（demo18）', async ({ page }) => {
  await signIn(page, 'demo18');
  // A typed URL is a new document: the change page must still have an entry of this document behind it.
  await page.goto(UserInfo[0]);
  await expectPage(page, ...UserInfo);
  await page.getByRole('button', { name: 'お名前を変更する' }).click();
  await expectBackSuppressed(page, ...UserName);
  await page.getByRole('button', { name: '変更せずに戻る' }).click();
  await expectPage(page, ...UserInfo);
});
