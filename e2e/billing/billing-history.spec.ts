/**
 * Billing history (/OptionServices/BillingHistory, ADR 0073) as demo17 and demo18 read it: the
 * chart and its table, the months newest first, a month's lines with discounts and tax, a month
 * that was wholly suspended missing, older months on request; reload, Back and Forward, the links
 * from Top; a 3G line's per-service summary. The months checked are closed ones (2026/02 to
 * 2026/10), whose figures do not move with the date the suite runs on. (A customer without bills:
 * test/app/pages/billing-history.test.tsx; every demo customer has a contract by the time this runs.)
 */
import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { signIn } from '../support/sign-in';
import { test } from '../support/traced-test';
import { expectUrlFollowsMachine } from '../support/url-follows-machine';

const Path = '/OptionServices/BillingHistory';

async function expectBillingPage(page: Page) {
  await expect(page).toHaveURL(new RegExp(`${Path}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'ご利用料金の履歴', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '月ごとのご利用料金' })).toBeVisible();
  await expectUrlFollowsMachine(page);
}

const month = (page: Page, label: string) => page.locator('.billing-month').filter({ has: page.locator('summary', { hasText: `${label}ご利用分` }) });

test('1年分のご利用料金を月ごとに見て、明細・割引・消費税を確かめ、さらに前の月も見られること（demo17）', async ({ page }) => {
  await signIn(page, 'demo17');
  await page.getByRole('link', { name: 'ご利用料金の履歴' }).click();
  await expectBillingPage(page);
  await expect(page.getByRole('figure', { name: '直近12か月のご利用料金（税込）' })).toBeVisible();

  // 2026/05 was wholly suspended for data storage: only basket live (330) and in-store support (550).
  const may = month(page, '2026年5月');
  await expect(may.locator('summary')).toContainText('880円');
  const february = month(page, '2026年2月');
  await expect(february.locator('summary')).toContainText('1,265円');
  await expect(february.locator('summary')).toContainText('携帯電話料金とまとめて支払い');
  await february.locator('summary').click();
  const lines = february.getByRole('table', { name: '2026年2月ご利用分の明細' });
  await expect(lines.getByRole('row', { name: /あんしんデータボックス.*550円/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /バスケットLIVE（見逃し配信）.*330円/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: 'バスケットLIVE 3か月半額クーポン −165円' })).toBeVisible();
  await expect(lines.getByRole('row', { name: '合計（税込） 1,265円' })).toBeVisible();
  await expect(lines.getByText('10%対象 1,265円（うち消費税 115円）')).toBeVisible();
  await expectAccessible(page);

  // The card of June is the one the resume brought (7878); the upgrade bills the new plan at once.
  const june = month(page, '2026年6月');
  await expect(june.locator('summary')).toContainText('クレジットカード（下4桁 7878）');
  await june.locator('summary').click();
  await expect(june.getByRole('row', { name: /バスケットLIVE（スタンダード）.*990円/ })).toBeVisible();

  // The chart's figures as a table, the same as the list's.
  await page.getByText('グラフの金額を表で見る').click();
  const figures = page.getByRole('table', { name: '直近12か月のご利用料金（税込）' });
  await expect(figures.getByRole('row', { name: '2026年5月 880円' })).toBeVisible();
  await expect(figures.getByRole('row', { name: '2026年2月 1,265円' })).toBeVisible();

  // Older months arrive on request, down to the first (the free month of data storage, 0 yen).
  await page.getByRole('button', { name: 'さらに前の12か月を見る' }).click();
  await expect(month(page, '2025年9月').locator('summary')).toContainText('0円');
  await month(page, '2025年9月').locator('summary').click();
  await expect(month(page, '2025年9月').getByRole('row', { name: '初月無料 −550円' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'さらに前の12か月を見る' })).toBeHidden();
  await expectAccessible(page);

  await page.reload();
  await expectBillingPage(page);
  await expect(month(page, '2026年2月').locator('summary')).toContainText('1,265円');
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);
  await page.goForward();
  await expectBillingPage(page);
  await page.getByRole('link', { name: 'オプションサービスへ戻る' }).click();
  await expect(page).toHaveURL(/\/OptionServices$/);
  await page.getByRole('link', { name: 'ご利用料金の履歴を見る' }).click();
  await expectBillingPage(page);
});

test('3G回線のお客さまはサービスごとの合計を見て、請求書は郵送と案内されること（demo18）', async ({ page }) => {
  await signIn(page, 'demo18');
  await page.goto(Path);
  await expectBillingPage(page);
  await expect(page.getByText('請求書は郵送でお届けしています。')).toBeVisible();
  const october = month(page, '2026年10月');
  await october.locator('summary').click();
  const services = october.getByRole('table', { name: '2026年10月ご利用分（サービスごとの合計）' });
  await expect(services.getByRole('row', { name: /あんしんデータボックス.*550円/ })).toBeVisible();
  await expect(services.getByText('10%対象 550円（うち消費税 50円）')).toBeVisible();
  await expectAccessible(page);
});
