/**
 * The view of every live page, by screen ID. Each is imported lazily, so each page is its own
 * chunk, but the landing and the error page (ADR 0105). A live page of machines/page-table.ts
 * without an entry here (and not redirect-only) fails test/app/pages/page-views.test.ts.
 */
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { createElement, type ComponentType } from 'react';
import type { ServicePage } from '../../contracts/services/service-definition';
import { findLivePage, type PageEntry } from '../../machines/page-table';
import { ErrorPage } from './error/error-page';
import { LandingPage } from './landing/landing-page';
import { ServiceViewContext, type ServiceView } from './service-flow/service-view';

type ViewLoader = () => Promise<{ readonly default: ServiceView }>;
type PageLoader = () => Promise<Record<string, unknown>>;

const invoicePages: PageLoader = () => import('./invoice/invoice-pages');
const receivePages: PageLoader = () => import('./account/receive-settings-pages');

/** A page of one service: the page's module and the service's view load together, the page renders inside the view. */
function servicePage(view: ViewLoader, page: PageLoader, exportName: string): RouteComponent {
  return lazyRouteComponent(async () => {
    const [{ default: value }, module] = await Promise.all([view(), page()]);
    const Page = module[exportName] as ComponentType;
    return { Page: () => createElement(ServiceViewContext, { value }, createElement(Page)) };
  }, 'Page');
}

/** The kit's pages (src/pages/service-flow/), by the page of a service each shows. */
type KitPage = Exclude<ServicePage, 'planChange' | 'planCompleted'>;
const kitPages: Record<KitPage, readonly [PageLoader, string]> = {
  landing: [() => import('./service-flow/landing-page'), 'LandingPage'],
  apply: [() => import('./service-flow/apply-page'), 'ApplyPage'],
  applyCompleted: [() => import('./service-flow/apply-completed-page'), 'ApplyCompletedPage'],
  detail: [() => import('./service-flow/service-detail-page'), 'ServiceDetailPage'],
  updatePayment: [() => import('./service-flow/update-payment-page'), 'UpdatePaymentPage'],
  updateConfirm: [() => import('./service-flow/update-confirm-page'), 'UpdateConfirmPage'],
  updateCompleted: [() => import('./service-flow/update-completed-page'), 'UpdateCompletedPage'],
  cancelInform: [() => import('./service-flow/cancel-inform-page'), 'CancelInformPage'],
  cancelConfirm: [() => import('./service-flow/cancel-confirm-page'), 'CancelConfirmPage'],
  cancelCompleted: [() => import('./service-flow/cancel-completed-page'), 'CancelCompletedPage'],
  resumeConfirm: [() => import('./service-flow/resume-confirm-page'), 'ResumeConfirmPage'],
  resumeCompleted: [() => import('./service-flow/resume-completed-page'), 'ResumeCompletedPage'],
};

/**
 * What a service brings to the router, in its own folder as `<slug>/<slug>.pages.ts`: its view
 * (the copy the kit's pages show for it) and its screens by screen id, each a kit page or a page
 * of its own flows. test/app/pages/page-views.test.ts checks a kit page against the page table.
 */
export type ServicePages = {
  readonly view: ViewLoader;
  readonly screens: Readonly<Record<string, KitPage | readonly [PageLoader, string]>>;
};

// Gathered by file name, so a new service adds its file instead of a line here (docs/decisions/0096).
// The files hold only import() calls: gathering them eagerly loads no page.
export const servicePagesByFile = import.meta.glob<ServicePages>('./*/*.pages.ts', { eager: true, import: 'servicePages' });

/** Every service's screens, each rendered inside the service's view. */
function servicePageViews(): Record<string, RouteComponent> {
  const views: Record<string, RouteComponent> = {};
  for (const { view, screens } of Object.values(servicePagesByFile)) {
    for (const [id, screen] of Object.entries(screens)) {
      const [load, exportName] = typeof screen === 'string' ? kitPages[screen] : screen;
      views[id] = servicePage(view, load, exportName);
    }
  }
  return views;
}

export const pageViews: Readonly<Record<string, RouteComponent>> = {
  // The front door and the error page come with the first script (ADR 0105): the page every
  // visitor opens first, and the page a failed network ends on, need no second request to show.
  CMN0001: LandingPage,
  CMN0002: lazyRouteComponent(() => import('./top/top-page'), 'TopPage'),
  CMN0003: lazyRouteComponent(() => import('./redirect/redirect-page'), 'RedirectPage'),
  CMN0005: ErrorPage,
  CMN0006: lazyRouteComponent(() => import('./payment-return/payment-return-page'), 'PaymentReturnPage'),
  CMN0007: lazyRouteComponent(() => import('./payment-return/payment-return-page'), 'PaymentReturnPage'),
  OPT0001: lazyRouteComponent(() => import('./option-services/option-services-page'), 'OptionServicesPage'),
  OPT0002: lazyRouteComponent(() => import('./billing/billing-history-page'), 'BillingHistoryPage'),
  ACC0001: lazyRouteComponent(() => import('./account/account-menu-page'), 'AccountMenuPage'),
  ACC0002: lazyRouteComponent(() => import('./account/user-info-page'), 'UserInfoPage'),
  ACC0003: lazyRouteComponent(() => import('./account/user-name-page'), 'UserNamePage'),
  ACC0004: lazyRouteComponent(() => import('./account/phone-page'), 'PhonePage'),
  ACC0005: lazyRouteComponent(() => import('./account/email-page'), 'EmailPage'),
  ACC0006: lazyRouteComponent(() => import('./account/address-page'), 'AddressPage'),
  ACC0007: lazyRouteComponent(() => import('./account/contact-info-page'), 'ContactInfoPage'),
  ACC0008: lazyRouteComponent(() => import('./account/contact-email-page'), 'ContactEmailPage'),
  ACC0009: lazyRouteComponent(() => import('./account/contact-phone-page'), 'ContactPhonePage'),
  ACC0010: lazyRouteComponent(() => import('./account/contact-completed-page'), 'ContactCompletedPage'),
  ACC0011: lazyRouteComponent(() => import('./account/security-info-page'), 'SecurityInfoPage'),
  ACC0012: lazyRouteComponent(() => import('./account/security-change-pages'), 'SecurityChangePage'),
  ACC0013: lazyRouteComponent(() => import('./account/security-change-pages'), 'SecurityCompletedPage'),
  ACC0014: lazyRouteComponent(() => import('./account/login-history-page'), 'LoginHistoryPage'),
  ACC0015: lazyRouteComponent(receivePages, 'ReceiveInfoPage'),
  ACC0016: lazyRouteComponent(receivePages, 'ReceiveChangePage'),
  ACC0017: lazyRouteComponent(receivePages, 'ReceiveCompletedPage'),
  ACC0018: lazyRouteComponent(() => import('./account/receive-guide-page'), 'ReceiveGuidePage'),
  ACC0019: lazyRouteComponent(() => import('./account/login-id-pages'), 'LoginIdChangePage'),
  ACC0020: lazyRouteComponent(() => import('./account/login-id-pages'), 'LoginIdCompletedPage'),
  ACC0021: lazyRouteComponent(() => import('./account/password-pages'), 'PasswordChangePage'),
  ACC0022: lazyRouteComponent(() => import('./account/password-pages'), 'PasswordCompletedPage'),
  INV0001: lazyRouteComponent(invoicePages, 'InvoiceMonthsPage'),
  INV0002: lazyRouteComponent(invoicePages, 'InvoiceServicesPage'),
  INV0003: lazyRouteComponent(invoicePages, 'InvoiceDownloadsPage'),
  ...servicePageViews(),
};

/**
 * Demo pages (spec section 2: /demo/..., served on local, review and QA hosts only; the
 * navigation rules send every other host to /Top). They are not in the page table and bring
 * their own heading.
 */
export const demoViews: Readonly<Record<string, { readonly title: string; readonly component: RouteComponent }>> = {
  '/demo/statecharts': {
    title: '状態遷移図（ステートチャート）',
    component: lazyRouteComponent(() => import('../demo/statechart-viewer-page'), 'StatechartViewerPage'),
  },
};

/** Pages whose route only acts (in beforeLoad) and always moves on, so they render nothing. */
export const redirectOnlyPages: ReadonlySet<string> = new Set(['CMN0004']);

/** The live page at a path that the router serves (it has a view); links go only there. */
export function routedPage(path: string): PageEntry | undefined {
  const page = findLivePage(path);
  return page !== undefined && (pageViews[page.id] !== undefined || redirectOnlyPages.has(page.id)) ? page : undefined;
}
