/**
 * The in-store support contract page, its support history (list, detail, "show more") and its
 * continued-use benefit history, as demo11 reads them (docs/flows/sumahosetup-support.md): the
 * figures are the database's (14 seeded visits; benefits computed from the contract's start,
 * 2025/02/01). Back, Forward and reload on every page; typed URLs of the inner pages; axe on each.
 * At the end demo11 cancels at month end, withdraws it and cancels at once (the reckoning date is
 * in cancel.spec.ts, as demo16).
 */
import { expectAccessible } from '../support/axe';
import { formatPoints, nextGrantLine } from '../../src/pages/in-store-support/in-store-copy';
import { benefitToday, contractsOf, expectSss, openCancelConfirm, openContract, Sss, withdrawReservation } from '../support/in-store-support';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('ブックマークから開いたご契約内容から履歴へ進み、ブラウザの戻るを押すと、ポータルを離れずご契約内容に戻ること（demo11、ADR 0111）', async ({ page }) => {
  await signIn(page, 'demo11');
  // A bookmark opens a new document: the contract page's entry is the tab's first in the portal.
  await page.goto(Sss.SSS0001.path);
  await expectSss(page, 'SSS0001');
  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expectSss(page, 'SSS0002');
  await page.locator('.history-list').getByRole('button').filter({ hasText: '2026年5月9日' }).click();
  await expectSss(page, 'SSS0003');
  // Back is the flow's Back inside the entry the flow made, then back onto the contract page.
  await page.goBack();
  await expectSss(page, 'SSS0002');
  await page.goBack();
  await expectSss(page, 'SSS0001');
  await page.goForward();
  await expectSss(page, 'SSS0001');
  await page.reload();
  await expectSss(page, 'SSS0001');
  await page.getByRole('button', { name: '継続利用特典の履歴を見る' }).click();
  await expectSss(page, 'SSS0004');
  await page.goBack();
  await expectSss(page, 'SSS0001');
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);
});

test('ご契約内容から履歴の一覧・詳細・戻る・別の詳細・もっと見る・特典の履歴をたどり、最後に月末の解約予約・取り消し・今すぐの解約ができること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  await openContract(page);
  const contract = page.getByRole('region', { name: 'ご契約内容' });
  await expect(contract.getByText('ライト')).toBeVisible();
  await expect(contract.getByText('2025年2月1日')).toBeVisible();
  // demo11 started on 2025/02/01: what is granted so far and next follows from today's date.
  const expected = await benefitToday(page, '2025/02/01');
  const benefit = page.getByRole('region', { name: '継続利用特典' });
  await expect(benefit.getByText(formatPoints(expected.totalPoints))).toBeVisible();
  await expect(benefit.getByText(nextGrantLine(expected) ?? '')).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expectSss(page, 'SSS0001');
  await expect(benefit.getByText(formatPoints(expected.totalPoints))).toBeVisible();

  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expectSss(page, 'SSS0002');
  await expect(page.getByText('全14件中 10件を表示しています（新しい順）。')).toBeVisible();
  const visits = page.locator('.history-list').getByRole('button');
  await expect(visits).toHaveCount(10);
  // Newest first: the visit of 2026/10/17 heads the list.
  await expect(visits.first()).toContainText('2026年10月17日');
  await expectAccessible(page);

  await visits.first().click();
  await expectSss(page, 'SSS0003');
  await expect(page.getByRole('heading', { level: 2, name: 'アプリ設定' })).toBeVisible();
  await expect(page.getByText('ポータルショップ野々市')).toBeVisible();
  await expect(page.getByRole('cell', { name: '健康管理アプリの設定' })).toBeVisible();
  await expectAccessible(page);

  // The page's own Back, then another visit: the one with a menu the plan does not cover.
  await page.getByRole('button', { name: 'ご利用履歴の一覧に戻る' }).click();
  await expectSss(page, 'SSS0002');
  await visits.filter({ hasText: '2026年5月9日' }).click();
  await expectSss(page, 'SSS0003');
  await expect(page.getByRole('row', { name: /画面保護フィルム貼り付け 1,100円\(税込\)/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /ワイヤレスイヤホンの接続 定額に含む/ })).toBeVisible();

  // Browser Back from a visit is the flow's Back, to the list. The flow keeps one history entry,
  // so Forward has nowhere to go and the list stays.
  await page.goBack();
  await expectSss(page, 'SSS0002');
  await page.goForward();
  await expectSss(page, 'SSS0002');
  await visits.filter({ hasText: '2026年5月9日' }).click();
  await expectSss(page, 'SSS0003');
  await expect(page.getByText('2026年5月9日 15:50')).toBeVisible();
  await page.reload();
  await expectSss(page, 'SSS0003');
  await expect(page.getByText('2026年5月9日 15:50')).toBeVisible();

  await page.getByRole('button', { name: 'ご利用履歴の一覧に戻る' }).click();
  await page.getByRole('button', { name: 'もっと見る' }).click();
  await expect(page.getByText('全14件中 14件を表示しています（新しい順）。')).toBeVisible();
  await expect(visits).toHaveCount(14);
  await expect(page.getByRole('button', { name: 'もっと見る' })).toBeHidden();
  await visits.last().click();
  await expectSss(page, 'SSS0003');
  await expect(page.getByText('2025年2月1日 11:30')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'データ移行（旧機種から）' })).toBeVisible();
  await page.reload();
  await expectSss(page, 'SSS0003');
  await page.getByRole('button', { name: 'ご利用履歴の一覧に戻る' }).click();
  await expectSss(page, 'SSS0002');
  await page.reload();
  await expectSss(page, 'SSS0002');
  // Browser Back on the list is the flow's Back, to the contract page.
  await page.goBack();
  await expectSss(page, 'SSS0001');

  await page.getByRole('button', { name: '継続利用特典の履歴を見る' }).click();
  await expectSss(page, 'SSS0004');
  const grants = page.getByRole('region', { name: '付与の履歴' });
  await expect(grants.getByRole('row', { name: /2025年8月1日 ご利用6か月の特典 500ポイント/ })).toBeVisible();
  await expect(grants.getByRole('row', { name: /2026年2月1日 ご利用1年の特典 1,000ポイント/ })).toBeVisible();
  await expect(grants.getByRole('row', { name: /2026年8月1日 ご利用1年6か月の特典 500ポイント/ })).toBeVisible();
  await expect(grants.getByRole('row')).toHaveCount(expected.grants.length + 1);
  await expect(page.getByRole('region', { name: 'これまでの特典' }).getByText(formatPoints(expected.totalPoints))).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expectSss(page, 'SSS0004');
  await page.goBack();
  await expectSss(page, 'SSS0001');
  await page.goForward();
  await expectSss(page, 'SSS0001');
  // Back on the contract page, the flow's first page, leaves the flow for Top.
  await page.goBack();
  await expect(page).toHaveURL(/\/Top$/);

  // Having read it all, demo11 reserves the cancel at month end, withdraws it, then cancels at
  // once: one contract throughout, withdrawn at the end, the earned points kept.
  await openContract(page);
  await openCancelConfirm(page, '解約');
  await expect(page.getByRole('radio', { name: /月末に解約する（解約予約）/ })).toBeChecked();
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectSss(page, 'SSS0007');
  expect((await contractsOf(page)).map((contract) => [contract.contractId, contract.status])).toEqual([['SC000000001101', 'withdrawal_reserved']]);
  await withdrawReservation(page);
  await openCancelConfirm(page, '解約');
  await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectSss(page, 'SSS0007');
  await expect(page.getByText('付与済みの継続利用特典のポイントは、解約後もそのままお使いいただけます。')).toBeVisible();
  expect((await contractsOf(page)).map((contract) => [contract.contractId, contract.status])).toEqual([['SC000000001101', 'withdrawn']]);
});

test('履歴の画面のURLを直接開くと、ご契約内容からの遷移ではないのでE9998になること（demo11）', async ({ page }) => {
  await signIn(page, 'demo11');
  for (const id of ['SSS0002', 'SSS0003', 'SSS0004'] as const) {
    await page.goto(Sss[id].path);
    await expect(page.getByText('エラーコード：E9998'), id).toBeVisible();
    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/Top$/);
  }
  // The contract page is an entry page: typed, it opens.
  await page.goto(Sss.SSS0001.path);
  await expectSss(page, 'SSS0001');
});
