/**
 * Changing the payment method (docs/flows/anshin-data-box.md section 2), end to end.
 * Customers: demo02 (mobile bill → new card 4242), demo03 (card 4242 → new card 5555,
 * then card → mobile bill; serial, the second test starts from the first one's card).
 */
import { expectAccessible } from '../support/axe';
import { completeOtp, dataStorageContracts, enterCard, expectBackSuppressed, expectPage, Heading, serviceCard, TestCard } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

async function openUpdatePayment(page: Page): Promise<void> {
  await serviceCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/AnshinDataBox/Service/Detail', Heading.detail);
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectPage(page, '/AnshinDataBox/Update/Payment', Heading.updatePayment);
}

async function changeToNewCard(page: Page, cardNumber: string): Promise<void> {
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await enterCard(page, cardNumber);
  await expectPage(page, '/AnshinDataBox/Update/Confirm', Heading.updateConfirm);
}

/** 変更する, the one-time password, the completed page (Back suppressed), then the details. */
async function confirmChange(page: Page, request: Parameters<typeof completeOtp>[1], loginId: string, newPayment: RegExp): Promise<void> {
  await expect(page.getByRole('region', { name: '変更内容' }).getByText(newPayment)).toBeVisible();
  await expect(page.getByText(/ご請求分から、新しいお支払い方法でのお支払いとなります。/)).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  // The OTP step has no Back of its own: browser Back on Update/Confirm is refused with W9999,
  // also after the card round trip (the return page's entry is behind the flow's page).
  await expectBackSuppressed(page, '/AnshinDataBox/Update/Confirm', Heading.updateConfirm);
  await completeOtp(page, request, loginId, '認証して変更する');
  await expectPage(page, '/AnshinDataBox/Update/Completed', Heading.updateCompleted);
  await expect(page.getByText('お支払い方法の変更を受け付けました。')).toBeVisible();
  await expect(page.getByText(newPayment).first()).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, '/AnshinDataBox/Update/Completed', Heading.updateCompleted);
  await page.getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectPage(page, '/AnshinDataBox/Service/Detail', Heading.detail);
}

test('携帯電話料金とまとめて支払いから新しいカードに変更でき、ご契約内容に新しいカードが表示されること（demo02）', async ({ page, request }) => {
  await signIn(page, 'demo02');
  await openUpdatePayment(page);
  await expectAccessible(page);
  await changeToNewCard(page, TestCard.visa);
  await confirmChange(page, request, 'demo02', /\*\*\*\* 4242/);
  const contract = page.getByRole('region', { name: 'ご契約内容' });
  await expect(contract.getByText(/\*\*\*\* 4242/)).toBeVisible();
  await expect(contract.getByText('携帯電話料金とまとめて支払い')).toHaveCount(0);
  const contracts = await dataStorageContracts(page);
  expect(contracts.map((c) => [c.status, c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([['active', '02', '4242']]);
});

test.describe.serial('カード払いのお客さまの支払方法の変更（demo03）', () => {
  test('登録済みのカードから新しいカード（5555）に変更でき、ご契約内容に新しいカードが表示されること', async ({ page, request }) => {
    await signIn(page, 'demo03');
    await openUpdatePayment(page);
    await changeToNewCard(page, TestCard.mastercard);
    await confirmChange(page, request, 'demo03', /\*\*\*\* 4444/);
    await expect(page.getByRole('region', { name: 'ご契約内容' }).getByText(/\*\*\*\* 4444/)).toBeVisible();
    const contracts = await dataStorageContracts(page);
    expect(contracts.map((c) => [c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([['02', '4444']]);
  });

  test('カード払いから携帯電話料金とまとめて支払いに変更でき、ご契約内容に反映されること', async ({ page, request }) => {
    await signIn(page, 'demo03');
    await openUpdatePayment(page);
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: '変更内容の確認へ進む' }).click();
    await expectPage(page, '/AnshinDataBox/Update/Confirm', Heading.updateConfirm);
    await confirmChange(page, request, 'demo03', /携帯電話料金とまとめて支払い/);
    const contract = page.getByRole('region', { name: 'ご契約内容' });
    await expect(contract.getByText('携帯電話料金とまとめて支払い')).toBeVisible();
    await expect(contract.getByText(/\*\*\*\*/)).toHaveCount(0);
    const contracts = await dataStorageContracts(page);
    expect(contracts.map((c) => [c.paymentMethod.value, c.paymentMethod.cardLast4])).toEqual([['01', null]]);
  });
});
