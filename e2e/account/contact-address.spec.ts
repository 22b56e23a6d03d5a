/**
 * The account menu's phone, mail address and address changes as demo19 (docs/flows/account-menu.md
 * section 2, ADR 0081): Confirm/UserInfo -> Update/Phone | Update/Email | Update/Address -> back on
 * Confirm/UserInfo with the change announced and read afresh from the server. Full-width input,
 * the one-time password read from the sandbox outbox at the NEW contact, the postal lookup with
 * real codes, reload and Back on each page and step, typed URLs refused (E9998), axe throughout.
 */
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/axe';
import { completeOtpTo, expectBackSuppressed, expectPage, reloadUnstoredStep } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

const Menu = ['/AccountMenu', 'アカウント管理'] as const;
const UserInfo = ['/AccountMenu/Confirm/UserInfo', 'お客さま情報の確認'] as const;
const Phone = ['/AccountMenu/Update/Phone', '電話番号の変更'] as const;
const Email = ['/AccountMenu/Update/Email', 'メールアドレスの変更'] as const;
const Address = ['/AccountMenu/Update/Address', 'ご住所の変更'] as const;

/** From Top through the app's own links, so the browser's Back stays inside the app (a typed URL is a new document). */
async function openUserInfo(page: Page): Promise<void> {
  await page.getByRole('link', { name: /アカウント管理/ }).click();
  await expectPage(page, ...Menu);
  await page.getByRole('button', { name: /お客さま情報/ }).click();
  await expectPage(page, ...UserInfo);
}

/** A change page as it opens: accessible, browser Back suppressed (W9999), and a reload keeps it. */
async function expectSteadyChangePage(page: Page, target: readonly [string, string]): Promise<void> {
  await expectPage(page, ...target);
  await expectAccessible(page);
  await expectBackSuppressed(page, ...target);
  await page.reload();
  await expectPage(page, ...target);
}

const info = (page: Page) => page.getByRole('region', { name: 'ご登録の情報' });
const otpStep = (page: Page) => page.getByRole('region', { name: 'ご本人さまの確認' });

test('電話番号を全角数字と長音記号で入力すると3-4-4で表示され、新しい番号へのSMSの確認コードで変更できること（demo19）', async ({ page, request }) => {
  await signIn(page, 'demo19');
  await openUserInfo(page);
  await expect(info(page).getByText('090-1234-0019（確認済み）')).toBeVisible();

  await page.getByRole('button', { name: '電話番号を変更する' }).click();
  await expectSteadyChangePage(page, Phone);
  await expect(page.getByText('現在の連絡先電話番号：090-1234-0019（確認済み）')).toBeVisible();

  const field = page.getByRole('textbox', { name: /^新しい携帯電話番号/ });
  const next = page.getByRole('button', { name: '確認コードの送信へ進む' });
  await field.fill('０８０１２３４');
  await next.click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/携帯電話番号は11桁で入力してください。/);
  await page.screenshot({ path: 'reports/e2e/account-update-phone.png', fullPage: true });
  await expectAccessible(page);
  // The confirmed number on file needs no code: said beside the field, not on the error page.
  await field.fill('090-1234-0019');
  await next.click();
  await expect(field).toHaveAccessibleDescription(/ご登録の連絡先電話番号と同じです。/);

  await field.fill('０８０ー５５５５ー００１９');
  await field.blur();
  await expect(field).toHaveValue('080-5555-0019');
  await next.click();
  await expectPage(page, ...Phone);
  await expect(page.getByText('080-5555-0019 にSMSで6桁の確認コードをお送りします。', { exact: false })).toBeVisible();
  await expect(otpStep(page).getByRole('radio', { name: /SMSで受け取る/ })).toBeChecked();
  await page.screenshot({ path: 'reports/e2e/account-update-phone-otp.png', fullPage: true });
  await expectAccessible(page);
  await expectBackSuppressed(page, ...Phone);

  // Back to the number from the code step: the number entered is kept.
  await otpStep(page).getByRole('button', { name: '電話番号の入力に戻る' }).click();
  await expectPage(page, ...Phone);
  await expect(field).toHaveValue('080-5555-0019');
  await next.click();
  // The SMS gateway refuses the message: W0013 (ADR 0066) on the code step, then send again.
  await page.route('**/otp/send', (route) => route.fulfill({ status: 200, json: { result: 'NG', ngMessage: 'W0013' } }));
  await otpStep(page).getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(otpStep(page).getByRole('alert')).toContainText('確認コードをSMSで送信できませんでした。');
  await expectPage(page, ...Phone);
  await page.unroute('**/otp/send');
  await completeOtpTo(page, request, '08055550019', '認証して変更する');

  await expectPage(page, ...UserInfo);
  await expect(page.getByRole('status').getByText('電話番号を変更しました。')).toBeVisible();
  await expect(info(page).getByText('080-5555-0019（確認済み）')).toBeVisible();
  await expectAccessible(page);
  // The server keeps it: a fresh load shows it.
  await page.reload();
  await expectPage(page, ...UserInfo);
  await expect(info(page).getByText('080-5555-0019（確認済み）')).toBeVisible();

  await page.goto(Phone[0]);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
});

test('確認コードの手前で再読み込みすると、コードを保存しないためE9998になり、アカウント管理のメニューから始め直せること（demo19）', async ({ page }) => {
  await signIn(page, 'demo19');
  await openUserInfo(page);
  await page.getByRole('button', { name: 'メールアドレスを変更する' }).click();
  await expectPage(page, ...Email);
  await page.getByRole('textbox', { name: /^新しいメールアドレス/ }).fill('misaki.reload@example.jp');
  await page.getByRole('button', { name: '確認コードの送信へ進む' }).click();
  await expect(otpStep(page)).toBeVisible();
  await reloadUnstoredStep(page, ...Menu);
  await page.getByRole('button', { name: /お客さま情報/ }).click();
  await expectPage(page, ...UserInfo);
  await expect(info(page).getByText('misaki.nakamura@example.jp（未確認）')).toBeVisible();
});

test('新しいメールアドレスに送った確認コードで変更すると確認済みになり、送信できなかったときはW0012がその場に出ること（demo19）', async ({ page, request }) => {
  await signIn(page, 'demo19');
  await openUserInfo(page);
  await expect(info(page).getByText('misaki.nakamura@example.jp（未確認）')).toBeVisible();
  await page.getByRole('button', { name: 'メールアドレスを変更する' }).click();
  await expectSteadyChangePage(page, Email);
  await expect(page.getByText('現在のメールアドレス：misaki.nakamura@example.jp（未確認）')).toBeVisible();

  const field = page.getByRole('textbox', { name: /^新しいメールアドレス/ });
  const next = page.getByRole('button', { name: '確認コードの送信へ進む' });
  await field.fill('misaki@');
  await next.click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAccessibleDescription(/メールアドレスの形式が正しくありません。/);
  await field.fill('misaki@example.invalid');
  await next.click();
  await expect(field).toHaveAccessibleDescription(/このメールアドレスはご利用いただけません。/);
  await expectAccessible(page);

  // Full-width letters and ＠ are taken as typed and shown half-width.
  await field.fill('ｍｉｓａｋｉ．ｎ＠ｅｘａｍｐｌｅ．ｊｐ');
  await field.blur();
  await expect(field).toHaveValue('misaki.n@example.jp');
  await next.click();
  await expect(otpStep(page)).toBeVisible();
  await expectAccessible(page);
  await expectBackSuppressed(page, ...Email);
  await expect(otpStep(page)).toBeVisible();

  // The mail gateway refuses the message: W0012 on the code step, nothing changed, send again.
  await page.route('**/otp/send', (route) => route.fulfill({ status: 200, json: { result: 'NG', ngMessage: 'W0012' } }));
  await otpStep(page).getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(otpStep(page).getByRole('alert')).toContainText('確認コードをメールで送信できませんでした。');
  await expect(otpStep(page).getByRole('alert')).toContainText('W0012');
  await page.screenshot({ path: 'reports/e2e/account-update-email-w0012.png', fullPage: true });
  await expectPage(page, ...Email);
  await expectAccessible(page);
  await page.unroute('**/otp/send');

  await completeOtpTo(page, request, 'misaki.n@example.jp', '認証して変更する');
  await expectPage(page, ...UserInfo);
  await expect(page.getByRole('status').getByText('メールアドレスを変更しました。')).toBeVisible();
  await expect(info(page).getByText('misaki.n@example.jp（確認済み）')).toBeVisible();
  await page.reload();
  await expectPage(page, ...UserInfo);
  await expect(info(page).getByText('misaki.n@example.jp（確認済み）')).toBeVisible();

  await page.goto(Email[0]);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
});

test('郵便番号から住所を検索し（該当なし・複数の候補）、番地と建物名を分けてご住所を変更できること（demo19）', async ({ page }) => {
  await signIn(page, 'demo19');
  await openUserInfo(page);
  await expect(info(page).getByText('〒980-0811')).toBeVisible();
  await page.getByRole('button', { name: 'ご住所を変更する' }).click();
  await expectSteadyChangePage(page, Address);

  const postalCode = page.getByRole('textbox', { name: /^郵便番号/ });
  const address = page.getByRole('textbox', { name: /^ご住所/ });
  const building = page.getByRole('textbox', { name: /^建物名・部屋番号/ });
  const search = page.getByRole('button', { name: '住所を検索' });
  await expect(postalCode).toHaveValue('980-0811');
  await expect(address).toHaveValue('宮城県仙台市青葉区一番町1-1-1');

  // A code no town has: said beside the postal code.
  await postalCode.fill('０００－００００');
  await search.click();
  await expect(postalCode).toHaveAccessibleDescription(/この郵便番号に該当する住所が見つかりませんでした。/);
  await expect(postalCode).toBeFocused();
  await expectAccessible(page);

  // The server keeps only an address under the code's prefecture and city: its refusal beside the address.
  await postalCode.fill('9800811');
  await address.fill('東京都千代田区千代田1-1');
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  await expectPage(page, ...Address);
  await expect(address).toHaveAccessibleDescription(/郵便番号と住所が一致しません。/);
  await expectAccessible(page);

  // Two towns share 981-2123: the customer chooses one, the town fills the address, the block number follows.
  await postalCode.fill('９８１ー２１２３');
  await search.click();
  await expect(postalCode).toHaveValue('981-2123');
  const candidates = page.getByRole('group', { name: /該当する住所/ });
  await expect(candidates.getByRole('radio')).toHaveCount(2);
  await expectAccessible(page);
  // Choosing fills the address and closes the list (the radio never stays checked), so a click rather than check().
  await candidates.getByRole('radio', { name: '宮城県伊具郡丸森町柳田' }).click();
  await expect(candidates).toBeHidden();
  await expect(address).toHaveValue('宮城県伊具郡丸森町柳田');
  await expect(address).toBeFocused();
  await expect(address).not.toHaveAccessibleDescription(/郵便番号と住所が一致しません。/);
  await address.press('End');
  await address.pressSequentially('１２３');
  await building.fill('');
  await page.screenshot({ path: 'reports/e2e/account-update-address.png', fullPage: true });
  await page.getByRole('button', { name: '変更する', exact: true }).click();

  await expectPage(page, ...UserInfo);
  await expect(page.getByRole('status').getByText('ご住所を変更しました。')).toBeVisible();
  await page.reload();
  await expectPage(page, ...UserInfo);
  await expect(info(page).getByText('〒981-2123')).toBeVisible();
  await expect(info(page).getByText('宮城県伊具郡丸森町柳田123')).toBeVisible();
  await expect(info(page).getByText('ポータルハイツ203')).toHaveCount(0);
  await expectAccessible(page);

  // A single town fills at once; going back changes nothing.
  await page.getByRole('button', { name: 'ご住所を変更する' }).click();
  await expectPage(page, ...Address);
  await postalCode.fill('980-0021');
  await search.click();
  await expect(address).toHaveValue('宮城県仙台市青葉区中央');
  await page.getByRole('button', { name: '変更せずに戻る' }).click();
  await expectPage(page, ...UserInfo);
  await expect(info(page).getByText('〒981-2123')).toBeVisible();

  await page.goto(Address[0]);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
});
