/**
 * The kit's cancel flow when a call fails, walked in the browser for any service (ADR 0068): the
 * failures are made with Playwright's request routing, the server itself is the real one.
 * - the contract cannot be read: the error page with the default message, nothing changed;
 * - the cancel reaches the server but its answer is lost (504, no code): the outcome is unknown,
 *   "もう一度送信する" resends with the same request key, and the server, which did it the first
 *   time, answers that result: one reservation;
 * - the server refuses with E0008: the error page with that message, nothing changed.
 * The customer's month-end reservation is withdrawn at the end, so the customer is as seeded.
 */
import { expect, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { DefaultError, ErrorCatalogue } from '../../contracts/error-catalogue';
import { servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import { findPage } from '../../machines/page-table';
import { completeOtp, enterCard, expectPage, serviceCard, serviceContracts } from './anshin';
import { signIn } from './sign-in';

export const isContractsRead = (url: URL) => /^\/api\/customer\/\d+\/contracts$/.test(url.pathname);
export const isContractUpdate = (url: URL) => /^\/api\/customer\/\d+\/update\/contracts$/.test(url.pathname);

/**
 * Makes the calls `matches` selects fail (503, no code) while `act` runs: the customer lands on
 * /Error with the default message and goes back to Top.
 */
export async function expectReadFailure(page: Page, matches: (url: URL) => boolean, act: () => Promise<void>): Promise<void> {
  await page.route(matches, (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await act();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(DefaultError.message)).toBeVisible();
  await page.unroute(matches);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
}

type KitPage = 'cancelInform' | 'cancelConfirm' | 'cancelCompleted' | 'detail' | 'updatePayment' | 'updateConfirm' | 'updateCompleted';

function pageOf(service: ServiceDefinition, page: KitPage) {
  const entry = findPage(servicePath(service, page));
  if (entry === undefined) throw new Error(`not in the page table: ${page}`);
  return entry;
}

async function expectOn(page: Page, service: ServiceDefinition, which: KitPage) {
  const entry = pageOf(service, which);
  await expectPage(page, entry.path, entry.title);
}

/** The service's contracts as the server reports them: id and state. */
async function contractStates(page: Page, service: ServiceDefinition): Promise<string[][]> {
  return (await serviceContracts(page, service.serviceId)).map((contract) => [contract.contractId, contract.status]);
}

/**
 * Submits an update/contracts with the server's answer lost on the way back (it did the work; the
 * browser sees a 504 without a code), then presses "もう一度送信する": both sends carry the same
 * request key, and the flow ends where `expectCompleted` expects it.
 */
export async function sendWithLostAnswer(page: Page, expectCompleted: () => Promise<void>, submit: () => Promise<void>): Promise<void> {
  const keys: string[] = [];
  const keyOf = (route: Route) => route.request().headers()['x-request-key'] ?? '';
  await page.route(isContractUpdate, async (route: Route) => {
    keys.push(keyOf(route));
    await route.fetch();
    await route.fulfill({ status: 504, contentType: 'text/plain', body: '' });
  });
  await submit();
  await expect(page.getByText('通信が途切れたため、お手続きが完了したか確認できませんでした。')).toBeVisible();
  await page.unroute(isContractUpdate);
  await page.route(isContractUpdate, async (route: Route) => {
    keys.push(keyOf(route));
    await route.continue();
  });
  await page.getByRole('button', { name: 'もう一度送信する' }).click();
  await expectCompleted();
  await page.unroute(isContractUpdate);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
}

/** From Top: the service card's 解約する, Inform, to Confirm (a month-end reservation by default). */
async function toConfirm(page: Page, service: ServiceDefinition): Promise<void> {
  await serviceCard(page, service.name).getByRole('link', { name: '解約する' }).click();
  await expectOn(page, service, 'cancelInform');
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await expectOn(page, service, 'cancelConfirm');
}

export async function walkCancelFailures(page: Page, service: ServiceDefinition, loginId: string): Promise<void> {
  await signIn(page, loginId);
  const before = await contractStates(page, service);

  // The contract cannot be read.
  await expectReadFailure(page, isContractsRead, () => serviceCard(page, service.name).getByRole('link', { name: '解約する' }).click());
  expect(await contractStates(page, service)).toEqual(before);

  // The server refuses (E0008): the error page says why, nothing changed.
  await toConfirm(page, service);
  await page.route(isContractUpdate, (route: Route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorCode: 'E0008' }) }),
  );
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(ErrorCatalogue.E0008.message)).toBeVisible();
  await page.unroute(isContractUpdate);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  expect(await contractStates(page, service)).toEqual(before);

  // The answer is lost on the way back: unknown, then the resend completes it once.
  await toConfirm(page, service);
  await sendWithLostAnswer(page, () => expectOn(page, service, 'cancelCompleted'), () => page.getByRole('button', { name: '解約する', exact: true }).click());
  expect(await contractStates(page, service)).toEqual(before.map(([id, status]) => [id, status === 'active' ? 'withdrawal_reserved' : status]));

  // Back as seeded: the reservation withdrawn from the contract page.
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await serviceCard(page, service.name).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectOn(page, service, 'detail');
  await page.getByRole('link', { name: '解約予約の取り消し' }).click();
  await expectOn(page, service, 'cancelInform');
  await page.getByRole('button', { name: '解約予約の取り消しへ進む' }).click();
  await expectOn(page, service, 'cancelConfirm');
  await page.getByRole('button', { name: '解約予約を取り消す', exact: true }).click();
  await expectOn(page, service, 'cancelCompleted');
  expect(await contractStates(page, service)).toEqual(before);
}

/**
 * The kit's change of payment when the customer steps back or a call fails, for a customer paying
 * by card: the contract cannot be read; Back from the payment choice and from the confirmation;
 * the one-time password abandoned; the server refuses (E0008); the answer lost after the server
 * changed it, then resent with the same key. The customer pays by the mobile bill after that, and
 * is put back on the card `restoreCard` with the card provider, so the customer is as seeded.
 */
export async function walkChangePaymentFailures(
  page: Page,
  request: APIRequestContext,
  service: ServiceDefinition,
  loginId: string,
  restoreCard: string,
): Promise<void> {
  await signIn(page, loginId);
  const payments = async () => (await serviceContracts(page, service.serviceId)).map((contract) => [contract.paymentMethod.value, contract.paymentMethod.cardLast4]);
  const before = await payments();
  expect(before).toEqual([['02', restoreCard.slice(-4)]]);
  const openDetail = async () => {
    await serviceCard(page, service.name).getByRole('link', { name: 'ご契約内容を見る' }).click();
    await expectOn(page, service, 'detail');
  };
  const toConfirm = async () => {
    await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
    await expectOn(page, service, 'updatePayment');
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: '変更内容の確認へ進む' }).click();
    await expectOn(page, service, 'updateConfirm');
  };

  // The contract cannot be read.
  await expectReadFailure(page, isContractsRead, () => serviceCard(page, service.name).getByRole('link', { name: 'ご契約内容を見る' }).click());

  // Back from the choice, and from the confirmation; the one-time password abandoned.
  await openDetail();
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await expectOn(page, service, 'updatePayment');
  await page.getByRole('button', { name: 'ご契約内容に戻る' }).click();
  await expectOn(page, service, 'detail');
  await toConfirm();
  await page.getByRole('button', { name: 'お支払い方法の選択に戻る' }).click();
  await expectOn(page, service, 'updatePayment');
  await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
  await page.getByRole('button', { name: '変更内容の確認へ進む' }).click();
  await expectOn(page, service, 'updateConfirm');
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await otp.getByRole('button', { name: '内容の確認に戻る' }).click();
  await expect(otp).toBeHidden();
  await expectOn(page, service, 'updateConfirm');
  expect(await payments()).toEqual(before);

  // The server refuses.
  await page.route(isContractUpdate, (route: Route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorCode: 'E0008' }) }),
  );
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  await completeOtp(page, request, loginId, '認証して変更する');
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(ErrorCatalogue.E0008.message)).toBeVisible();
  await page.unroute(isContractUpdate);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  expect(await payments()).toEqual(before);

  // The answer is lost after the server changed it: resent with the same key, done once.
  await openDetail();
  await toConfirm();
  await sendWithLostAnswer(page, () => expectOn(page, service, 'updateCompleted'), async () => {
    await page.getByRole('button', { name: '変更する', exact: true }).click();
    await completeOtp(page, request, loginId, '認証して変更する');
  });
  expect(await payments()).toEqual([['01', null]]);

  // Back on the card as seeded.
  await page.getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectOn(page, service, 'detail');
  await page.getByRole('button', { name: 'お支払い方法の変更' }).click();
  await page.getByRole('radio', { name: /新しいクレジットカード/ }).check();
  await page.getByRole('button', { name: 'カード情報の入力へ進む' }).click();
  await expect(page).toHaveURL(/\/sandbox\/card\//);
  await enterCard(page, restoreCard);
  await expectOn(page, service, 'updateConfirm');
  await page.getByRole('button', { name: '変更する', exact: true }).click();
  await completeOtp(page, request, loginId, '認証して変更する');
  await expectOn(page, service, 'updateCompleted');
  expect(await payments()).toEqual(before);
}

const isEntryJudgement = (url: URL) => /^\/api\/customer\/\d+\/entry_judgement$/.test(url.pathname);
const isCouponJudge = (url: URL) => /^\/api\/coupon\/[^/]+\/judge$/.test(url.pathname);
export const isRegistration = (url: URL) => /^\/api\/customer\/\d+\/service$/.test(url.pathname);

/**
 * The kit's application when the customer steps back or a call fails, for a customer without the
 * service: the entry judge unreachable, refusing, then busy once (retried after 250 ms); Back
 * from each step; the coupon judge unreachable and a coupon it does not know; the one-time
 * password abandoned; the registration refused (E0008); the answer lost after the server
 * registered, resent with the same key: one contract. That contract is withdrawn at once at the
 * end, so the customer can apply again, as seeded.
 */
export async function walkApplyFailures(page: Page, request: APIRequestContext, service: ServiceDefinition, loginId: string): Promise<void> {
  await signIn(page, loginId);
  const live = async () => (await serviceContracts(page, service.serviceId)).filter((contract) => contract.status !== 'withdrawn');
  expect(await live()).toEqual([]);
  const landing = findPage(servicePath(service, 'landing'));
  const apply = findPage(servicePath(service, 'apply'));
  if (landing === undefined || apply === undefined) throw new Error('the service has no application pages');
  const openLanding = async () => {
    await serviceCard(page, service.name).getByRole('link', { name: '申し込む' }).click();
    await expectPage(page, landing.path, landing.title);
  };
  const judge = () => page.getByRole('button', { name: '申し込む', exact: true }).click();

  // The judge cannot be reached.
  await openLanding();
  await expectReadFailure(page, isEntryJudgement, judge);

  // The judge says no: the reason, and back to the landing page.
  await openLanding();
  await page.route(isEntryJudgement, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: 'NG', ngList: [{ parameter: 'lineStatus', reason: 'テスト用の理由です。' }] }) }),
  );
  await judge();
  await expect(page.getByRole('heading', { name: '申し訳ありません。現在、お申し込みいただけません。' })).toBeVisible();
  await page.unroute(isEntryJudgement);
  await page.getByRole('button', { name: 'サービスのご案内に戻る' }).click();
  await expectPage(page, landing.path, landing.title);

  // The judge is busy once (an order in progress), then answers: the application goes on.
  let busy = true;
  await page.route(isEntryJudgement, async (route: Route) => {
    if (!busy) return route.continue();
    busy = false;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: 'NG', ngList: [{ parameter: 'orderInProgress', reason: 'order in progress' }] }) });
  });
  await judge();
  await expectPage(page, apply.path, apply.title);
  await page.unroute(isEntryJudgement);
  expect(busy).toBe(false);
  await page.getByRole('button', { name: 'サービスのご案内に戻る' }).click();
  await expectPage(page, landing.path, landing.title);
  await judge();
  await expectPage(page, apply.path, apply.title);

  if (service.coupons) {
    const code = page.getByRole('textbox', { name: /クーポンコード/ });
    await page.route(isCouponJudge, (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await code.fill('ABCD1234');
    await page.getByRole('button', { name: 'クーポンを適用する' }).click();
    await expect(page.getByText('クーポンを確認できませんでした。しばらくしてからもう一度お試しください。')).toBeVisible();
    await page.unroute(isCouponJudge);
    await code.fill('NOSUCHCODE1');
    await page.getByRole('button', { name: 'クーポンを適用する' }).click();
    await expect(page.getByText('クーポンを確認できませんでした。しばらくしてからもう一度お試しください。')).toBeHidden();
    await expect(page.locator('.field__error')).toBeVisible();
  }

  // Terms -> payment -> back -> payment -> confirmation -> back -> confirmation.
  await page.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }).check();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  await expect(page.getByRole('group', { name: /お支払い方法/ })).toBeVisible();
  await page.getByRole('button', { name: 'ご利用規約に戻る' }).click();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  const toConfirmation = async () => {
    await page.getByRole('radio', { name: /携帯電話料金とまとめて支払い/ }).check();
    await page.getByRole('button', { name: 'お申し込み内容の確認へ進む' }).click();
    await expect(page.getByRole('button', { name: '申し込む', exact: true })).toBeVisible();
  };
  await toConfirmation();
  await page.getByRole('button', { name: 'お支払い方法の選択に戻る' }).click();
  await toConfirmation();

  // The one-time password abandoned, then the registration refused.
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  const otp = page.getByRole('region', { name: 'ご本人さまの確認' });
  await otp.getByRole('button', { name: '内容の確認に戻る' }).click();
  await expect(otp).toBeHidden();
  await page.route(isRegistration, (route: Route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ errorCode: 'E0008' }) }),
  );
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await completeOtp(page, request, loginId, '認証して申し込む');
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(ErrorCatalogue.E0008.message)).toBeVisible();
  await page.unroute(isRegistration);
  expect(await live()).toEqual([]);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();

  // The answer lost after the server registered: resent with the same key, one contract.
  await openLanding();
  await judge();
  await page.getByRole('checkbox', { name: /ご利用規約と重要事項の説明を読み、内容に同意します/ }).check();
  await page.getByRole('button', { name: '同意してお支払い方法の選択へ進む' }).click();
  await toConfirmation();
  const keys: string[] = [];
  await page.route(isRegistration, async (route: Route) => {
    keys.push(route.request().headers()['x-request-key'] ?? '');
    if (keys.length > 1) return route.continue();
    await route.fetch();
    return route.fulfill({ status: 504, contentType: 'text/plain', body: '' });
  });
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await completeOtp(page, request, loginId, '認証して申し込む');
  await expect(page.getByText('通信が途切れたため、お手続きが完了したか確認できませんでした。')).toBeVisible();
  await page.getByRole('button', { name: 'もう一度送信する' }).click();
  const completed = findPage(servicePath(service, 'applyCompleted'));
  await expect(page).toHaveURL(new RegExp(`${completed?.path ?? ''}$`));
  await page.unroute(isRegistration);
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect((await live()).map((contract) => contract.status)).toEqual(['active']);

  // Withdrawn at once, so the customer can apply again.
  await page.goto('/Top');
  await serviceCard(page, service.name).getByRole('link', { name: '解約する' }).click();
  await expectOn(page, service, 'cancelInform');
  await page.getByRole('button', { name: '解約のお手続きへ進む' }).click();
  await page.getByRole('radio', { name: /今すぐ解約する/ }).check();
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expectOn(page, service, 'cancelCompleted');
  expect(await live()).toEqual([]);
}
