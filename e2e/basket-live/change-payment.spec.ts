/**
 * Changing the payment method of バスケットLIVE (docs/flows/basket-live.md section 2), all three
 * ways, on the service-flow kit; the plan stays as it is. Customers: demo06 (mobile bill, plan
 * 232: to a new card, request type 09), demo07 (card 1111, plan 232-1: to another card, 07,
 * then to the mobile bill, 08).
 */
import { expectAccessible } from '../support/axe';
import { completeOtp, expectBackSuppressed, expectPage, payWithNewCard, serviceContracts, TestCard } from '../support/anshin';
import { basketLiveCard, BklHeading } from '../support/basket-live';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

/** From Top: the contract page, then its payment change, to the choice of the new method. */
async function openPaymentChange(page: Page): Promise<void> {
  await basketLiveCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/BasketLive/Service/Detail', BklHeading.detail);
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectPage(page, '/BasketLive/Update/Payment', BklHeading.updatePayment);
}

/** On the confirmation: the plan that stays, then the change after the one-time password. */
async function confirmChange(page: Page, request: Parameters<typeof completeOtp>[1], loginId: string, plan: string): Promise<void> {
  await expectPage(page, '/BasketLive/Update/Confirm', BklHeading.updateConfirm);
  const change = page.getByRole('region', { name: '変更内容' });
  await expect(change.getByText(`${plan}（変わりません）`)).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, '/BasketLive/Update/Confirm', BklHeading.updateConfirm);
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  await completeOtp(page, request, loginId, '認証して変更する');
  await expectPage(page, '/BasketLive/Update/Completed', BklHeading.updateCompleted);
  await expect(page.getByText('お支払い方法の変更を受け付けました。')).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, '/BasketLive/Update/Completed', BklHeading.updateCompleted);
}

test('携帯電話料金とまとめて支払いから新しいカード（5555）に変更でき、プランはスタンダードのままであること（demo06）', async ({ page, request }) => {
  await signIn(page, 'demo06');
  const before = await serviceContracts(page, '231');
  await openPaymentChange(page);
  // A mobile-bill contract is offered only a card (spec section 4).
  await expect(page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ })).toHaveCount(0);
  await expectAccessible(page);
  await expectBackSuppressed(page, '/BasketLive/Update/Payment', BklHeading.updatePayment);
  await payWithNewCard(page, TestCard.mastercard);
  await confirmChange(page, request, 'demo06', 'スタンダード');
  const after = await serviceContracts(page, '231');
  expect(after.map((c) => [c.contractId, c.status, c.planId, c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([
    [before[0]?.contractId, 'active', '232', '02', '4444'],
  ]);
});

test.describe.serial('カード払いのお客さまの支払方法の変更（demo07）', () => {
  test('登録済みのカードから新しいカード（4242）に変更できること', async ({ page, request }) => {
    await signIn(page, 'demo07');
    await openPaymentChange(page);
    await expect(page.getByRole('region', { name: '現在のお支払い方法' }).getByText(/1111/)).toBeVisible();
    await payWithNewCard(page, TestCard.visa);
    await confirmChange(page, request, 'demo07', 'ライト');
    expect((await serviceContracts(page, '231')).map((c) => [c.planId, c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([
      ['232-1', '02', '4242'],
    ]);
  });

  test('カード払いから携帯電話料金とまとめて支払いに変更できること', async ({ page, request }) => {
    await signIn(page, 'demo07');
    await openPaymentChange(page);
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: '変更内容の確認へ進む' }).click();
    await confirmChange(page, request, 'demo07', 'ライト');
    expect((await serviceContracts(page, '231')).map((c) => [c.planId, c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([
      ['232-1', '01', null],
    ]);
  });
});
