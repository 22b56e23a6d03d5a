/**
 * The view of every live page, by screen ID. Each is imported lazily, so each page is its own
 * chunk. A live page of machines/page-table.ts without an entry here (and not redirect-only)
 * fails test/app/pages/page-views.test.ts.
 */
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { createElement, type ComponentType } from 'react';
import { kitFlowId, servicePath, type KitFlowKind, type ServicePage } from '../../contracts/services/service-definition';
import { ServiceRoutes, type ServiceRoute } from '../../contracts/services/service-routes';
import { findLivePage, findPage, type PageEntry } from '../../machines/page-table';
import { ServiceViewContext, type ServiceView } from './service-flow/service-view';

type ViewLoader = () => Promise<{ readonly default: ServiceView }>;
type PageLoader = () => Promise<Record<string, unknown>>;

const anshinView: ViewLoader = () => import('./anshin-data-box/anshin-view');
const basketLiveView: ViewLoader = () => import('./basket-live/basket-live-view');
const inStoreSupportView: ViewLoader = () => import('./in-store-support/in-store-support-view');
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

/** The kit's pages (src/pages/service-flow/), each with the flow kind it belongs to. */
const kitPages: Record<Exclude<ServicePage, 'planChange' | 'planCompleted'>, [KitFlowKind, PageLoader, string]> = {
  landing: ['apply', () => import('./service-flow/landing-page'), 'LandingPage'],
  apply: ['apply', () => import('./service-flow/apply-page'), 'ApplyPage'],
  applyCompleted: ['apply', () => import('./service-flow/apply-completed-page'), 'ApplyCompletedPage'],
  detail: ['changePayment', () => import('./service-flow/service-detail-page'), 'ServiceDetailPage'],
  updatePayment: ['changePayment', () => import('./service-flow/update-payment-page'), 'UpdatePaymentPage'],
  updateConfirm: ['changePayment', () => import('./service-flow/update-confirm-page'), 'UpdateConfirmPage'],
  updateCompleted: ['changePayment', () => import('./service-flow/update-completed-page'), 'UpdateCompletedPage'],
  cancelInform: ['cancel', () => import('./service-flow/cancel-inform-page'), 'CancelInformPage'],
  cancelConfirm: ['cancel', () => import('./service-flow/cancel-confirm-page'), 'CancelConfirmPage'],
  cancelCompleted: ['cancel', () => import('./service-flow/cancel-completed-page'), 'CancelCompletedPage'],
  resumeConfirm: ['resume', () => import('./service-flow/resume-confirm-page'), 'ResumeConfirmPage'],
  resumeCompleted: ['resume', () => import('./service-flow/resume-completed-page'), 'ResumeCompletedPage'],
};

/** Every kit page of each service that the page table gives to the service's kit flow, by screen id. */
function kitPageViews(services: readonly (readonly [ServiceRoute, ViewLoader])[]): Record<string, RouteComponent> {
  const views: Record<string, RouteComponent> = {};
  for (const [service, view] of services) {
    for (const [page, [kind, load, exportName]] of Object.entries(kitPages)) {
      // The page table says which pages a service has and which flow owns each.
      const entry = findPage(servicePath(service, page as ServicePage));
      if (entry?.flow !== kitFlowId(service, kind)) continue;
      views[entry.id] = servicePage(view, load, exportName);
    }
  }
  return views;
}

export const pageViews: Readonly<Record<string, RouteComponent>> = {
  CMN0001: lazyRouteComponent(() => import('./landing/landing-page'), 'LandingPage'),
  CMN0002: lazyRouteComponent(() => import('./top/top-page'), 'TopPage'),
  CMN0003: lazyRouteComponent(() => import('./redirect/redirect-page'), 'RedirectPage'),
  CMN0005: lazyRouteComponent(() => import('./error/error-page'), 'ErrorPage'),
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
  BKL0011: servicePage(basketLiveView, () => import('./basket-live/plan-change-page'), 'BasketLivePlanChangePage'),
  BKL0012: servicePage(basketLiveView, () => import('./basket-live/plan-completed-page'), 'BasketLivePlanCompletedPage'),
  SSS0001: servicePage(inStoreSupportView, () => import('./in-store-support/support-detail-page'), 'InStoreSupportDetailPage'),
  SSS0002: servicePage(inStoreSupportView, () => import('./in-store-support/support-history-page'), 'SupportHistoryPage'),
  SSS0003: servicePage(inStoreSupportView, () => import('./in-store-support/support-history-detail-page'), 'SupportHistoryDetailPage'),
  SSS0004: servicePage(inStoreSupportView, () => import('./in-store-support/benefit-history-page'), 'BenefitHistoryPage'),
  ...kitPageViews([
    [ServiceRoutes.anshinDataBox, anshinView],
    [ServiceRoutes.basketLive, basketLiveView],
    [ServiceRoutes.inStoreSupport, inStoreSupportView],
  ]),
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
