/**
 * Helpers for the data storage (あんしんデータボックス) journeys: the portal's own headings,
 * the one-time password read from the sandbox outbox, the sandbox card provider's page,
 * the W9999 Back check and the customer's contracts through the API.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { outboxReadKey } from '../../playwright.config';
import { demoCustomerRecords } from '../../server/db/demo-customers';
import { expectUrlFollowsMachine } from './url-follows-machine';

/** The level-1 heading of each data storage page (machines/page-table.ts). */
export const Heading = {
  landing: 'あんしんデータボックス',
  apply: 'あんしんデータボックスのお申し込み',
  applyCompleted: 'あんしんデータボックスのお申し込み完了',
  detail: 'あんしんデータボックスのご契約内容',
  updatePayment: 'お支払い方法の変更',
  updateConfirm: 'お支払い方法の変更内容の確認',
  updateCompleted: 'お支払い方法の変更完了',
  cancelInform: 'あんしんデータボックスの解約について',
  cancelConfirm: 'あんしんデータボックスの解約内容の確認',
  cancelCompleted: 'あんしんデータボックスの解約完了',
  resumeConfirm: 'あんしんデータボックスの利用再開',
  resumeCompleted: 'あんしんデータボックスの利用再開完了',
} as const;

export const BrowserBackMessage = 'ブラウザの「戻る」ボタンはご利用いただけません。';

export const TestCard = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  declined: '4000000000000002',
} as const;

/** The page is the given path with the given level-1 heading. */
export async function expectPage(page: Page, path: string, heading: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
  await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
  await expectUrlFollowsMachine(page);
}

/** The service's card on Top: the section labelled by its heading. */
export function serviceCard(page: Page, name = 'あんしんデータボックス') {
  return page.getByRole('region', { name, exact: true });
}

/**
 * A reload of a step that was never stored (card tokens, a one-time code): the same URL fails its
 * guard with E9998 (spec section 2, 4), and the error page's 「お手続きを最初からやり直す」 opens
 * the flow's start (docs/decisions/0121).
 */
export async function reloadUnstoredStep(page: Page, entryPath: string, entryHeading: string): Promise<void> {
  await page.reload();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText('エラーコード：E9998')).toBeVisible();
  await expect(page.getByText(/画面の再読み込みなどにより、入力いただいた内容を引き継げませんでした。/)).toBeVisible();
  await page.getByRole('link', { name: 'お手続きを最初からやり直す' }).click();
  await expectPage(page, entryPath, entryHeading);
}

/** Browser Back on a page that suppresses it: same URL, the W9999 message, then closes the dialog. */
export async function expectBackSuppressed(page: Page, path: string, heading: string): Promise<void> {
  // Wait until the app has settled on the page (its history entry and the router's blocker).
  await expectPage(page, path, heading);
  await page.goBack();
  const dialog = page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog.getByText(BrowserBackMessage)).toBeVisible();
  await expectPage(page, path, heading);
  await dialog.getByRole('button').first().click();
  await expect(dialog).toBeHidden();
  await expectPage(page, path, heading);
}

type OutboxMessage = { messageId: string; to: string; body: string; subject: string | null; acceptedAt: string };

export async function outboxMessages(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const response = await request.get(`/sandbox/outbox/api/messages?to=${encodeURIComponent(to)}`, { headers: { 'x-outbox-read-key': outboxReadKey } });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** A demo customer's contacts, by login ID (server/db/demo-customers.ts). */
export function contactOf(loginId: string): { mailAddress: string; phoneNumber: string } {
  const customer = demoCustomerRecords.find((record) => record.loginId === loginId);
  if (customer === undefined) throw new Error(`no demo customer ${loginId}`);
  return { mailAddress: customer.mailAddress, phoneNumber: customer.phoneNumber };
}

/**
 * The OTP step inside a confirm page: sends the code to the channel the page offers first,
 * reads it from the sandbox outbox over HTTP and submits it with the page's own button
 * (e.g. 認証して申し込む).
 */
export async function completeOtp(page: Page, request: APIRequestContext, loginId: string, submitLabel: string): Promise<void> {
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await expect(otp).toBeVisible();
  const contact = contactOf(loginId);
  const checked = otp.getByRole('radio', { checked: true });
  await expect(checked).toHaveCount(1);
  const to = (await checked.getAttribute('value')) === 'sms' ? contact.phoneNumber : contact.mailAddress;
  await completeOtpTo(page, request, to, submitLabel);
}

/** The OTP step: sends the code, reads the new one sent to `to` from the sandbox outbox and submits it. */
export async function completeOtpTo(page: Page, request: APIRequestContext, to: string, submitLabel: string): Promise<void> {
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await expect(otp).toBeVisible();
  const before = new Set((await outboxMessages(request, to)).map((message) => message.messageId));
  await otp.getByRole('button', { name: '確認コードを送信する' }).click();
  await expect(otp.getByRole('textbox', { name: '確認コード' })).toBeEnabled();
  let code = '';
  await expect
    .poll(async () => {
      const fresh = (await outboxMessages(request, to)).find((message) => !before.has(message.messageId));
      code = /(?<!\d)(\d{6})(?!\d)/.exec(`${fresh?.subject ?? ''} ${fresh?.body ?? ''}`)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  await otp.getByRole('textbox', { name: '確認コード' }).fill(code);
  await otp.getByRole('button', { name: submitLabel }).click();
}

/** On the sandbox card provider's page: enters a test card and registers it. */
export async function enterCard(page: Page, cardNumber: string): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'クレジットカード情報の入力' })).toBeVisible();
  await page.getByRole('textbox', { name: 'カード番号' }).fill(cardNumber);
  await page.getByRole('textbox', { name: '月' }).fill('12');
  await page.getByRole('textbox', { name: '年' }).fill('30');
  await page.getByLabel('セキュリティコード').fill('123');
  await page.getByRole('textbox', { name: 'カード名義' }).fill('TARO YAMADA');
  await page.getByRole('button', { name: '登録する' }).click();
}

/** The signed-in customer's session: who, and the session-token header other /api calls need. */
export async function authInfo(page: Page): Promise<{ sbSystemId: string; headers: Record<string, string> }> {
  const response = await page.request.get('/api/getAuthInfo');
  expect(response.ok()).toBeTruthy();
  const info = (await response.json()) as { sbSystemId: string; sessionToken: string };
  return { sbSystemId: info.sbSystemId, headers: { 'session-token': info.sessionToken } };
}

export type ContractJson = {
  contractId: string;
  serviceId: string;
  planId: string;
  status: string;
  paymentMethod: { value: string; label: string; cardLast4: string | null };
};

/** GET /api/customer/{id}/contracts with the page's session cookie and token: one service's contracts. */
export async function serviceContracts(page: Page, serviceId: string): Promise<ContractJson[]> {
  const { sbSystemId, headers } = await authInfo(page);
  const response = await page.request.get(`/api/customer/${sbSystemId}/contracts`, { headers });
  expect(response.ok(), await response.text()).toBeTruthy();
  const { contracts } = (await response.json()) as { contracts: ContractJson[] };
  return contracts.filter((contract) => contract.serviceId === serviceId);
}

export function dataStorageContracts(page: Page): Promise<ContractJson[]> {
  return serviceContracts(page, '223');
}

/** From Top: the data storage card's 申し込む, the landing page's 申し込む, to the terms step. */
export async function startApply(page: Page): Promise<void> {
  await serviceCard(page).getByRole('link', { name: '申し込む' }).click();
  await expectPage(page, '/AnshinDataBox', Heading.landing);
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expectPage(page, '/AnshinDataBox/Apply', Heading.apply);
  await expect(page.getByRole('heading', { name: 'ご利用規約', exact: true })).toBeVisible();
}

/** The terms step: consent, then on to the payment choice. */
export async function consentAndContinue(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }).check();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
}

/** From Top: an apply by mobile bill up to its one-time password step; returns that step. */
export async function applyByMobileBillUntilOtp(page: Page) {
  await startApply(page);
  await consentAndContinue(page);
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  return page.getByRole('region', { name: 'ご本人さまの確認' });
}

/** On the payment choice: a new card, through the sandbox provider's page, back to the portal. */
export async function payWithNewCard(page: Page, cardNumber: string, button = 'カード情報の入力へ進む'): Promise<void> {
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: button }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await enterCard(page, cardNumber);
}
