/**
 * Helpers for the basket live (バスケットLIVE) journeys: its page headings, the way in from Top,
 * the plan and coupon on the apply page, and the customer's coupon history through the API.
 * The steps every service shares (OTP, card provider, Back) are in ./anshin.ts.
 */
import { expect, type Page } from '@playwright/test';
import { BasketLive } from '../../contracts/services/basket-live';
import { servicePath, type ServicePage } from '../../contracts/services/service-definition';
import { findPage } from '../../machines/page-table';
import { authInfo, expectPage, serviceCard } from './anshin';

const pages = [
  'landing',
  'apply',
  'applyCompleted',
  'detail',
  'updatePayment',
  'updateConfirm',
  'updateCompleted',
  'cancelInform',
  'cancelConfirm',
  'cancelCompleted',
] as const satisfies readonly ServicePage[];

function titleOf(page: ServicePage): string {
  const entry = findPage(servicePath(BasketLive, page));
  if (entry === undefined) throw new Error(`not in the page table: ${page}`);
  return entry.title;
}

/** The level-1 heading of each basket live page, read from the page table. */
export const BklHeading = Object.fromEntries(pages.map((page) => [page, titleOf(page)])) as Record<(typeof pages)[number], string>;

export function basketLiveCard(page: Page) {
  return serviceCard(page, BasketLive.name);
}

/** From Top: the basket live card's 申し込む, to the landing page. */
export async function openLanding(page: Page): Promise<void> {
  await basketLiveCard(page).getByRole('link', { name: '申し込む' }).click();
  await expectPage(page, '/BasketLive', BklHeading.landing);
}

/** On the landing page: 申し込む, through the entry judge, to the plan and terms step. */
export async function startApplication(page: Page): Promise<void> {
  await page.getByRole('button', { name: '申し込む', exact: true }).click();
  await expectPage(page, '/BasketLive/Apply', BklHeading.apply);
  await expect(page.getByRole('group', { name: /バスケットLIVEのプラン/ })).toBeVisible();
}

/** The plan step: a plan by its name ("プレミアム"). */
export async function choosePlan(page: Page, planName: string): Promise<void> {
  await page.getByRole('radio', { name: new RegExp(`^${planName}（`) }).check();
  await expect(page.getByRole('radio', { name: new RegExp(`^${planName}（`) })).toBeChecked();
}

/** Enters a coupon code and applies it; the page's answer is left to the caller. */
export async function applyCoupon(page: Page, code: string): Promise<void> {
  await page.getByRole('textbox', { name: /クーポンコード/ }).fill(code);
  await page.getByRole('button', { name: 'クーポンを適用する' }).click();
  await expect(page.getByRole('button', { name: 'クーポンを適用する' })).toBeVisible();
}

type CouponJson = { couponCd: string; couponName: string; serviceId: string };

/** GET coupon/result/history of the signed-in customer. */
export async function couponHistory(page: Page): Promise<CouponJson[]> {
  const { sbSystemId, headers } = await authInfo(page);
  const response = await page.request.get(`/api/customer/${sbSystemId}/coupon/result/history`, { headers });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { coupons: CouponJson[] }).coupons;
}
