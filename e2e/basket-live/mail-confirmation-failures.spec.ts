/**
 * The mail-address confirmation before a basket live application when the customer changes course
 * or a call fails (docs/flows/basket-live.md section 5, ADR 0063): the confirmation given up
 * (back to the landing page), the code step left for the address, the code resent after the
 * cool-down, and the address's registration failing (the error page). The code's sending and
 * checking are answered by routing, so the server holds no unused code and the address stays
 * unconfirmed: demo13 is left as seeded for mail-confirmation.spec.ts, which sorts after this file.
 */
import { DefaultError } from '../../contracts/error-catalogue';
import { expectPage, serviceContracts } from '../support/anshin';
import { BklHeading, openLanding } from '../support/basket-live';
import { signIn } from '../support/sign-in';
import { expect, test, type Page } from '../support/traced-test';

const isOtpCall = (url: URL) => /^\/api\/customer\/\d+\/otp\/(send|auth)$/.test(url.pathname);
const isMailRegistration = (url: URL) => /^\/api\/customer\/\d+\/mail-addr-portability\/contracts$/.test(url.pathname);

/** On the landing page: 申し込む, and the judge's answer opens the confirmation over the page. */
async function intoConfirmation(page: Page): Promise<void> {
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'メールアドレスの確認' })).toBeVisible();
  await expect(page.getByText(/まだ確認されていません/)).toBeVisible();
  await expectPage(page, '/BasketLive', BklHeading.landing);
}

test('メールアドレスの確認をやめる・確認コードの画面から戻る・再送信する・登録に失敗したとき、案内・アドレス入力・エラー画面に正しく戻り、アドレスは未確認のままであること（demo13）', async ({ page }) => {
  await page.clock.install();
  await signIn(page, 'demo13');
  await openLanding(page);

  // Given up: back on the landing page, nothing applied.
  await intoConfirmation(page);
  await page.getByRole('button', { name: 'お申し込みをやめる' }).click();
  await expect(page.getByRole('heading', { name: 'メールアドレスの確認' })).toBeHidden();
  await expect(page.getByRole('button', { name: '申し込む', exact: true })).toBeVisible();

  // From the code step back to the address.
  await intoConfirmation(page);
  const address = page.getByRole('textbox', { name: /確認するメールアドレス/ });
  await address.fill('yoko.matsumoto@example.jp');
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await otp.getByRole('button', { name: '内容の確認に戻る' }).click();
  await expect(otp).toBeHidden();
  await expect(address).toBeVisible();

  // The code resent after the cool-down; the address's registration fails: the error page.
  await page.route(isOtpCall, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: 'OK', ngMessage: null }) }));
  await page.route(isMailRegistration, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  await otp.getByRole('button', { name: '確認コードを送信する' }).click();
  const resend = otp.getByRole('button', { name: '確認コードを再送信する' });
  await expect(resend).toBeDisabled();
  await page.clock.fastForward(61_000);
  await resend.click();
  await expect(resend).toBeDisabled();
  await otp.getByRole('textbox', { name: '確認コード' }).fill('123456');
  await otp.getByRole('button', { name: '確認してお申し込みへ進む' }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(DefaultError.message)).toBeVisible();
  await page.unrouteAll();

  // Nothing changed: the address is still to be confirmed, nothing applied.
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await openLanding(page);
  await intoConfirmation(page);
  await page.getByRole('button', { name: 'お申し込みをやめる' }).click();
  expect(await serviceContracts(page, '231')).toEqual([]);
});
