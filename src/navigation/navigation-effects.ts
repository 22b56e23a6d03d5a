/**
 * What happens around every navigation, wired once to the router's events:
 * the loading overlay (spec section 2: not for demo, dummy, Error, Redirect and doClear),
 * the internal origin of this tab, the query string stripped after the page loaded, and the
 * URL following the foreground flow's machine.
 */
import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';
import { findLivePage, normalizePath, type PageEntry } from '../../machines/page-table';
import type { AnyMachineSnapshot } from 'xstate';
import { routeFor, type FlowRegistry } from '../flows/flow-registry';
import { ErrorPath, errorState } from './error-redirect';
import { commonStore } from '../stores/common-store';
import { hideLoading, showLoading } from '../stores/loading-store';

type HistoryWindow = Pick<Window, 'history' | 'location'>;

export type NavigationEffectsOptions = {
  readonly flows: FlowRegistry;
  readonly window?: HistoryWindow;
  /** Told once per page the customer lands on (the tag manager's page view). */
  readonly onPageView?: (page: PageEntry | undefined, location: ParsedLocation) => void;
};

/**
 * "Query strings are stripped after each page load": the URL loses its query, history keeps
 * it as `strippedSearch` so a reload of the same page still knows what it was opened with.
 */
export function stripQueryString(win: HistoryWindow, location: Pick<ParsedLocation, 'pathname' | 'searchStr' | 'hash'>): boolean {
  const searchStr = location.searchStr.startsWith('?') ? location.searchStr.slice(1) : location.searchStr;
  if (searchStr === '' || win.location.pathname !== location.pathname) return false;
  const strippedSearch = Object.fromEntries(new URLSearchParams(searchStr));
  const state: unknown = win.history.state;
  const base = typeof state === 'object' && state !== null ? state : {};
  win.history.replaceState({ ...base, strippedSearch }, '', `${location.pathname}${location.hash === '' ? '' : `#${location.hash}`}`);
  return true;
}

/**
 * Where the URL goes when a flow moves: the flow's route, and on the error page the error code
 * the machine holds (its context's `errorCode`), which the error page shows.
 */
export function flowNavigation(route: string, snapshot: AnyMachineSnapshot, replace: boolean) {
  if (route !== ErrorPath) return { to: route, replace };
  const context: unknown = snapshot.context;
  const code =
    typeof context === 'object' && context !== null && 'errorCode' in context && typeof context.errorCode === 'string'
      ? context.errorCode
      : undefined;
  return { to: route, replace, state: errorState(code) };
}

export function bindNavigationEffects(router: AnyRouter, options: NavigationEffectsOptions): () => void {
  const { flows } = options;
  const win = options.window ?? window;

  const offBefore = router.subscribe('onBeforeNavigate', ({ toLocation }) => {
    if (findLivePage(toLocation.pathname)?.overlay) showLoading();
  });

  const offResolved = router.subscribe('onResolved', ({ toLocation }) => {
    hideLoading();
    const page = findLivePage(toLocation.pathname);
    if (page !== undefined && commonStore.get().internalFrom !== page.id) commonStore.set({ internalFrom: page.id });
    // Pages of the page table only: demo pages read their own query string.
    if (page !== undefined) stripQueryString(win, toLocation);
    // Away from where the foreground flow puts the customer: later transitions of that flow
    // must not pull the customer back.
    const foreground = flows.foreground();
    if (foreground !== undefined && routeFor(foreground.actor.getSnapshot()) !== normalizePath(toLocation.pathname)) flows.release();
    options.onPageView?.(page, toLocation);
  });

  const offRoute = flows.onRoute((route, flow) => {
    const current = normalizePath(router.latestLocation.pathname);
    if (current === route) return;
    const currentPage = findLivePage(current);
    // One history entry per flow: replace while inside the flow (or on its return page).
    const replace = currentPage?.flow === flow.machineId || currentPage?.entry === false;
    void router.navigate(flowNavigation(route, flow.actor.getSnapshot(), replace));
  });

  return () => {
    offBefore();
    offResolved();
    offRoute();
  };
}
