/**
 * Basket live plan change (docs/flows/basket-live.md section 4, ADR 0062): the quote before the
 * customer commits, upgrade at once and downgrade on the 1st of next month, one record per
 * change; browser Back, reload and typed URLs on both pages; axe on every step.
 * Customers: demo08 (plan 232-2, upgrade), demo09 (plan 232-3, downgrade), demo10 (reload and
 * Back, nothing submitted), demo01 (no basket live contract: E0008).
 */
import { expectAccessible } from '../support/axe';
import { expectBackSuppressed, expectPage, serviceCard, serviceContracts } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

const Heading = { change: 'バスケットLIVEのプラン変更', completed: 'バスケットLIVEのプラン変更完了' } as const;
const ChangePage = '/BasketLive/Plan/Change';
const CompletedPage = '/BasketLive/Plan/Completed';

/** From Top: the basket live card's プランを変更する, to the plan choice. */
async function openPlanChange(page: Page): Promise<void> {
  await serviceCard(page, 'バスケットLIVE').getByRole('link', { name: 'プランを変更する' }).click();
  await expectPage(page, ChangePage, Heading.change);
  await expect(page.getByRole('heading', { name: '現在のプラン' })).toBeVisible();
}

/** The plan choice: a plan by its name, then on to the confirmation with its quote. */
async function chooseAndConfirm(page: Page, planName: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${planName}（`) }).check();
  await page.getByRole('button', { name: '変更内容の確認へ進む' }).click();
  await expect(page.getByRole('heading', { name: '変更内容' })).toBeVisible();
}

/** "2026年11月24日" of the Japan date in the browser's time zone (Asia/Tokyo in playwright.config.ts). */
async function todayInJapan(page: Page): Promise<{ today: string; firstOfNextMonth: string }> {
  return page.evaluate(() => {
    const now = new Date();
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    const label = (d: Date) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
    return { today: label(now), firstOfNextMonth: label(next) };
  });
}

function quoteRow(page: Page, term: string) {
  return page.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

test('アップグレードは確認画面で差額と本日の適用日を示し、変更すると契約のプランが変わること（demo08）', async ({ page }) => {
  await signIn(page, 'demo08');
  const before = await serviceContracts(page, '231');
  await openPlanChange(page);
  await expectAccessible(page);
  await expect(page.getByRole('radio', { name: /^プレミアム（/ })).toHaveCount(0);
  await chooseAndConfirm(page, 'ファミリー');
  const { today } = await todayInJapan(page);
  await expect(quoteRow(page, '現在のプラン')).toHaveText('プレミアム（月額1,650円(税込)）');
  await expect(quoteRow(page, '変更後のプラン')).toHaveText('ファミリー（月額2,200円(税込)）');
  await expect(quoteRow(page, '月額の差額')).toHaveText('+550円（税込）');
  await expect(quoteRow(page, '適用日')).toHaveText(today);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'プランを変更する' }).click();
  await expectPage(page, CompletedPage, Heading.completed);
  await expect(page.getByText('ファミリーに変更しました。')).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, CompletedPage, Heading.completed);

  const after = await serviceContracts(page, '231');
  const live = after.filter((contract) => contract.status !== 'withdrawn');
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({ contractId: before[0]?.contractId, planId: '232-3', status: 'active' });
  expect(live[0]?.paymentMethod).toEqual(before[0]?.paymentMethod);
});

test('ダウングレードは翌月1日から、差額はマイナスで示し、それまで現在のプランのままであること（demo09）', async ({ page }) => {
  await signIn(page, 'demo09');
  await openPlanChange(page);
  await chooseAndConfirm(page, '見逃し配信');
  const { firstOfNextMonth } = await todayInJapan(page);
  await expect(quoteRow(page, '月額の差額')).toHaveText('−1,870円（税込）');
  await expect(quoteRow(page, '適用日')).toHaveText(firstOfNextMonth);
  await page.getByRole('button', { name: 'プランを変更する' }).click();
  await expectPage(page, CompletedPage, Heading.completed);
  await expect(page.getByText('見逃し配信への変更を予約しました。')).toBeVisible();
  await expectAccessible(page);

  const live = (await serviceContracts(page, '231')).filter((contract) => contract.status !== 'withdrawn');
  expect(live).toHaveLength(1);
  expect(live[0]).toMatchObject({ planId: '232-3', status: 'active' });

  // The contract page shows the reservation beside the current plan.
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await serviceCard(page, 'バスケットLIVE').getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/BasketLive/Service/Detail', 'バスケットLIVEのご契約内容');
  const reservation = page.getByRole('region', { name: 'プラン変更のご予約' });
  await expect(reservation).toContainText(`${firstOfNextMonth}から「見逃し配信」に変わります。それまでは「ファミリー」をご利用いただけます。`);
  await expectAccessible(page);

  // The reservation shows on the next visit, and choosing the current plan withdraws it.
  await page.goto('/Top');
  await openPlanChange(page);
  await expect(page.getByText(`${firstOfNextMonth}から見逃し配信（月額330円(税込)）`)).toBeVisible();
  await expect(page.getByRole('radio', { name: /^見逃し配信（/ })).toHaveCount(0);
  await chooseAndConfirm(page, 'ファミリー');
  await expect(quoteRow(page, '月額の差額')).toHaveText('0円（税込）');
  await page.getByRole('button', { name: '変更予約を取り消す' }).click();
  await expectPage(page, CompletedPage, Heading.completed);
  const withdrawn = (await serviceContracts(page, '231')).filter((contract) => contract.status !== 'withdrawn');
  expect(withdrawn[0]).toMatchObject({ planId: '232-3', pendingPlan: null });
});

test('プランの選択と確認の画面で、ブラウザの戻るはW9999でとどまり、再読み込みしても同じ画面に戻ること（demo10）', async ({ page }) => {
  await signIn(page, 'demo10');
  await openPlanChange(page);
  await expectBackSuppressed(page, ChangePage, Heading.change);
  await page.reload();
  await expectPage(page, ChangePage, Heading.change);
  await expect(page.getByRole('heading', { name: '現在のプラン' })).toBeVisible();
  await chooseAndConfirm(page, 'スタンダード');
  await expectBackSuppressed(page, ChangePage, Heading.change);
  // The reloaded document must not show the choice before the confirmation the run stands on (the
  // server's first view draws the choice on a fresh load only, ADR 0106).
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.getElementById('bkl-current-plan') === null) return;
      Object.assign(window, { choiceShown: true });
      observer.disconnect();
    }).observe(document, { subtree: true, childList: true });
  });
  await page.reload();
  await expect(quoteRow(page, '変更後のプラン')).toHaveText('スタンダード（月額990円(税込)）');
  expect(await page.evaluate(() => (window as { choiceShown?: boolean }).choiceShown)).toBeUndefined();
  // The page's own Back returns to the choice, with nothing sent.
  await page.getByRole('button', { name: 'プランの選択に戻る' }).click();
  await expect(page.getByRole('radio', { name: /^スタンダード（/ })).toBeChecked();
  expect((await serviceContracts(page, '231'))[0]).toMatchObject({ planId: '232-4', status: 'active' });
});

test('ご契約のないお客さまがプラン変更を開くとE0008になり、完了画面のURLはE9998になること（demo01）', async ({ page, context }) => {
  await signIn(page, 'demo01');
  await page.goto(ChangePage);
  await expect(page.getByText('エラーコード：E0008')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await expect(page).toHaveURL(/\/Top$/);
  await page.goto(CompletedPage);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
  // An entry page may be opened from outside the portal too: the flow starts and refuses again.
  const tab = await context.newPage();
  await tab.goto(ChangePage);
  await expect(tab.getByText('エラーコード：E0008')).toBeVisible();
  await tab.close();
  expect(await serviceContracts(page, '231')).toEqual([]);
});
