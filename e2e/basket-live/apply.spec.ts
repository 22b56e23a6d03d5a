/**
 * Applying for バスケットLIVE (docs/flows/basket-live.md section 1) and cancelling it (section 3),
 * end to end, on the service-flow kit. Customers: demo04 (no basket live; applies for プレミアム
 * by mobile bill with a coupon after two refused ones, reserves a month-end cancel, withdraws
 * the reservation), demo05 (applies for ライト with a new card, then cancels at once).
 * Each describe is serial: its second test starts from the contract the first one made.
 */
import { expectAccessible } from '../support/axe';
import { completeOtp, consentAndContinue, expectBackSuppressed, expectPage, payWithNewCard, serviceContracts, TestCard } from '../support/anshin';
import {
  applyCoupon,
  basketLiveCard,
  BklHeading,
  choosePlan,
  couponHistory,
  openLanding,
  startApplication,
} from '../support/basket-live';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test.describe.serial('プレミアムを携帯電話料金とまとめて支払いとクーポンで申し込み、解約予約して取り消す（demo04）', () => {
  test('5つのプランから選び、他サービスのクーポンと存在しないクーポンは理由を示して受け付けず、有効なクーポンで申し込めること', async ({ page, request }) => {
    await signIn(page, 'demo04');
    await expect(basketLiveCard(page).getByText('未加入')).toBeVisible();
    await openLanding(page);
    const plans = page.getByRole('list', { name: 'プランと月額料金（税込）' });
    await expect(plans.getByRole('listitem')).toHaveCount(5);
    await expect(plans.getByRole('listitem').filter({ hasText: /^プレミアム/ })).toContainText('月額1,650円(税込)');
    await expectAccessible(page);

    await startApplication(page);
    await expect(page.getByRole('radio', { name: /^スタンダード（/ })).toBeChecked();
    await expectAccessible(page);
    await expectBackSuppressed(page, '/BasketLive/Apply', BklHeading.apply);
    await page.reload();
    await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
    await choosePlan(page, 'プレミアム');

    await applyCoupon(page, 'ANSHIN2026');
    await expect(page.getByText('このクーポンは、このサービスではご利用いただけません。')).toBeVisible();
    await applyCoupon(page, 'NOSUCH99');
    await expect(page.getByText('ご入力のクーポンコードは見つかりませんでした。コードをご確認ください。')).toBeVisible();
    await applyCoupon(page, 'basket1m');
    await expect(page.getByText('クーポン「バスケットLIVE 1か月無料クーポン」を適用します。')).toBeVisible();
    await expectAccessible(page);

    await consentAndContinue(page);
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
    const summary = page.getByRole('region', { name: 'お申し込み内容' });
    await expect(summary.getByText(/プレミアム（1契約）/)).toBeVisible();
    await expect(summary.getByText('月額1,650円(税込)（毎月同額。日割りはありません）')).toBeVisible();
    await expect(summary.getByText(/お申し込み月から月額1,650円\(税込\)を、毎月のご利用料金としてお支払いいただきます。/)).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: 'バスケットLIVE 1か月無料クーポン' })).toBeVisible();
    await expect(page.getByRole('region', { name: '解約について' }).getByText(/視聴できなくなります/)).toBeVisible();
    await expectAccessible(page);
    await expectBackSuppressed(page, '/BasketLive/Apply', BklHeading.apply);

    await page.getByRole('button', { name: '申し込む', exact: true }).click();
    await completeOtp(page, request, 'demo04', '認証して申し込む');
    await expectPage(page, '/BasketLive/Apply/Completed', BklHeading.applyCompleted);
    await expect(page.getByText('バスケットLIVEのお申し込みを受け付けました。')).toBeVisible();
    await expect(page.getByText(/「プレミアム」をご利用いただけます。/)).toBeVisible();
    await expectAccessible(page);
    await expectBackSuppressed(page, '/BasketLive/Apply/Completed', BklHeading.applyCompleted);

    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(basketLiveCard(page).getByText('ご利用中', { exact: true })).toBeVisible();
    const contracts = await serviceContracts(page, '231');
    expect(contracts.map((c) => [c.status, c.planId, c.paymentMethod.value])).toEqual([['active', '232-2', '01']]);
    expect((await couponHistory(page)).map((c) => [c.couponCd, c.serviceId])).toEqual([['BASKET1M', '231']]);

    // The incentive: fetched beside the detail page's checks, shown once it arrives (ADR 0091).
    await basketLiveCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
    await expect(page.getByRole('region', { name: '適用中の特典' }).getByText(/^バスケットLIVE 1か月無料クーポン（\d{4}年\d{1,2}月\d{1,2}日まで）$/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: 'test-results/basket-live-detail-incentive.png', fullPage: true });
  });

  test('月末で解約予約し、ご契約内容から解約予約を取り消せること', async ({ page }) => {
    await signIn(page, 'demo04');
    await basketLiveCard(page).getByRole('link', { name: '解約する' }).click();
    await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
    await expect(page.getByText(/プラン変更のご予約がある場合、解約のお手続きで取り消されます。/)).toBeVisible();
    await expect(page.getByRole('region', { name: '現在のご契約' }).getByText('プレミアム')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
    await expectPage(page, '/BasketLive/Cancel/Confirm', BklHeading.cancelConfirm);
    await expect(page.getByRole('radio', { name: /月末に解約する（解約予約）/ })).toBeChecked();
    await page.getByRole('checkbox', { name: '料金が高い' }).check();
    await expect(page.getByRole('checkbox', { name: '機種変更・データ移行が終わった' })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await expectPage(page, '/BasketLive/Cancel/Completed', BklHeading.cancelCompleted);
    await expect(page.getByText('バスケットLIVEの解約予約を受け付けました。')).toBeVisible();
    await expectBackSuppressed(page, '/BasketLive/Cancel/Completed', BklHeading.cancelCompleted);
    expect((await serviceContracts(page, '231')).map((c) => [c.status, c.planId])).toEqual([['withdrawal_reserved', '232-2']]);

    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await basketLiveCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
    await expectAccessible(page);
    await page.getByRole('link', { name: '解約予約の取り消し' }).click();
    await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
    await page.getByRole('button', { name: '解約予約の取り消しへ進む' }).click();
    await expectPage(page, '/BasketLive/Cancel/Confirm', BklHeading.cancelConfirm);
    await page.getByRole('button', { name: '解約予約を取り消す', exact: true }).click();
    await expectPage(page, '/BasketLive/Cancel/Completed', BklHeading.cancelCompleted);
    await expect(page.getByText('解約予約を取り消しました。')).toBeVisible();
    expect((await serviceContracts(page, '231')).map((c) => [c.status, c.planId])).toEqual([['active', '232-2']]);
  });
});

test.describe.serial('ライトを新しいクレジットカードで申し込み、すぐに解約する（demo05）', () => {
  test('新しいカード（4242）で申し込むと、確認画面とご契約内容に**** 4242とライトが表示されること', async ({ page, request }) => {
    await signIn(page, 'demo05');
    await openLanding(page);
    await startApplication(page);
    await choosePlan(page, 'ライト');
    await consentAndContinue(page);
    await payWithNewCard(page, TestCard.visa);
    await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
    const summary = page.getByRole('region', { name: 'お申し込み内容' });
    await expect(summary.getByText(/\*\*\*\* 4242/)).toBeVisible();
    await expect(summary.getByText(/ライト（1契約）/)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '申し込む', exact: true }).click();
    await completeOtp(page, request, 'demo05', '認証して申し込む');
    await expectPage(page, '/BasketLive/Apply/Completed', BklHeading.applyCompleted);
    await page.getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
    const contract = page.getByRole('region', { name: 'ご契約内容' });
    await expect(contract.getByText('ライト')).toBeVisible();
    await expect(contract.getByText('月額550円(税込)')).toBeVisible();
    await expect(contract.getByText(/4242/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'プラン変更' })).toBeVisible();
    await expectAccessible(page);
    const active = (await serviceContracts(page, '231')).filter((c) => c.status === 'active');
    expect(active.map((c) => [c.planId, c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([['232-1', '02', '4242']]);
  });

  test('利用中のサービスを即時解約でき、トップで解約済みになること', async ({ page }) => {
    await signIn(page, 'demo05');
    await basketLiveCard(page).getByRole('link', { name: '解約する' }).click();
    await expectPage(page, '/BasketLive/Cancel/Inform', BklHeading.cancelInform);
    await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
    await expectPage(page, '/BasketLive/Cancel/Confirm', BklHeading.cancelConfirm);
    await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
    await expect(page.getByText(/本日から.*視聴できなくなります/)).toBeVisible();
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await expectPage(page, '/BasketLive/Cancel/Completed', BklHeading.cancelCompleted);
    await expect(page.getByText('バスケットLIVEを解約しました。')).toBeVisible();
    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(basketLiveCard(page).getByText('解約済み', { exact: true })).toBeVisible();
    expect((await serviceContracts(page, '231')).some((c) => c.status === 'active')).toBe(false);
  });
});
