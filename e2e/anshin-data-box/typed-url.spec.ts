/**
 * Typed URLs to the flow's inner pages while the flow is not there (spec section 4 page guard,
 * docs/flows/anshin-data-box.md): E9998 with an internal origin, /Top from a brand-new tab.
 * Customer: demo11 (no data storage contract; nothing is changed).
 */
import { expectAccessible } from '../support/axe';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

/** Every page of the four flows that is not an entry page (machines/page-table.ts). */
const innerPages = [
  '/AnshinDataBox/Apply',
  '/AnshinDataBox/Apply/Completed',
  '/AnshinDataBox/Update/Payment',
  '/AnshinDataBox/Update/Confirm',
  '/AnshinDataBox/Update/Completed',
  '/AnshinDataBox/Cancel/Confirm',
  '/AnshinDataBox/Cancel/Completed',
  '/AnshinDataBox/Resume/Completed',
];

test('ポータル内から手続きの途中ページのURLを直接開くと、どのページもE9998のエラーページになること', async ({ page }) => {
  await signIn(page, 'demo11');
  for (const [index, path] of innerPages.entries()) {
    await page.goto(path);
    await expect(page.getByText('エラーコード：E9998'), path).toBeVisible();
    await expect(page.getByText('不正なアクセス、または現在の状態では受け付けられない操作です。')).toBeVisible();
    if (index === 0) await expectAccessible(page);
    // Back to a page of the portal, so the next typed URL again has an internal origin.
    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/Top$/);
  }
});

test('新しいタブ（参照元なし）で手続きの途中ページのURLを開くと、どのページもトップへ転送されること', async ({ page, context }) => {
  await signIn(page, 'demo11');
  for (const path of innerPages) {
    const tab = await context.newPage();
    await tab.goto(path);
    await expect(tab, path).toHaveURL(/\/Top$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    await tab.close();
  }
});
