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
import { expect, type Page, type Route } from '@playwright/test';
import { DefaultError, ErrorCatalogue } from '../../contracts/error-catalogue';
import { servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import { findPage } from '../../machines/page-table';
import { expectPage, serviceCard, serviceContracts } from './anshin';
import { signIn } from './sign-in';

const isContractsRead = (url: URL) => /^\/api\/customer\/\d+\/contracts$/.test(url.pathname);
const isContractUpdate = (url: URL) => /^\/api\/customer\/\d+\/update\/contracts$/.test(url.pathname);

function pageOf(service: ServiceDefinition, page: 'cancelInform' | 'cancelConfirm' | 'cancelCompleted' | 'detail') {
  const entry = findPage(servicePath(service, page));
  if (entry === undefined) throw new Error(`not in the page table: ${page}`);
  return entry;
}

async function expectOn(page: Page, service: ServiceDefinition, which: 'cancelInform' | 'cancelConfirm' | 'cancelCompleted' | 'detail') {
  const entry = pageOf(service, which);
  await expectPage(page, entry.path, entry.title);
}

/** The service's contracts as the server reports them: id and state. */
async function contractStates(page: Page, service: ServiceDefinition): Promise<string[][]> {
  return (await serviceContracts(page, service.serviceId)).map((contract) => [contract.contractId, contract.status]);
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
  await page.route(isContractsRead, (route: Route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
  await serviceCard(page, service.name).getByRole('link', { name: '解約する' }).click();
  await expect(page).toHaveURL(/\/Error$/);
  await expect(page.getByText(DefaultError.message)).toBeVisible();
  await page.unroute(isContractsRead);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
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
  const keys: string[] = [];
  await page.route(isContractUpdate, async (route: Route) => {
    keys.push(route.request().headers()['x-request-key'] ?? '');
    await route.fetch();
    await route.fulfill({ status: 504, contentType: 'text/plain', body: '' });
  });
  await page.getByRole('button', { name: '解約する', exact: true }).click();
  await expect(page.getByText('通信が途切れたため、お手続きが完了したか確認できませんでした。')).toBeVisible();
  await expectOn(page, service, 'cancelConfirm');
  await page.unroute(isContractUpdate);
  await page.route(isContractUpdate, async (route: Route) => {
    keys.push(route.request().headers()['x-request-key'] ?? '');
    await route.continue();
  });
  await page.getByRole('button', { name: 'もう一度送信する' }).click();
  await expectOn(page, service, 'cancelCompleted');
  await page.unroute(isContractUpdate);
  // One request key for both sends, so the server did it once.
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
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
