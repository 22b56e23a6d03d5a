/**
 * Security settings, login ID and password as demo20 (docs/flows/account-menu.md section 4,
 * ADR 0079, ADR 0085), one customer through three wizards in order: the sign-in notice by
 * e-mail, a new login ID, a new password; then signing out, the old ID and the old password
 * refused, the new ones accepted, and the login history showing both. Reload and Back on every
 * page, typed URLs of the change and completion pages refused (E9998), axe on every page.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { contactOf, expectBackSuppressed, expectPage, outboxMessages } from '../support/anshin';
import { completeProviderSignIn, CredentialsChangedInRun, DEMO_PASSWORD, openLanding, signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const Menu = ['/AccountMenu', 'アカウント管理'] as const;
const SecurityInfo = ['/AccountMenu/Security/Info', 'セキュリティ設定の確認'] as const;
const SecurityChange = ['/AccountMenu/Security/Change', 'セキュリティ設定の変更'] as const;
const SecurityCompleted = ['/AccountMenu/Security/Completed', 'セキュリティ設定の変更完了'] as const;
const LoginIdChange = ['/AccountMenu/SbidSet/Change', 'ログインIDの変更'] as const;
const LoginIdCompleted = ['/AccountMenu/SbidSet/Completed', 'ログインIDの変更完了'] as const;
const PasswordChange = ['/AccountMenu/PasswordSet/Change', 'パスワードの変更'] as const;
const PasswordCompleted = ['/AccountMenu/PasswordSet/Completed', 'パスワードの変更完了'] as const;

const OldLoginId = CredentialsChangedInRun;
const NewLoginId = 'kobayashi.makoto-20';
const NewPassword = 'sapporo kita ichijo 2-1 tower';
const { mailAddress } = contactOf(OldLoginId);

// Three wizards, each page checked with axe and reloaded: longer than the default minute on a shared machine.
test.describe.configure({ mode: 'serial', timeout: 120_000 });

/** A typed URL of a page the flow is not at is refused; the flow starts again from Security/Info. */
async function expectTypedUrlRefused(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
  await page.goto(SecurityInfo[0]);
  await expectPage(page, ...SecurityInfo);
}

/** Reload stays on the page (the flow's snapshot is kept); axe finds nothing. */
async function checkPage(page: Page, target: readonly [string, string], screenshot: string): Promise<void> {
  await expectPage(page, ...target);
  await expectAccessible(page);
  await page.reload();
  await expectPage(page, ...target);
  await page.screenshot({ path: `reports/e2e/${screenshot}.png`, fullPage: true });
}

/**
 * Top -> menu -> Security/Info by the links. Not a typed URL: Back is refused only within one
 * document, and a typed URL would make the entry before the flow another document.
 */
async function openSecurityInfo(page: Page): Promise<void> {
  await page.goto('/Top');
  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, ...Menu);
  await page.getByRole('button', { name: /セキュリティ設定/ }).click();
  await expectPage(page, ...SecurityInfo);
}

/** 変更せずに戻る: back on Security/Info with nothing changed, then into the change page again. */
async function leaveUnchangedAndReturn(page: Page, button: string, target: readonly [string, string]): Promise<void> {
  await page.getByRole('button', { name: '変更せずに戻る' }).click();
  await expectPage(page, ...SecurityInfo);
  await page.getByRole('button', { name: button }).click();
  await expectPage(page, ...target);
}

async function signOut(page: Page): Promise<void> {
  await page.goto('/Top');
  await page.getByRole('button', { name: 'ログアウト' }).click();
  await expect(page).toHaveURL(/\/$/);
}

async function openProviderSignIn(page: Page): Promise<void> {
  await openLanding(page);
  await page.getByRole('link', { name: 'ログイン' }).or(page.getByRole('button', { name: 'ログイン' })).first().click();
  await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
}

async function expectSignInRefused(page: Page, loginId: string, password: string): Promise<void> {
  await page.getByRole('textbox', { name: 'ログインID' }).fill(loginId);
  await page.getByLabel('パスワード', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByRole('alert')).toHaveText('ログインIDまたはパスワードが正しくありません。');
}

async function newMessages(page: Page, before: ReadonlySet<string>, subject: string) {
  await expect.poll(async () => (await outboxMessages(page.request, mailAddress)).filter((m) => !before.has(m.messageId) && m.subject?.includes(subject)).length).toBe(1);
}

async function messageIds(page: Page): Promise<Set<string>> {
  return new Set((await outboxMessages(page.request, mailAddress)).map((message) => message.messageId));
}

test('ログインのお知らせをメールで受け取るよう変えると、次のログインでお知らせが届くこと（demo20）', async ({ page }) => {
  await signIn(page, OldLoginId);
  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, ...Menu);
  await page.getByRole('button', { name: /セキュリティ設定/ }).click();
  await checkPage(page, SecurityInfo, 'account-security-info');
  const login = page.getByRole('region', { name: 'ログインID・パスワード' });
  await expect(login.getByText(OldLoginId, { exact: true })).toBeVisible();
  await expect(login.getByText('ご契約時から変更されていません')).toBeVisible();
  await expect(page.getByRole('region', { name: 'ログインのお知らせ' }).getByText('受け取らない')).toBeVisible();
  await expect(page.getByRole('region', { name: 'お知らせの送り先（連絡先）' }).getByText(`${mailAddress}（確認済み）`)).toBeVisible();
  // Security/Info is no change page: Back leaves the account menu (its moves replace the history entry) for Top.
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);
  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, ...Menu);
  await page.getByRole('button', { name: /セキュリティ設定/ }).click();
  await expectPage(page, ...SecurityInfo);

  await page.getByRole('button', { name: '受け取り方を変更する' }).click();
  await checkPage(page, SecurityChange, 'account-security-change');
  await expectBackSuppressed(page, ...SecurityChange);
  await leaveUnchangedAndReturn(page, '受け取り方を変更する', SecurityChange);
  const choices = page.getByRole('group', { name: /ログインのお知らせの受け取り方/ });
  await expect(choices.getByRole('radio', { name: '受け取らない' })).toBeChecked();
  const email = choices.getByRole('radio', { name: /メール/ });
  await expect(email).toBeEnabled();
  await expect(email).toHaveAccessibleDescription(`送り先：${mailAddress}`);
  await email.check();
  await page.getByRole('button', { name: '変更する' }).click();

  await checkPage(page, SecurityCompleted, 'account-security-completed');
  await expectBackSuppressed(page, ...SecurityCompleted);
  await expect(page.getByRole('status').filter({ hasText: 'ログインのお知らせの受け取り方を変更しました。' })).toBeVisible();
  await expect(page.getByText(`メール（連絡先メールアドレスあて）：${mailAddress}`)).toBeVisible();
  await page.getByRole('button', { name: 'セキュリティ設定に戻る' }).click();
  await expectPage(page, ...SecurityInfo);
  await expect(page.getByRole('region', { name: 'ログインのお知らせ' }).getByText(`メール（連絡先メールアドレスあて）：${mailAddress}`)).toBeVisible();

  await expectTypedUrlRefused(page, SecurityCompleted[0]);
  await expectTypedUrlRefused(page, SecurityChange[0]);

  // The server keeps it: the next sign-in sends the notice by e-mail.
  const before = await messageIds(page);
  await signOut(page);
  await signIn(page, OldLoginId);
  await newMessages(page, before, 'ログインのお知らせ');
});

test('ログインIDを全角で入力しても半角小文字で変わり、規則に合わないIDと使われているIDは項目の横で断られること（demo20）', async ({ page }) => {
  await signIn(page, OldLoginId);
  await openSecurityInfo(page);
  await page.getByRole('button', { name: 'ログインIDを変更する' }).click();
  await checkPage(page, LoginIdChange, 'account-login-id-change');
  await expectBackSuppressed(page, ...LoginIdChange);
  await leaveUnchangedAndReturn(page, 'ログインIDを変更する', LoginIdChange);
  // The rules stand before the field.
  const rules = page.getByRole('region', { name: '使えるログインID' });
  await expect(rules).toContainText('6〜30文字の半角英数字');
  await expect(rules).toContainText('先頭は英字');

  const field = page.getByRole('textbox', { name: /新しいログインID/ });
  await field.fill('20makoto');
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/ログインIDは英字で始めてください。/);
  await expectAccessible(page);

  // Another customer's ID, in upper case: refused by the server, beside the field, without saying whose.
  await field.fill('DEMO01');
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(field).toHaveAccessibleDescription(/このログインIDはご利用いただけません。/);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('demo01');
  await expectPage(page, ...LoginIdChange);

  const before = await messageIds(page);
  await field.fill('ＫＯＢＡＹＡＳＨＩ．ＭＡＫＯＴＯ－２０');
  await page.getByRole('button', { name: '変更する' }).click();
  await checkPage(page, LoginIdCompleted, 'account-login-id-completed');
  await newMessages(page, before, 'ログインIDを変更しました');
  await expectBackSuppressed(page, ...LoginIdCompleted);
  await expect(page.getByRole('region', { name: '新しいログインID' }).getByText(NewLoginId, { exact: true })).toBeVisible();

  // Completion pages only from their own change page (spec section 4).
  await expectTypedUrlRefused(page, PasswordCompleted[0]);
  await expect(page.getByRole('region', { name: 'ログインID・パスワード' }).getByText(NewLoginId, { exact: true })).toBeVisible();
  await expectTypedUrlRefused(page, LoginIdCompleted[0]);
  await expectTypedUrlRefused(page, LoginIdChange[0]);
});

test('パスワードを変えると、ほかの端末がログアウトしお知らせが届き、古いIDとパスワードでは入れず新しいもので入れること（demo20）', async ({ page, browser }) => {
  await completeSignIn(page, NewLoginId, DEMO_PASSWORD);
  // A second device, signed in before the change: it is signed out by it.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL, viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await completeSignIn(otherPage, NewLoginId, DEMO_PASSWORD);

  await openSecurityInfo(page);
  await page.getByRole('button', { name: 'アカウント管理に戻る' }).click();
  await expectPage(page, ...Menu);
  await page.getByRole('button', { name: /セキュリティ設定/ }).click();
  await expectPage(page, ...SecurityInfo);
  await page.getByRole('button', { name: 'パスワードを変更する' }).click();
  await checkPage(page, PasswordChange, 'account-password-change');
  await expectBackSuppressed(page, ...PasswordChange);
  await leaveUnchangedAndReturn(page, 'パスワードを変更する', PasswordChange);
  const rules = page.getByRole('region', { name: '新しいパスワードの条件' });
  await expect(rules).toContainText('12〜64文字');
  await expect(rules).toContainText('ログインIDを含まないこと');
  await expect(rules).toContainText('よく使われるパスワード');

  const current = page.getByRole('textbox', { name: /^現在のパスワード/ });
  const fresh = page.getByRole('textbox', { name: /^新しいパスワード 必須/ });
  const confirm = page.getByRole('textbox', { name: /^新しいパスワード（確認）/ });
  // What password managers read: the account's username and which field is which.
  await expect(page.locator('input[autocomplete="username"]')).toHaveValue(NewLoginId);
  await expect(current).toHaveAttribute('autocomplete', 'current-password');
  await expect(fresh).toHaveAttribute('autocomplete', 'new-password');
  await expect(confirm).toHaveAttribute('autocomplete', 'new-password');

  // The form's own checks, each beside its field; the first invalid field takes the focus.
  await fresh.fill('short');
  await confirm.fill('other');
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(current).toBeFocused();
  await expect(current).toHaveAccessibleDescription(/現在のパスワードを入力してください。/);
  await expect(fresh).toHaveAccessibleDescription(/12文字以上/);
  await expectAccessible(page);
  await fresh.fill(NewPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(confirm).toHaveAccessibleDescription(/新しいパスワードと一致しません。/);

  // Show and hide: every password of the form at once.
  const toggle = page.getByRole('checkbox', { name: 'パスワードを表示する' });
  await toggle.check();
  await expect(fresh).toHaveAttribute('type', 'text');
  await expect(current).toHaveAttribute('type', 'text');
  await toggle.uncheck();
  await expect(fresh).toHaveAttribute('type', 'password');

  // The server's refusals, beside their fields.
  await current.fill('Not-the-password-1');
  await confirm.fill(NewPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(current).toHaveAccessibleDescription(/現在のパスワードが正しくありません。/);
  await expect(current).toBeFocused();
  await current.fill(DEMO_PASSWORD);
  await fresh.fill(`my ${NewLoginId} password`);
  await confirm.fill(`my ${NewLoginId} password`);
  await page.getByRole('button', { name: '変更する' }).click();
  await expect(fresh).toHaveAccessibleDescription(/ログインID/);
  await expect(fresh).toBeFocused();
  await expectPage(page, ...PasswordChange);

  const before = await messageIds(page);
  await fresh.fill(NewPassword);
  await confirm.fill(NewPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  await checkPage(page, PasswordCompleted, 'account-password-completed');
  await expectBackSuppressed(page, ...PasswordCompleted);
  await expect(page.getByRole('status').filter({ hasText: 'パスワードを変更しました。' })).toBeVisible();
  await expect(page.getByText('この端末以外でログインしていた端末は、すべてログアウトしました。')).toBeVisible();
  await newMessages(page, before, 'パスワードを変更しました');
  // The passwords never reach the stored flow.
  const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }));
  expect(stored).not.toContain(NewPassword);
  expect(stored).not.toContain(DEMO_PASSWORD);

  await page.getByRole('button', { name: 'セキュリティ設定に戻る' }).click();
  await expectPage(page, ...SecurityInfo);
  await expect(page.getByRole('region', { name: 'ログインID・パスワード' }).getByText(/最終変更：\d{4}\/\d{2}\/\d{2}/)).toBeVisible();
  await expectTypedUrlRefused(page, LoginIdCompleted[0]);
  await expectTypedUrlRefused(page, PasswordCompleted[0]);
  await expectTypedUrlRefused(page, PasswordChange[0]);

  // The other device was signed out.
  await otherPage.goto(SecurityInfo[0]);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'セキュリティ設定の確認' })).toHaveCount(0);
  await other.close();

  await signOut(page);
  await openProviderSignIn(page);
  await expectSignInRefused(page, OldLoginId, NewPassword);
  await expectSignInRefused(page, NewLoginId, DEMO_PASSWORD);
  await completeProviderSignIn(page, NewLoginId, NewPassword);
  await expect(page).toHaveURL(/\/Top$/);

  await page.goto('/AccountMenu/LoginHistory');
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
  const entries = page.getByRole('listitem').filter({ hasText: /ログイン(成功|失敗)/ });
  await expect(entries.first()).toContainText('ログイン成功');
  await expect(entries.nth(1)).toContainText('ログイン失敗');
  // Both sign-ins of this test (before and after the changes) are in the history.
  expect(await entries.filter({ hasText: 'ログイン成功' }).count()).toBeGreaterThanOrEqual(2);
});

/** Signs in from the landing page with any ID and password (signIn() knows only the demo password). */
async function completeSignIn(page: Page, loginId: string, password: string): Promise<void> {
  await openProviderSignIn(page);
  await completeProviderSignIn(page, loginId, password);
  await expect(page).toHaveURL(/\/Top$/);
}
