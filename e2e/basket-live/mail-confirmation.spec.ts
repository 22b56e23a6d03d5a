/**
 * The mail-address confirmation before a basket live application (docs/flows/basket-live.md
 * section 5, ADR 0063): the entry judge refuses only the mail address, the customer confirms an
 * address with a code sent to it, and the application goes on after a fresh judgement.
 * Customers: demo13 (address not confirmed yet), demo14 (address on a refused domain).
 */
import { expectAccessible } from '../support/axe';
import { completeOtp, completeOtpTo, consentAndContinue, expectPage, serviceContracts } from '../support/anshin';
import { BklHeading, openLanding } from '../support/basket-live';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

/** On the landing page: 申し込む, and the judge's answer opens the confirmation over the page. */
async function applyIntoConfirmation(page: Page): Promise<void> {
  await openLanding(page);
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'メールアドレスの確認' })).toBeVisible();
  await expectPage(page, '/BasketLive', BklHeading.landing);
}

test('メールアドレスが未確認のお客さまは、確認コードでアドレスを確かめてからお申し込みに進み、申し込めること（demo13）', async ({ page, request }) => {
  await signIn(page, 'demo13');
  await applyIntoConfirmation(page);
  await expect(page.getByText(/まだ確認されていません/)).toBeVisible();
  await expectAccessible(page);
  // The address on file is offered as it is: the customer confirms it without typing it again.
  const address = page.getByRole('textbox', { name: /確認するメールアドレス/ });
  await expect(address).toHaveValue('yoko.matsumoto@example.jp');
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  await completeOtpTo(page, request, 'yoko.matsumoto@example.jp', '確認してお申し込みへ進む');

  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  await consentAndContinue(page);
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await completeOtp(page, request, 'demo13', '認証して申し込む');
  await expectPage(page, '/BasketLive/Apply/Completed', BklHeading.applyCompleted);
  expect((await serviceContracts(page, '231')).map((c) => [c.status, c.planId])).toEqual([['active', '232']]);
});

test('受け付けられないドメインのアドレスは使えず、別のアドレスを確かめるとお申し込みに進めること（demo14）', async ({ page, request }) => {
  await signIn(page, 'demo14');
  await applyIntoConfirmation(page);
  await expect(page.getByText(/ドメインが受け付けられない/)).toBeVisible();
  const address = page.getByRole('textbox', { name: /確認するメールアドレス/ });
  // The refused address is not offered again (ADR 0063); typed in, it is refused before any code is sent.
  await expect(address).toHaveValue('');
  await address.fill('takuya.inoue@blocked.example.invalid');
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  await expect(page.getByText('このメールアドレスはご利用いただけません。別のメールアドレスを入力してください。')).toBeVisible();
  await expectAccessible(page);
  await address.fill('takuya.inoue@example.jp');
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  await completeOtpTo(page, request, 'takuya.inoue@example.jp', '確認してお申し込みへ進む');
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  await expect(page.getByRole('group', { name: /バスケットLIVEのプラン/ })).toBeVisible();
  // Nothing applied yet: the confirmation changed the address, not the contracts.
  expect(await serviceContracts(page, '231')).toEqual([]);
});
