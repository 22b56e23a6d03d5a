/**
 * Cancelling the in-store support service as demo16 (plan 239 since 2026/07/01;
 * docs/flows/sumahosetup-support.md): at month end, on the reckoning date (the last day of the
 * current benefit period), each reservation withdrawn again from the contract page, then now;
 * each action leaves exactly the contract state the server reports. Reload and Back on the
 * cancel pages; the completed page refuses Back.
 */
import { expectAccessible } from '../support/axe';
import { expectBackSuppressed } from '../support/anshin';
import { monthEndKeepsNextGrant } from '../../src/pages/in-store-support/in-store-copy';
import { formatDate } from '../../src/pages/service-flow/service-copy';
import { benefitToday, contractsOf, expectSss, inStoreSupportCard, openCancelConfirm, openContract, Sss, withdrawReservation } from '../support/in-store-support';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('月末・精算日で解約予約して取り消し、最後に今すぐ解約できること（demo16）', async ({ page }) => {
  await signIn(page, 'demo16');
  const benefit = await benefitToday(page, '2026/07/01');
  const next = benefit.next;
  if (next === null) throw new Error('an active contract always heads for a grant');
  const grant = `${formatDate(next.grantedOn)}に付与予定の継続利用特典（${next.points.toLocaleString('ja-JP')}ポイント）`;
  await openContract(page);
  await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText('スタンダード')).toBeVisible();

  // At month end: the Inform and Confirm pages survive a reload; Back on Confirm is the flow's Back.
  await page.getByRole('link', { name: '解約', exact: true }).click();
  await expectSss(page, 'SSS0005');
  await expect(page.getByText(/精算日（継続利用特典の算定期間の最終日）での解約予約なら/)).toBeVisible();
  await expectAccessible(page);
  await page.reload();
  await expectSss(page, 'SSS0005');
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectSss(page, 'SSS0006');
  await page.reload();
  await expectSss(page, 'SSS0006');
  await page.goBack();
  await expectSss(page, 'SSS0005');
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectSss(page, 'SSS0006');
  await expect(page.getByRole('radio', { name: /月末に解約する（解約予約）/ })).toBeChecked();
  // What the customer loses is said beside each way: the next grant, unless the reckoning date.
  await expect(page.getByRole('radio', { name: new RegExp(`今すぐ解約する.*${grant}は受け取れません`) })).toBeVisible();
  await expect(
    page.getByRole('radio', { name: new RegExp(`月末に解約する.*${grant}${monthEndKeepsNextGrant(benefit) ? 'も受け取れます' : 'は受け取れません'}`) }),
  ).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(`精算日に解約する.*精算日は${formatDate(next.periodEndsOn)}です。${grant}を受け取れます`) })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '使い方がわかりにくい' })).toHaveCount(0);
  await page.getByRole('checkbox', { name: '機種変更・データ移行が終わった' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectSss(page, 'SSS0007');
  await expect(page.getByText('スマホ設定サポート定額の解約予約を受け付けました。')).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, Sss.SSS0007.path, Sss.SSS0007.heading);
  await page.reload();
  await expectSss(page, 'SSS0007');
  let [contract] = await contractsOf(page);
  expect(contract?.status).toBe('withdrawal_reserved');
  expect(contract?.withdrawalAt).not.toBeNull();

  await withdrawReservation(page);

  // On the reckoning date.
  await openCancelConfirm(page, '解約');
  await page.getByRole('radio', { name: /精算日に解約する/ }).check();
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectSss(page, 'SSS0007');
  await expect(page.getByText(`${formatDate(next.periodEndsOn)}まで、これまでどおりご利用いただけます。`)).toBeVisible();
  await expect(page.getByText('精算日までの期間の継続利用特典は、翌日に付与します。')).toBeVisible();
  [contract] = await contractsOf(page);
  expect(contract?.status).toBe('withdrawal_reserved');
  // The end of the reckoning date in Japan time.
  expect(contract?.withdrawalAt).toBe(new Date(`${next.periodEndsOn.replaceAll('/', '-')}T23:59:59+09:00`).toISOString());
  // The reserved contract keeps the grant it waits for.
  expect(contract?.continuedUseBenefit?.next?.periodEndsOn).toBe(next.periodEndsOn);

  await withdrawReservation(page);

  // Now.
  await openCancelConfirm(page, '解約');
  await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectSss(page, 'SSS0007');
  await expect(page.getByText('スマホ設定サポート定額を解約しました。')).toBeVisible();
  [contract] = await contractsOf(page);
  expect(contract?.status).toBe('withdrawn');
  expect(contract?.continuedUseBenefit?.next).toBeNull();

  // Top shows no procedure for it any more; its contract page says there is none.
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await expect(inStoreSupportCard(page).getByText('解約済み')).toBeVisible();
  await expect(inStoreSupportCard(page).getByRole('link', { name: '解約する' })).toHaveCount(0);
  await page.goto(Sss.SSS0001.path);
  await expectSss(page, 'SSS0001');
  await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText('解約済み')).toBeVisible();
  await expect(page.getByRole('link', { name: '解約', exact: true })).toHaveCount(0);
  // The visits stay readable after the end of the contract.
  await page.getByRole('button', { name: 'サポートのご利用履歴を見る' }).click();
  await expectSss(page, 'SSS0002');
  await expect(page.getByText('全2件中 2件を表示しています（新しい順）。')).toBeVisible();
});
