/**
 * Invoices (/Invoice, /Invoice/Services, /Invoice/Downloads; docs/flows/invoice.md) as demo17
 * reaches them from the billing history: a month, its invoices, one invoice; its PDF opened and
 * downloaded, read back with pdf.js: it names the month, the customer and the same total and tax
 * as the billing page. Reload, Back and Forward on each page, axe on each; typed URLs of the inner
 * pages; a link from outside that names the invoice; a 3G line.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { inJapan } from '../../contracts/text/japan-time';
import { expectAccessible } from '../support/axe';
import { completeProviderSignIn, signIn } from '../support/sign-in';
import { test } from '../support/traced-test';
import { expectUrlFollowsMachine } from '../support/url-follows-machine';

const Pages = {
  months: ['/Invoice', '請求書'],
  services: ['/Invoice/Services', 'サービス別の請求書'],
  downloads: ['/Invoice/Downloads', '請求書のダウンロード'],
} as const;

async function expectInvoicePage(page: Page, which: keyof typeof Pages) {
  const [path, heading] = Pages[which];
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expectUrlFollowsMachine(page);
}

/** The month still open today (the server's business date is the clock's day in Japan here): it has no invoice yet. */
const openMonth = (() => {
  const { year, month } = inJapan(new Date());
  return { label: `${year}年${month}月ご利用分`, contents: `${year}${String(month).padStart(2, '0')}` };
})();

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

test('ご利用料金の履歴から月と請求書を選び、PDFを開いてダウンロードでき、金額が明細と同じであること（demo17）', async ({ page }) => {
  await signIn(page, 'demo17');
  await page.goto('/OptionServices/BillingHistory');
  await page.getByRole('link', { name: '請求書を見る・ダウンロードする' }).click();
  await expectInvoicePage(page, 'months');
  await expect(page.getByRole('button', { name: '2026年10月ご利用分' })).toBeVisible();
  // The open month has no invoice yet.
  await expect(page.getByRole('button', { name: openMonth.label })).toBeHidden();
  await expectAccessible(page);
  await page.reload();
  await expectInvoicePage(page, 'months');

  await page.getByRole('button', { name: '2026年2月ご利用分' }).click();
  await expectInvoicePage(page, 'services');
  await expect(page.getByRole('heading', { level: 2, name: '2026年2月ご利用分の請求書' })).toBeVisible();
  const invoices = page.locator('.choice-list').getByRole('button');
  await expect(invoices).toHaveText([/あんしんデータボックス\s*550円/, /バスケットLIVE\s*165円/, /スマホ設定サポート定額\s*550円/, /オプションサービス（まとめて）\s*1,265円/]);
  await expectAccessible(page);
  await page.reload();
  await expectInvoicePage(page, 'services');

  await page.getByRole('button', { name: /バスケットLIVE/ }).click();
  await expectInvoicePage(page, 'downloads');
  const card = page.getByRole('region', { name: '2026年2月ご利用分 バスケットLIVE' });
  await expect(card.getByText('INV-202602-1000000017-CF02')).toBeVisible();
  await expect(card.getByText('10%対象 165円（うち消費税 15円）')).toBeVisible();
  await expectAccessible(page);

  // The PDF the link opens: the browser's own request, with the session cookie only.
  const href = await page.getByRole('link', { name: 'PDFを表示する（新しいタブ）' }).getAttribute('href');
  const opened = await page.request.get(href ?? '');
  expect(opened.status()).toBe(200);
  expect(opened.headers()['content-type']).toBe('application/pdf');
  expect(opened.headers()['content-disposition']).toMatch(/^inline;/);
  const openedText = await pdfText(await opened.body());
  expect(openedText).toContain('適格請求書（バスケットLIVE）');
  expect(openedText).toContain('斎藤 涼子 様');
  expect(openedText).toContain('10%対象 165円（うち消費税 15円）');

  // The download arrives as a file with the Japanese name, and says the same.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'PDFをダウンロードする' }).click()]);
  expect(download.suggestedFilename()).toBe('請求書_2026年2月_バスケットLIVE.pdf');
  const saved = await pdfText(await readFile((await download.path()) ?? ''));
  expect(saved).toContain('2026年2月');
  expect(saved).toContain('INV-202602-1000000017-CF02');
  await expectInvoicePage(page, 'downloads');

  await page.reload();
  await expectInvoicePage(page, 'downloads');
  await expect(card.getByText('INV-202602-1000000017-CF02')).toBeVisible();
  // The flow's own Back, then the browser's Back and Forward.
  await page.getByRole('button', { name: '請求書の選択に戻る' }).click();
  await expectInvoicePage(page, 'services');
  await page.getByRole('button', { name: /オプションサービス（まとめて）/ }).click();
  await expectInvoicePage(page, 'downloads');
  await expect(page.getByText('10%対象 1,265円（うち消費税 115円）')).toBeVisible();
  await page.goBack();
  await expectInvoicePage(page, 'services');
  await page.goForward();
  await expectInvoicePage(page, 'services');
  await page.getByRole('button', { name: 'ご利用月の選択に戻る' }).click();
  await expectInvoicePage(page, 'months');
});

test('請求書の内側の画面のURLを直接開くとE9998で、外部のリンクは指定の請求書を開くこと（demo17）', async ({ page }) => {
  await signIn(page, 'demo17');
  for (const which of ['services', 'downloads'] as const) {
    await page.goto(Pages[which][0]);
    await expect(page.getByText('エラーコード：E9998'), which).toBeVisible();
  }
  await page.goto('/Invoice?contents=202606&cfservice=CF04');
  await expectInvoicePage(page, 'downloads');
  await expect(page.getByText('INV-202606-1000000017-CF04')).toBeVisible();
  // A month without an invoice: the month choice, saying so.
  await page.goto(`/Invoice?contents=${openMonth.contents}&cfservice=CF01`);
  await expectInvoicePage(page, 'months');
  await expect(page.getByText('ご指定の月の請求書はありません。')).toBeVisible();
  // A value that is no month: refused.
  await page.goto('/Invoice?contents=2026-06');
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
});

test('サインインしていないときに請求書へのリンク（サインオン種別8）を開くと、サインオンのあとその請求書が開くこと（demo17）', async ({ page }) => {
  await page.goto('/Invoice?contents=202606&cfservice=CF04');
  // The portal keeps what the link named before it sends the browser to the sign-on provider.
  await completeProviderSignIn(page, 'demo17');
  await expectInvoicePage(page, 'downloads');
  await expect(page.getByRole('region', { name: '2026年6月ご利用分 オプションサービス（まとめて）' })).toBeVisible();
  await expect(page.getByText('10%対象 2,090円（うち消費税 190円）')).toBeVisible();
});

test('3G回線のお客さまには請求書は郵送と伝えること（demo18）', async ({ page }) => {
  await signIn(page, 'demo18');
  await page.goto('/Invoice');
  await expectInvoicePage(page, 'months');
  await expect(page.getByText('3G回線のお客さまの請求書は、郵送でお届けしています。', { exact: false })).toBeVisible();
  await expectAccessible(page);
});
