/**
 * Helpers for the in-store support (スマホ設定サポート定額) journeys: its page headings from the
 * page table, and the way in from Top. The steps every service shares are in ./anshin.ts.
 */
import { expect, type Page } from '@playwright/test';
import { ServiceContractsSchema, type ServiceContract } from '../../contracts/api/service-contracts';
import { continuedUseBenefit, type ContinuedUseBenefit } from '../../contracts/services/continued-use-benefit';
import { InStoreSupport } from '../../contracts/services/in-store-support';
import { pageTable } from '../../machines/page-table';
import { expectPage, serviceCard, serviceContracts } from './anshin';

/** Path and level-1 heading of each page, by screen id (SSS0001...). */
export const Sss = Object.fromEntries(
  pageTable.filter((entry) => entry.path.startsWith(InStoreSupport.routePrefix)).map((entry) => [entry.id, { path: entry.path, heading: entry.title }]),
) as Record<'SSS0001' | 'SSS0002' | 'SSS0003' | 'SSS0004' | 'SSS0005' | 'SSS0006' | 'SSS0007', { path: string; heading: string }>;

export async function expectSss(page: Page, id: keyof typeof Sss): Promise<void> {
  await expectPage(page, Sss[id].path, Sss[id].heading);
}

export function inStoreSupportCard(page: Page) {
  return serviceCard(page, InStoreSupport.name);
}

/** From Top: the service card's ご契約内容を見る, to the contract page. */
export async function openContract(page: Page): Promise<void> {
  await inStoreSupportCard(page).getByRole('link', { name: 'ご契約内容を見る' }).click();
  await expectSss(page, 'SSS0001');
}

/**
 * The benefit of a contract that started on `startedOn` and runs on, as of the server's business
 * date: the e2e run uses today's date, so what is due next moves with the calendar. The rule
 * itself is unit-tested on fixed dates (test/contracts/continued-use-benefit.test.ts).
 */
export async function benefitToday(page: Page, startedOn: string): Promise<ContinuedUseBenefit> {
  const response = await page.request.get('/api/getCurrentDate');
  const { businessDate } = (await response.json()) as { businessDate: string };
  return continuedUseBenefit({ startedOn, lastDayOfUse: null, today: businessDate });
}

/** The customer's in-store support contracts as GET contracts reports them (its zod contract). */
export async function contractsOf(page: Page): Promise<ServiceContract[]> {
  const rows = await serviceContracts(page, InStoreSupport.serviceId);
  return ServiceContractsSchema.parse({ contracts: rows }).contracts;
}

/** Contract page -> 解約 (or its reservation cancel) -> Inform -> Confirm. */
export async function openCancelConfirm(page: Page, link: '解約' | '解約予約の取り消し'): Promise<void> {
  await page.getByRole('link', { name: link, exact: true }).click();
  await expectSss(page, 'SSS0005');
  await page.getByRole('button', { name: link === '解約' ? '解約のお手続きへ進む' : '解約予約の取り消しへ進む' }).click();
  await expectSss(page, 'SSS0006');
}

/** From the completed page: Top -> contract page -> withdraw the reservation (05) -> back on the contract page. */
export async function withdrawReservation(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await openContract(page);
  await openCancelConfirm(page, '解約予約の取り消し');
  await page.getByRole('button', { name: '解約予約を取り消す', exact: true }).click();
  await expectSss(page, 'SSS0007');
  await expect(page.getByText('解約予約を取り消しました。')).toBeVisible();
  expect((await contractsOf(page)).map((c) => [c.status, c.withdrawalAt])).toEqual([['active', null]]);
  await page.getByRole('link', { name: 'トップへ戻る' }).click();
  await openContract(page);
}
