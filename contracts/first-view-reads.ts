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

/** What every flow page's take-over imports: the flows' runtime (xstate), loaded apart from the first script. */
const flowRuntime = 'src/flows/flow-runtime.ts';
const accountFlow = [flowRuntime, 'src/flows/account-flow.ts', 'machines/account-menu/account.machine.ts'];
const invoiceFlow = [flowRuntime, 'src/flows/invoice-flow.ts', 'machines/invoice/invoice.machine.ts'];
/** A service page: the kit's flows, the service's view (its copy), the flow's machine and the page. */
const servicePage = (view: string, machine: string, page: string): readonly string[] => [flowRuntime, 'src/flows/flow-machines.ts', view, machine, page];
const anshin = (machine: string, page: string) => servicePage('src/pages/anshin-data-box/anshin-view.tsx', `machines/anshin-data-box/${machine}`, page);
const basketLive = (machine: string, page: string) => servicePage('src/pages/basket-live/basket-live-view.tsx', `machines/basket-live/${machine}`, page);
const inStoreSupport = (machine: string, page: string) =>
  servicePage('src/pages/in-store-support/in-store-support-view.tsx', `machines/in-store-support/${machine}`, page);
const kitPage = (name: string) => `src/pages/service-flow/${name}-page.tsx`;
/** The contract pages' reads, which their route's loader imports. */
const contractPageReads = 'src/router/contract-page-reads.ts';

/**
 * The modules the app imports to take a drawn page over (its view, its flow and the flows'
 * runtime), by screen ID, by their paths from the project's root. The server links
 * their chunks, and the chunks those import, from the page's HTML as `<link rel="modulepreload">`
 * (server/spa/first-view-preloads.ts): they load with the document instead of after the first
 * script, and Vite's preload helper, which skips a chunk the document already links, appends no
 * link on the main thread while the page waits to be taken over (ADR 0108). The table is data
 * because the page views and flow loaders are code; e2e/foundation/first-view.spec.ts fails when
 * the app links a chunk at take-over that this table leaves out.
 */
export const firstViewModules: Readonly<Record<string, readonly string[]>> = {
  ACC0001: [...accountFlow, 'src/pages/account/account-menu-page.tsx'],
  CMN0002: ['src/pages/top/top-page.tsx'],
  OPT0001: ['src/pages/option-services/option-services-page.tsx'],
  OPT0002: ['src/pages/billing/billing-history-page.tsx', 'src/api/queries/billing-history.query.ts'],
  ACC0002: [...accountFlow, 'src/pages/account/user-info-page.tsx'],
  ACC0011: [...accountFlow, 'src/pages/account/security-info-page.tsx'],
  ACC0007: [...accountFlow, 'src/pages/account/contact-info-page.tsx'],
  ACC0015: [...accountFlow, 'src/pages/account/receive-settings-pages.tsx'],
  ACC0018: [...accountFlow, 'src/pages/account/receive-guide-page.tsx'],
  ACC0014: [...accountFlow, 'src/pages/account/login-history-page.tsx'],
  INV0001: [...invoiceFlow, 'src/pages/invoice/invoice-pages.tsx'],
  ADB0001: anshin('anshin-apply.machine.ts', kitPage('landing')),
  BKL0001: basketLive('basket-live-apply.machine.ts', kitPage('landing')),
  ADB0004: [...anshin('anshin-change-payment.machine.ts', kitPage('service-detail')), contractPageReads],
  BKL0004: [...basketLive('basket-live-change-payment.machine.ts', kitPage('service-detail')), contractPageReads],
  // The incentive the navigation rules fetch before a page that shows it (spec section 2, src/navigation/navigation-services.ts).
  SSS0001: [...inStoreSupport('support-history.machine.ts', 'src/pages/in-store-support/support-detail-page.tsx'), 'src/api/queries/active-coupons.query.ts'],
  ADB0008: anshin('anshin-cancel.machine.ts', kitPage('cancel-inform')),
  BKL0008: basketLive('basket-live-cancel.machine.ts', kitPage('cancel-inform')),
  SSS0005: inStoreSupport('in-store-support.flows.ts', kitPage('cancel-inform')),
  ADB0011: anshin('anshin-resume.machine.ts', kitPage('resume-confirm')),
  BKL0011: basketLive('plan-change.machine.ts', 'src/pages/basket-live/plan-change-page.tsx'),
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
