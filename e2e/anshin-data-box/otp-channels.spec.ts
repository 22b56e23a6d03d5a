/**
 * Where the one-time password can go (docs/decisions/0025-where-otp-is-required.md): the line's
 * number by SMS, and the mail address on file only once it is confirmed. Customer: demo13 (mail
 * address unconfirmed; the data-storage entry judgement ignores that, so the apply goes on).
 */
import { expectAccessible } from '../support/axe';
import { applyByMobileBillUntilOtp, completeOtp, dataStorageContracts, expectPage, Heading } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('メールアドレスが未確認のお客さまには確認コードの送り先としてSMSだけが示され、SMSで申し込みを完了できること（demo13）', async ({ page, request }) => {
  await signIn(page, 'demo13');
  const otp = await applyByMobileBillUntilOtp(page);
  await expect(otp.getByRole('radio', { name: /SMSで受け取る/ })).toBeChecked();
  await expect(otp.getByRole('radio')).toHaveCount(1);
  await expect(otp.getByText(/メールで受け取る/)).toHaveCount(0);
  await expectAccessible(page);
  await completeOtp(page, request, 'demo13', '認証して申し込む');

  await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);
  expect((await dataStorageContracts(page)).map((c) => c.status)).toEqual(['active']);
});

test('確認済みのメールアドレスがあるお客さまには、メールとSMSの両方が示され、メールが先に選ばれていること（demo14）', async ({ page }) => {
  await signIn(page, 'demo14');
  const otp = await applyByMobileBillUntilOtp(page);
  // The address is shown masked, never in full: its first 2 characters, the rest of the local part
  // masked, the domain shown (spec section 5).
  await expect(otp.getByRole('radio', { name: /メールで受け取る/ })).toBeChecked();
  await expect(otp.getByText(`ta${'*'.repeat('kuya.inoue'.length)}@blocked.example.invalid`)).toBeVisible();
  await expect(otp.getByRole('radio', { name: /SMSで受け取る/ })).not.toBeChecked();
  await expect(otp.getByText('takuya.inoue@blocked.example.invalid')).toHaveCount(0);
});
