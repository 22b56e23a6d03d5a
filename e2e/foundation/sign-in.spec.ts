import { expect, test } from '../support/traced-test';
import { demoCustomers } from '../../server/db/demo-customers';
import { expectAccessible } from '../support/axe';
import { CredentialsChangedInRun, completeProviderSignIn, signIn } from '../support/sign-in';

test.describe('サインオン', () => {
  // Every demo customer signs in with the seeded pair, but the one whose pair the credentials
  // spec changes in this same run (it checks its own sign-ins, old and new).
  for (const customer of demoCustomers.filter(({ loginId }) => loginId !== CredentialsChangedInRun)) {
    test(`${customer.loginId}（${customer.description}）でログインし、日本語のトップが表示されること`, async ({ page }) => {
      await signIn(page, customer.loginId);
      await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
      await expect(page).toHaveTitle('トップ｜お客さまポータル');
      await expect(page.getByRole('heading', { name: 'あんしんデータボックス' })).toBeVisible();
    });
  }

  test('入口のページを開いても、ポータルへの要求が一つも失敗せず、タブのアイコンが表示できること', async ({ page }) => {
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).origin === new URL(page.url()).origin) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute('href', /^\/assets\/favicon-[\w-]+\.svg$/);
    const answer = await page.request.get((await icon.getAttribute('href')) ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toContain('image/svg+xml');
  });

  test('回線が制限中のお客さまにはE0008の案内が表示されること', async ({ page }) => {
    await signIn(page, 'demo12');
    await expect(page.getByText('ご契約またはご利用の状況により、このお手続きはご利用いただけません。').first()).toBeVisible();
  });

  test('未ログインでトップを開くとログインへ進み、ログイン後にトップへ戻ること', async ({ page }) => {
    await page.goto('/Top');
    await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
    await expectAccessible(page);
    await completeProviderSignIn(page, 'demo02');
    await expect(page).toHaveURL(/\/Top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
  });

  test('未ログインでブックマークしたページ（ご利用料金の履歴）を開くと、ログインのあとそのページに戻ること', async ({ page }) => {
    // A page that may be opened on its own signs on at once and comes back to itself (sign-on
    // interface table, request type 3; ADR 0082, 0090).
    await page.goto('/OptionServices/BillingHistory');
    await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
    await completeProviderSignIn(page, 'demo17');
    await expect(page).toHaveURL(/\/OptionServices\/BillingHistory$/);
    await expect(page.getByRole('heading', { level: 1, name: 'ご利用料金の履歴' })).toBeVisible();
  });

  test('入口（/）はAPIを呼ばずに表示され、ログイン中に開くとトップへ進むこと', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) calls.push(request.url());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'オプションサービスのお手続きを、いつでもスマートフォンで' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Who is signed in came with the page (ADR 0105): a visitor's first page waits for no call.
    expect(calls).toEqual([]);
    await signIn(page, 'demo02');
    await page.goto('/');
    await expect(page).toHaveURL(/\/Top$/);
    await expect(page.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
  });

  test('パスワードを誤ると日本語のエラーが表示され、ログインできないこと', async ({ page }) => {
    await page.goto('/Top');
    await page.getByRole('textbox', { name: 'ログインID' }).fill('demo01');
    await page.getByLabel('パスワード', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'ログイン' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
  });

  test('ログイン後にブラウザの戻るでコールバックに戻っても、エラーにならずトップに留まること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.goBack();
    await expect(page).not.toHaveURL(/error|invalid/i);
    await page.waitForLoadState('load');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('ログアウトするとセッションが終わり、トップを開くと再びログインを求められること', async ({ page }) => {
    await signIn(page, 'demo01');
    await page.getByRole('button', { name: 'ログアウト' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/Top');
    await expect(page.getByRole('textbox', { name: 'ログインID' })).toBeVisible();
  });
});
