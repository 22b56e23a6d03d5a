/**
 * Applying for あんしんデータボックス (docs/flows/anshin-data-box.md section 1), end to end.
 * Customers: demo01 (no contract; applies by mobile bill, then reserves a month-end cancel),
 * demo15 (withdrawn; applies again with a new card, then cancels at once).
 * Each describe is serial: its second test starts from the contract the first one made.
 */
import { CurrentDateSchema } from '../../contracts/api/current-date';
import { expectAccessible } from '../support/axe';
import {
  completeOtp,
  consentAndContinue,
  dataStorageContracts,
  expectBackSuppressed,
  expectPage,
  Heading,
  payWithNewCard,
  serviceCard,
  startApply,
  TestCard,
} from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

/** The price as the flow document and the service catalogue write it (formatTaxIncludedYen). */
const MonthlyPrice = '月額550円(税込)';

test.describe.serial('携帯電話料金とまとめて支払いで申し込み、解約予約する（demo01）', () => {
  test('携帯電話料金とまとめて支払いで申し込むと、確認画面に料金・開始と課金の時期・支払方法・解約方法が表示され、OTPのあと完了し、トップでご利用中になること', async ({ page, request }) => {
    await signIn(page, 'demo01');
    // The device's clock is another day than the server's: every date shown is the business date (ADR 0067).
    await page.clock.setFixedTime(new Date('2031-05-20T12:00:00+09:00'));
    const { businessDate } = CurrentDateSchema.parse(await (await page.request.get('/api/getCurrentDate')).json());
    const [year = 0, month = 0, day = 0] = businessDate.split('/').map(Number);
    const chargeMonth = month === 12 ? `${year + 1}年1月` : `${year}年${month + 1}月`;
    await expect(serviceCard(page).getByText('未加入')).toBeVisible();
    await startApply(page);
    await expectAccessible(page);
    await consentAndContinue(page);
    await expectAccessible(page);
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();

    const summary = page.getByRole('region', { name: 'お申し込み内容' });
    await expect(summary).toBeVisible();
    await expect(summary.getByText(`${MonthlyPrice}（毎月同額。日割りはありません）`)).toBeVisible();
    await expect(summary.getByText(`お申し込み手続きの完了後すぐ（本日 ${year}年${month}月${day}日）からご利用いただけます。`)).toBeVisible();
    await expect(summary.getByText(`お申し込み月は無料です。${chargeMonth}分から月額550円(税込)を、毎月のご利用料金としてお支払いいただきます。`)).toBeVisible();
    await expect(summary.getByRole('definition').filter({ hasText: '携帯電話料金とまとめて支払い' })).toBeVisible();
    const howToCancel = page.getByRole('region', { name: '解約について' });
    await expect(howToCancel.getByText(/「ご契約内容」画面から、いつでも解約のお手続きができます/)).toBeVisible();
    await expect(howToCancel.getByText(/月末での解約予約、または即時解約/)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: '申し込む', exact: true }).click();
    await expectAccessible(page);
    // The OTP step (state otp) has no Back of its own: browser Back is refused with W9999.
    await expectBackSuppressed(page, '/AnshinDataBox/Apply', Heading.apply);
    await completeOtp(page, request, 'demo01', '認証して申し込む');

    await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
    await expect(page.getByText('あんしんデータボックスのお申し込みを受け付けました。')).toBeVisible();
    await expect(page.getByText(/お支払い方法：携帯電話料金とまとめて支払い/)).toBeVisible();
    await expectAccessible(page);
    await expectBackSuppressed(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);

    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(page).toHaveURL(/\/Top$/);
    await expect(serviceCard(page).getByText('ご利用中', { exact: true })).toBeVisible();
    const contracts = await dataStorageContracts(page);
    expect(contracts.map((c) => [c.status, c.paymentMethod.value])).toEqual([['active', '01']]);
  });

  test('利用中のサービスを月末で解約予約でき、完了画面で戻るが抑止されること', async ({ page }) => {
    await signIn(page, 'demo01');
    await serviceCard(page).getByRole('link', { name: '解約する' }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
    await expectAccessible(page);
    await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
    await expect(page.getByRole('radio', { name: /月末に解約する（解約予約）/ })).toBeChecked();
    await page.getByRole('checkbox', { name: 'あまり使っていない' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Completed', Heading.cancelCompleted);
    await expect(page.getByText('あんしんデータボックスの解約予約を受け付けました。')).toBeVisible();
    await expectAccessible(page);
    await expectBackSuppressed(page, '/AnshinDataBox/Cancel/Completed', Heading.cancelCompleted);
    expect((await dataStorageContracts(page)).map((c) => c.status)).toEqual(['withdrawal_reserved']);
  });
});

test.describe.serial('新しいクレジットカードで申し込み、すぐに解約する（demo15）', () => {
  test('解約済みのお客さまが新しいカード（4242）で申し込むと、確認画面に**** 4242が表示され、OTPのあと完了すること', async ({ page, request }) => {
    await signIn(page, 'demo15');
    await startApply(page);
    await consentAndContinue(page);
    await payWithNewCard(page, TestCard.visa);
    await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
    const summary = page.getByRole('region', { name: 'お申し込み内容' });
    await expect(summary.getByText(/\*\*\*\* 4242/)).toBeVisible();
    await expect(summary.getByText(MonthlyPrice, { exact: false }).first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '申し込む', exact: true }).click();
    await completeOtp(page, request, 'demo15', '認証して申し込む');
    await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
    await expect(page.getByText(/お支払い方法：.*\*\*\*\* 4242/)).toBeVisible();
    await page.getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expectPage(page, '/AnshinDataBox/Service/Detail', Heading.detail);
    await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText(/4242/)).toBeVisible();
    await expectAccessible(page);
    const active = (await dataStorageContracts(page)).filter((c) => c.status === 'active');
    expect(active.map((c) => [c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([['02', '4242']]);
  });

  test('利用中のサービスを即時解約できること', async ({ page }) => {
    await signIn(page, 'demo15');
    await serviceCard(page).getByRole('link', { name: '解約する' }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Inform', Heading.cancelInform);
    await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Confirm', Heading.cancelConfirm);
    await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
    await page.getByRole('button', { name: '解約する', exact: true }).click();
    await expectPage(page, '/AnshinDataBox/Cancel/Completed', Heading.cancelCompleted);
    await expect(page.getByText('あんしんデータボックスを解約しました。')).toBeVisible();
    await page.getByRole('link', { name: 'トップへ戻る' }).click();
    await expect(serviceCard(page).getByText('解約済み', { exact: true })).toBeVisible();
    expect((await dataStorageContracts(page)).some((c) => c.status === 'active')).toBe(false);
  });
});
