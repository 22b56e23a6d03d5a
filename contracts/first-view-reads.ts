/**
 * What each page's first view (docs/decisions/0106-first-view-from-the-server.md) is drawn from.
 * Only the server reads this table: it is apart from contracts/first-view.ts, which the app's
 * first script imports, so that the pages' contracts stay in the pages' own chunks.
 */
import { loginHistoryEndpoint } from './api/account-login-history';
import { optinsEndpoint } from './api/account-optins';
import { securitySettingsEndpoint } from './api/account-security';
import { userInfoEndpoint } from './api/account-user-info';
import { storageUsageEndpoint } from './api/anshin-data-box';
import { billingHistoryEndpoint } from './api/billing';
import { couponActiveEndpoint } from './api/coupon';
import { invoiceSessionEndpoint } from './api/invoice';
import { pageEndpoints } from './page-endpoints';

/**
 * What a page's first view is drawn from, by screen ID: the GET reads the page itself makes first
 * (their path templates, with the query string the page sends), which the server asks with the
 * customer's session; the one path parameter is the customer's sbSystemId. All of a page's first
 * reads are here, also those its first view does not draw, so that the app takes every one of
 * them from the HTML and takes over without a round trip.
 */
/** The account flow's info pages read the whole profile at once (src/flows/account-actors.ts, loadProfile). */
const accountProfile = [userInfoEndpoint.path, securitySettingsEndpoint.path, optinsEndpoint.path];

export const firstViewReads: Readonly<Record<string, readonly string[]>> = {
  CMN0002: [pageEndpoints.getServiceUsageStatus.path],
  OPT0001: [pageEndpoints.getServiceUsageStatus.path],
  // The newest twelve months, as the page asks them first (no `before`).
  OPT0002: [billingHistoryEndpoint.path],
  ACC0002: accountProfile,
  ACC0011: accountProfile,
  ACC0007: accountProfile,
  ACC0015: accountProfile,
  // The flow's first page of the login history (machines/account-menu/account.machine.ts, historyLoading).
  ACC0014: [`${loginHistoryEndpoint.path}?page=1`],
  INV0001: [invoiceSessionEndpoint.path],
  // The service landings: 申し込む or the contract's state, from the customer's usage.
  ADB0001: [pageEndpoints.getServiceUsageStatus.path],
  BKL0001: [pageEndpoints.getServiceUsageStatus.path],
  // Service/Detail: the payment-change flow's first state reads the contracts afresh, as Cancel/Inform's
  // does (below); then what the page's sections read: the incentive and, for the data storage, the storage used.
  ADB0004: [pageEndpoints.getContracts.path, couponActiveEndpoint.path, storageUsageEndpoint.path],
  BKL0004: [pageEndpoints.getContracts.path, couponActiveEndpoint.path],
  // In-store support's contract page: its history flow's contracts read; no section reads on its own.
  SSS0001: [pageEndpoints.getContracts.path],
  // Cancel/Inform: the cancel flow's first state reads the contracts afresh (src/flows/service-flow-actors.ts,
  // loadContract); the answer read for this very page is that read.
  ADB0008: [pageEndpoints.getContracts.path],
  BKL0008: [pageEndpoints.getContracts.path],
  SSS0005: [pageEndpoints.getContracts.path],
  // Resume/Confirm: the resume flow's first state reads the contracts afresh, as Cancel/Inform's does.
  ADB0011: [pageEndpoints.getContracts.path],
  // Basket live's plan change: its flow's first state reads the contracts afresh (src/flows/basket-live-actors.ts, loadPlanContract).
  BKL0011: [pageEndpoints.getContracts.path],
};

/**
 * The state of its flow that each flow page's first view shows, as the flow's snapshot names it.
 * The renderer draws a page whose flow it takes through the first read only when the flow stands
 * there (src/first-view/render-first-view.tsx); the landings and the account and invoice pages
 * are drawn from their reads alone, in their flow's first resting state. The other states on a
 * page's URL decide `drawnOnFreshLoadOnly` below.
 */
export const firstViewStates: Readonly<Record<string, string>> = {
  ACC0002: 'userInfo',
  ACC0011: 'securityInfo',
  ACC0007: 'contactInfo',
  ACC0015: 'receiveInfo',
  ACC0014: 'loginHistory',
  INV0001: 'months',
  ADB0001: 'landing',
  BKL0001: 'landing',
  ADB0004: 'detail',
  BKL0004: 'detail',
  SSS0001: 'detail',
  ADB0008: 'inform',
  BKL0008: 'inform',
  SSS0005: 'inform',
  ADB0011: 'confirm',
  BKL0011: 'choosing',
};

/**
 * Pages whose flow keeps a later step on the page's own URL: basket live's plan change (the choice,
 * then the confirmation with its quote), the service landings (申し込む, then the result of the
 * eligibility check when it refuses) and the data storage's Resume/Confirm (the payment choice,
 * then the wait while the customer is at the card provider). A reload, and Back from the card
 * provider, resume the tab's run, which may stand on that later step, and the run lives in the
 * tab's sessionStorage, which the server does not see: the first view would show the first step
 * for the seconds until the app shows the later one. Such a page is drawn only where the run
 * cannot stand there (server/spa/first-view.ts, `drawsOnThisLoad`); elsewhere it is left to the
 * app, as before the first view. test/machines/first-view-pages.test.ts derives the list from the
 * flows, so a flow that gains such a step cannot be missed.
 */
export const drawnOnFreshLoadOnly: ReadonlySet<string> = new Set(['ADB0001', 'ADB0011', 'BKL0001', 'BKL0011']);
