/**
 * Typed URLs to the flows' inner pages while no flow is there (spec section 4 page guard,
 * docs/flows/anshin-data-box.md, docs/flows/basket-live.md): E9998 with an internal origin,
 * /Top from a brand-new tab. Every service's inner pages, read from the page table.
 * Customer: demo11 (no data storage or basket live contract; nothing is changed).
 */
import { livePages } from '../../machines/page-table';
import { expectAccessible } from '../support/axe';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

/** Every live page of a flow that is not an entry page (machines/page-table.ts). */
const innerPages = livePages.filter((page) => page.flow !== undefined && !page.entry).map((page) => page.path);

/**
 * The loops below open every inner page (38 today, 1.3-2.1 s each in a new tab on a 2-core
 * machine): the suite's 60 s test timeout fits a page, not the page table. A safety net that
 * grows with the table; not a speed target.
 */
const perPageTimeout = (pages: number) => 30_000 + pages * 5_000;

test('ページ表のフローの途中ページは、データボックスとバスケットLIVEの両方を含むこと', () => {
  expect(innerPages).toContain('/AnshinDataBox/Resume/Completed');
  expect(innerPages).toContain('/BasketLive/Apply');
  expect(innerPages).toContain('/BasketLive/Cancel/Completed');
});

/**
 * Records, in each document, every path at which the page's body (under the layout's header and
 * heading) held anything: a refused page must never show its body, not even for a moment
 * (issue 8: no page flashes content it must not show; ADR 0088).
 */
async function recordBodyShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shownAt: string[] = [];
    Object.assign(window, { bodyShownAt: shownAt });
    new MutationObserver(() => {
      const body = document.querySelector('.page-body__content');
      if (body !== null && body.childElementCount > 0 && !shownAt.includes(location.pathname)) shownAt.push(location.pathname);
    }).observe(document, { subtree: true, childList: true });
  });
}

test('ポータル内から手続きの途中ページのURLを直接開くと、どのページも本文を一度も見せずにE9998のエラーページになること', async ({ page }) => {
  test.setTimeout(perPageTimeout(innerPages.length));
  await signIn(page, 'demo11');
  await recordBodyShown(page);
  for (const [index, path] of innerPages.entries()) {
    await page.goto(path);
    await expect(page.getByText('エラーコード：E9998'), path).toBeVisible();
    expect(await page.evaluate(() => (window as { bodyShownAt?: string[] }).bodyShownAt), path).toEqual(['/Error']);
    await expect(page.getByText('不正なアクセス、または現在の状態では受け付けられない操作です。')).toBeVisible();
    if (index === 0) await expectAccessible(page);
    // Back to a page of the portal, so the next typed URL again has an internal origin.
    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/Top$/);
    // The recorder sees a body where there is one: the page the customer may see.
    await expect.poll(() => page.evaluate(() => (window as { bodyShownAt?: string[] }).bodyShownAt)).toEqual(['/Error', '/Top']);
  }
});

test('新しいタブ（参照元なし）で手続きの途中ページのURLを開くと、どのページもトップへ転送されること', async ({ page, context }) => {
  test.setTimeout(perPageTimeout(innerPages.length));
  await signIn(page, 'demo11');
  for (const path of innerPages) {
    const tab = await context.newPage();
    await tab.goto(path);
    await expect(tab, path).toHaveURL(/\/Top$/);
    await expect(tab.getByRole('heading', { level: 1, name: 'トップ' })).toBeVisible();
    await tab.close();
  }
});
