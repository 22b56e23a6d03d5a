/**
 * What happens around every navigation, wired once to the router's events:
 * the loading overlay (spec section 2: not for demo, dummy, Error, Redirect and doClear),
 * the internal origin of this tab, the query string stripped after the page loaded, and the
 * URL following the foreground flow's machine.
 */
import type { AnyRouter, HistoryState, ParsedLocation, RouterHistory } from '@tanstack/react-router';
import { findLivePage, normalizePath, type PageEntry } from '../../machines/page-table';
import type { AnyMachineSnapshot } from 'xstate';
import { flowErrorCode, routeFor, type FlowRegistry, type RunningFlow } from '../flows/flow-registry';
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
 * TanStack's browser history hears every `replaceState` and loads the route again. Dropping the
 * query is no navigation: a second load of an entry page would find its flow already moved on (a
 * link that names its invoice, ADR 0075) and start it afresh. The history's own switch for its
 * writes keeps this one silent too; e2e/billing/invoices.spec.ts (a link that names its invoice) fails without it.
 */
function stripQuietly(router: AnyRouter, strip: () => boolean): void {
  const history = router.history as { _ignoreSubscribers?: boolean };
  history._ignoreSubscribers = true;
  try {
    strip();
  } finally {
    history._ignoreSubscribers = false;
  }
}

/**
 * The history entry a flow's move leaves: its page, its state, and whether it is the tab's first
 * in the portal and was shown. A first entry whose page was still loading when its flow moved on
 * (a link that names its invoice, ADR 0075) was never the customer's page: Back to it would only
 * move the flow on again, so it is replaced as before.
 */
export type LeftEntry = { readonly path: string; readonly state: HistoryState; readonly firstEntry: boolean };

function leftEntry(router: AnyRouter): LeftEntry {
  const history = router.history as RouterHistory;
  const firstEntry = !history.canGoBack() && router.state.status !== 'pending';
  return { path: normalizePath(history.location.pathname), state: history.location.state, firstEntry };
}

/**
 * Where the URL goes when a flow moves: the flow's route, and on the error page the error code
 * the machine holds (its context's `errorCode`), which the error page shows. The entries a flow
 * makes on top of the tab's first entry remember that entry's page (`tabFirstPage`), through the
 * flow's later replacing moves, so that the flow's return to it can step back onto it (ADR 0111).
 */
export function flowNavigation(route: string, snapshot: AnyMachineSnapshot, replace: boolean, left: LeftEntry) {
  const state: HistoryState = route === ErrorPath ? errorState(flowErrorCode(snapshot)) : {};
  const tabFirstPage = left.firstEntry ? (replace ? undefined : left.path) : left.state.tabFirstPage;
  if (tabFirstPage !== undefined) state.tabFirstPage = tabFirstPage;
  return { to: route, replace, state };
}

const ProviderReturnPaths: ReadonlySet<string> = new Set(['/Payment/Redirect', '/Payment/Cancel/Redirect']);

/**
 * On a card-provider return page, once it has resolved, the URL follows the returning flow
 * with a push: the return page's own entry stays behind the flow's page, so browser Back lands
 * in this document (where the Back guard answers W9999) instead of on the provider's page.
 */
function followFlowFromReturnPage(router: AnyRouter, page: PageEntry | undefined, flow: RunningFlow | undefined): boolean {
  if (page === undefined || flow === undefined || !ProviderReturnPaths.has(page.path)) return false;
  const snapshot = flow.actor.getSnapshot();
  const route = routeFor(snapshot);
  if (route === undefined || route === page.path) return false;
  void router.navigate(flowNavigation(route, snapshot, false, leftEntry(router)));
  return true;
}

/**
 * A page of the foreground flow resolved while the flow had already moved on to its next page
 * (it answered before the navigation finished: a link that names its invoice, ADR 0075): the URL
 * catches up with the flow, in the same history entry, instead of leaving the flow behind.
 */
function followFlowThatMovedOn(router: AnyRouter, page: PageEntry | undefined, flow: RunningFlow | undefined): boolean {
  if (page === undefined || flow === undefined || page.flow !== flow.machineId) return false;
  const snapshot = flow.actor.getSnapshot();
  const route = routeFor(snapshot);
  if (route === undefined || route === page.path || findLivePage(route) === undefined) return false;
  void router.navigate(flowNavigation(route, snapshot, true, leftEntry(router)));
  return true;
}

/**
 * One history entry per flow: a flow's move replaces the entry while the customer is inside the
 * flow. From a card-provider return page it pushes, for the reason above. A move never replaces
 * the tab's first entry in the portal (a typed URL, a bookmark, the return from sign-on): Back
 * from the next page would leave the document, where neither the flow's Back nor the Back
 * guard's W9999 can answer it (ADR 0111).
 */
export function replacesHistoryEntry(currentPage: PageEntry | undefined, machineId: string, firstEntry: boolean): boolean {
  if (currentPage === undefined || firstEntry || ProviderReturnPaths.has(currentPage.path)) return false;
  return currentPage.flow === machineId || !currentPage.entry;
}

/** The portal page the customer is on, for the rules of the next navigation (spec section 3, internalFrom). */
function recordInternalFrom(page: PageEntry): void {
  if (commonStore.get().internalFrom !== page.id) commonStore.set({ internalFrom: page.id });
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
    if (page !== undefined) recordInternalFrom(page);
    // Pages of the page table only: demo pages read their own query string.
    if (page !== undefined) stripQuietly(router, () => stripQueryString(win, toLocation));
    options.onPageView?.(page, toLocation);
    const foreground = flows.foreground();
    if (followFlowFromReturnPage(router, page, foreground)) return;
    if (followFlowThatMovedOn(router, page, foreground)) return;
    // Away from where the foreground flow puts the customer: later transitions of that flow
    // must not pull the customer back.
    if (foreground !== undefined && routeFor(foreground.actor.getSnapshot()) !== normalizePath(toLocation.pathname)) flows.release();
  });

  const offRoute = flows.onRoute((route, flow) => {
    const current = normalizePath(router.latestLocation.pathname);
    if (current === route) return;
    // The flow moved on while the navigation to its own page was still on its way (its first read
    // came with the HTML, ADR 0106; a link that names its invoice, ADR 0075). The customer is on
    // that page as far as the rules go: it is recorded as where they come from, as its resolving
    // would have, so the flow's next page is not taken for a page typed in from outside.
    const leaving = findLivePage(current);
    if (router.state.status === 'pending' && leaving?.flow === flow.machineId) recordInternalFrom(leaving);
    const left = leftEntry(router);
    const navigation = flowNavigation(route, flow.actor.getSnapshot(), replacesHistoryEntry(leaving, flow.machineId, left.firstEntry), left);
    const moved = router.navigate(navigation);
    // Back onto the tab's first page: the flow's page replaced the entry above it, and the step
    // back turns that copy into a Forward to the same page, not a Back that seems to do nothing.
    if (navigation.replace && navigation.state.tabFirstPage === route) void moved.then(() => (router.history as RouterHistory).back());
  });

  return () => {
    offBefore();
    offResolved();
    offRoute();
  };
}
