/**
 * The server's first view (docs/decisions/0106-first-view-from-the-server.md): the account menu is
 * in its HTML, styled, before any script has run; once the app has taken the page over there is
 * one menu, the app's, with the same markup as the one the server drew, and it can be used.
 */
import type { Page } from '@playwright/test';
import { expectPage } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const menuItems = ['お客さま情報', '連絡先', 'セキュリティ設定', 'ログイン履歴', '受信設定'];

/** Markup as both sides write it, without what only one side has: the not-yet-usable buttons, the footer's version (it comes after the page settles) and React's text separators. */
const comparable = (markup: string) =>
  markup
    .replace(/ disabled=""/g, '')
    .replace(/<p class="site-footer__build">.*?<\/p>/, '')
    .replace(/<!-- -->/g, '');

async function firstViewOf(page: Page, path: string): Promise<string> {
  const html = await (await page.request.get(path)).text();
  const drawn = /<div id="first-view">(.*)<\/div><div id="root" hidden><\/div>/s.exec(html)?.[1];
  expect(drawn, 'the HTML carries a first view').toBeDefined();
  return drawn ?? '';
}

test('アカウント管理は、スクリプトが動く前からメニューが描かれていること（まだ選べない）', async ({ page, browser }) => {
  await signIn(page, 'demo18');
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), viewport: { width: 390, height: 844 } });
  try {
    const before = await withoutScripts.newPage();
    await before.goto('/AccountMenu');
    await expect(before.getByRole('heading', { level: 1, name: 'アカウント管理' })).toBeVisible();
    const buttons = before.getByRole('navigation', { name: 'アカウント管理のメニュー' }).getByRole('button');
    await expect(buttons).toHaveCount(menuItems.length);
    for (const [index, label] of menuItems.entries()) await expect(buttons.nth(index)).toContainText(label);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
    // Styled by the first stylesheet: the items are cards, not bare buttons.
    expect(await buttons.first().evaluate((element) => getComputedStyle(element).borderRadius)).not.toBe('0px');
    await before.screenshot({ path: 'test-results/first-view-before-scripts.png' });
  } finally {
    await withoutScripts.close();
  }
});

test('アプリが引き継いだあとは、サーバーの描いたものと同じメニューが一つだけあり、選べること', async ({ page }) => {
  await signIn(page, 'demo18');
  const drawn = await firstViewOf(page, '/AccountMenu');
  await page.goto('/AccountMenu');
  await expectPage(page, '/AccountMenu', 'アカウント管理');
  const firstItem = page.getByRole('button', { name: /お客さま情報/ });
  await expect(firstItem).toBeEnabled();
  const taken = await page.evaluate(() => ({
    firstView: document.getElementById('first-view') !== null,
    rootHidden: document.getElementById('root')?.hidden,
    menus: document.querySelectorAll('.account-menu').length,
    frame: document.querySelector('#root > .app-frame')?.outerHTML ?? '',
  }));
  expect(taken).toMatchObject({ firstView: false, rootHidden: false, menus: 1 });
  expect(comparable(taken.frame)).toBe(comparable(drawn));
  await page.getByRole('button', { name: /ログイン履歴/ }).click();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
  await page.reload();
  await expectPage(page, '/AccountMenu/LoginHistory', 'ログイン履歴');
});
