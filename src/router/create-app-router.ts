/**
 * The router, generated from the page table (docs/decisions/0018-routing-machine-decides-url-follows.md):
 * one code-based route per live page with its lazily imported view, the navigation rules in
 * the root route's beforeLoad, the error page for every unknown path, and the layout around
 * them all (InnerWrap), painted before the rules finish.
 */
import { createRootRouteWithContext, createRoute, createRouter, type RouterHistory } from '@tanstack/react-router';
import { findLivePage, livePages } from '../../machines/page-table';
import { appConfig, type AppConfig } from '../config/app-config';
import { RootErrorFallback } from '../layout/root-error-fallback';
import { AppChrome } from '../layout/app-chrome';
import { throwErrorPage, throwRedirect } from '../navigation/error-redirect';
import { decideNavigation, type NavigationDecision, type NavigationServices } from '../navigation/navigation-rules';
import { createNavigationServices } from '../navigation/navigation-services';
import { NotFoundPage } from '../pages/not-found-page';
import { demoViews, pageViews, redirectOnlyPages } from '../pages/page-views';
import { yieldToMain } from '../lib/yield-to-main';
import { afterFirstPaint } from './after-first-paint';
import { routeOptionsFor } from './page-route-options';
import type { RouterContext } from './router-context';

export type AppRouterOptions = RouterContext & {
  readonly history?: RouterHistory;
  readonly config?: AppConfig;
  /** The rules' services; tests pass fakes. */
  readonly services?: (context: RouterContext) => NavigationServices;
};

function applyDecision(decision: NavigationDecision): void {
  switch (decision.kind) {
    case 'proceed':
      return;
    case 'redirect':
      return throwRedirect({ to: decision.to, replace: true, ...(decision.notice === undefined ? {} : { state: { noticeCode: decision.notice } }) });
    case 'document':
      return throwRedirect({ href: decision.href, reloadDocument: true, replace: true });
    case 'error':
      return throwErrorPage(decision.code, decision);
  }
}

export function createRouteTree(servicesFor: (context: RouterContext) => NavigationServices) {
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    beforeLoad: async ({ context, location, cause }) => {
      if (cause === 'preload') return;
      // The layout and the heading paint before the first navigation's work starts (ADR 0097).
      await afterFirstPaint();
      // The page's own chunk downloads while the rules make their server calls, not after them
      // (on a first load it was a request waterfall: docs/decisions/0041-lighthouse-bench.md).
      // A failed download surfaces when the route loads the component, as before.
      pageViews[findLivePage(location.pathname)?.id ?? '']?.preload?.()?.catch(() => undefined);
      // Requesting the chunks is a task's worth of work of its own (ADR 0104).
      await yieldToMain();
      const searchStr = location.searchStr.startsWith('?') ? location.searchStr.slice(1) : location.searchStr;
      applyDecision(await decideNavigation({ pathname: location.pathname, searchStr }, servicesFor(context)));
    },
    notFoundComponent: NotFoundPage,
    errorComponent: RootErrorFallback,
  });

  const pageRoutes = livePages
    .filter((page) => pageViews[page.id] !== undefined || redirectOnlyPages.has(page.id))
    .map((page) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: page.path,
        staticData: { pageId: page.id },
        ...routeOptionsFor(page.id),
        ...(pageViews[page.id] === undefined ? {} : { component: pageViews[page.id] }),
      }),
    );

  const demoRoutes = Object.entries(demoViews).map(([path, view]) =>
    createRoute({ getParentRoute: () => rootRoute, path, staticData: { ownTitle: view.title }, component: view.component }),
  );

  return rootRoute.addChildren([...pageRoutes, ...demoRoutes]);
}

export function createAppRouter(options: AppRouterOptions) {
  const config = options.config ?? appConfig;
  // One set of services for the router's life: they know whether the document's first navigation
  // was a reload, which a set made per navigation would wrongly answer again for every later one.
  let services: NavigationServices | undefined;
  // The document's first page keeps the scroll it has: the browser's own restoration on a reload,
  // or where the customer has scrolled the page the server drew before the app took it over (a
  // jump to the top there moves the page under their finger; ADR 0118). Every later page is the
  // router's: its stored position on Back and Forward, the top otherwise.
  let firstRender = true;
  const restoresScroll = () => {
    if (!firstRender) return true;
    firstRender = false;
    return false;
  };
  const servicesFor =
    options.services ??
    ((context: RouterContext) => (services ??= createNavigationServices({ queryClient: context.queryClient, flows: context.flows, config })));
  return createRouter({
    routeTree: createRouteTree(servicesFor),
    ...(options.history === undefined ? {} : { history: options.history }),
    context: { queryClient: options.queryClient, flows: options.flows },
    // "A trailing slash is ignored"; paths are matched exactly as the page table spells them,
    // like the server's 404.
    trailingSlash: 'never',
    caseSensitive: true,
    notFoundMode: 'root',
    // Preloading would run the rules (and their server checks) for pages never opened.
    defaultPreload: false,
    scrollRestoration: restoresScroll,
    defaultPendingMs: 300,
    defaultErrorComponent: RootErrorFallback,
    // The layout paints with the first render, around whatever the routes show (ADR 0088).
    InnerWrap: AppChrome,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;
