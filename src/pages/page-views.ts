/**
 * The view of every live page, by screen ID. Each is imported lazily, so each page is its own
 * chunk. A live page of machines/page-table.ts without an entry here (and not redirect-only)
 * fails test/app/pages/page-views.test.ts.
 */
import { lazyRouteComponent, type RouteComponent } from '@tanstack/react-router';
import { findLivePage, type PageEntry } from '../../machines/page-table';

export const pageViews: Readonly<Record<string, RouteComponent>> = {
  CMN0001: lazyRouteComponent(() => import('./landing/landing-page'), 'LandingPage'),
  CMN0002: lazyRouteComponent(() => import('./top/top-page'), 'TopPage'),
  CMN0003: lazyRouteComponent(() => import('./redirect/redirect-page'), 'RedirectPage'),
  CMN0005: lazyRouteComponent(() => import('./error/error-page'), 'ErrorPage'),
  CMN0006: lazyRouteComponent(() => import('./payment-return/payment-return-page'), 'PaymentReturnPage'),
  CMN0007: lazyRouteComponent(() => import('./payment-return/payment-return-page'), 'PaymentReturnPage'),
  OPT0001: lazyRouteComponent(() => import('./option-services/option-services-page'), 'OptionServicesPage'),
  ADB0001: lazyRouteComponent(() => import('./anshin-data-box/landing-page'), 'AnshinLandingPage'),
  ADB0002: lazyRouteComponent(() => import('./anshin-data-box/apply-page'), 'AnshinApplyPage'),
  ADB0003: lazyRouteComponent(() => import('./anshin-data-box/apply-completed-page'), 'AnshinApplyCompletedPage'),
  ADB0004: lazyRouteComponent(() => import('./anshin-data-box/service-detail-page'), 'AnshinServiceDetailPage'),
  ADB0005: lazyRouteComponent(() => import('./anshin-data-box/update-payment-page'), 'AnshinUpdatePaymentPage'),
  ADB0006: lazyRouteComponent(() => import('./anshin-data-box/update-confirm-page'), 'AnshinUpdateConfirmPage'),
  ADB0007: lazyRouteComponent(() => import('./anshin-data-box/update-completed-page'), 'AnshinUpdateCompletedPage'),
  ADB0008: lazyRouteComponent(() => import('./anshin-data-box/cancel-inform-page'), 'AnshinCancelInformPage'),
  ADB0009: lazyRouteComponent(() => import('./anshin-data-box/cancel-confirm-page'), 'AnshinCancelConfirmPage'),
  ADB0010: lazyRouteComponent(() => import('./anshin-data-box/cancel-completed-page'), 'AnshinCancelCompletedPage'),
  ADB0011: lazyRouteComponent(() => import('./anshin-data-box/resume-confirm-page'), 'AnshinResumeConfirmPage'),
  ADB0012: lazyRouteComponent(() => import('./anshin-data-box/resume-completed-page'), 'AnshinResumeCompletedPage'),
  BKL0011: lazyRouteComponent(() => import('./basket-live/plan-change-page'), 'BasketLivePlanChangePage'),
  BKL0012: lazyRouteComponent(() => import('./basket-live/plan-completed-page'), 'BasketLivePlanCompletedPage'),
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
