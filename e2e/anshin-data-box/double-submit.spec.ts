/**
 * Double submission (docs/flows/anshin-data-box.md 共通事項「二重送信」): double-clicking the
 * final buttons makes exactly one registration. Customer: demo07 (no data storage contract;
 * applies once, with the coupon ANSHIN2026 so the coupon history counts the registrations).
 */
import { authInfo, consentAndContinue, contactOf, dataStorageContracts, expectPage, Heading, outboxMessages, startApply } from '../support/anshin';
import { signIn } from '../support/sign-in';
import { expect, test } from '../support/traced-test';

test('最後の送信ボタン「認証して申し込む」をダブルクリックしても、契約と申込履歴はそれぞれ1件だけであること（demo07）', async ({ page, request }) => {
  const registrations: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/customer\/\d+\/service$/.test(new URL(req.url()).pathname)) registrations.push(req.headers()['x-request-key'] ?? '');
  });
  await signIn(page, 'demo07');
  await startApply(page);
  await page.getByRole('textbox', { name: 'クーポンコード' }).fill('ANSHIN2026');
  await page.getByRole('button', { name: 'クーポンを適用する' }).click();
  await expect(page.getByText('クーポン「あんしんデータボックス初月無料クーポン」を適用します。')).toBeVisible();
  await consentAndContinue(page);
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();

  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await otp.getByRole('radio', { name: /SMSで受け取る/ }).check();
  const { phoneNumber } = contactOf('demo07');
  const before = new Set((await outboxMessages(request, phoneNumber)).map((m) => m.messageId));
  await otp.getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(otp.getByRole('textbox', { name: '確認コード' })).toBeEnabled();
  let code = '';
  await expect
    .poll(async () => {
      const fresh = (await outboxMessages(request, phoneNumber)).filter((m) => !before.has(m.messageId));
      code = /(?<!\d)(\d{6})(?!\d)/.exec(fresh[0]?.body ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await otp.getByRole('textbox', { name: '確認コード' }).fill(code);
  await otp.getByRole('button', { name: '認証して申し込む' }).dblclick();
  await expectPage(page, '/AnshinDataBox/Apply/Completed', Heading.applyCompleted);

  const contracts = await dataStorageContracts(page);
  expect(contracts).toHaveLength(1);
  expect(contracts[0]?.status).toBe('active');
  const { sbSystemId, headers } = await authInfo(page);
  const history = await page.request.get(`/api/customer/${sbSystemId}/coupon/result/history`, { headers });
  expect(history.ok()).toBeTruthy();
  const { coupons } = (await history.json()) as { coupons: { couponCd: string }[] };
  expect(coupons.filter((c) => c.couponCd === 'ANSHIN2026')).toHaveLength(1);
  // Every registration the browser sent carried the same request key (the server keeps one).
  expect(registrations.length).toBeGreaterThanOrEqual(1);
  expect(new Set(registrations).size).toBe(1);
});
