/**
 * What some pages do before they render, by screen ID, in the router's order
 * validateSearch -> beforeLoad -> loader. The views themselves are in src/pages/page-views.ts.
 * The rules every page shares are not here: they run once, in the root route
 * (src/navigation/navigation-rules.ts).
 */
import type { AnyRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { pageEndpoints } from '../../contracts/page-endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { callApi } from '../api/api-client';
import { hasFirstAnswers } from '../api/first-answers';
import { appConfig, isAllowedRedirectTarget } from '../config/app-config';
import { FlowEvent, type ProviderOutcome, type ProviderReturnedEvent } from '../flows/flow-events';
import { throwErrorPage, throwRedirect } from '../navigation/error-redirect';
import { ErrorSearchSchema } from '../pages/error/error-page';
import { authInfoQueryOptions } from '../navigation/session-queries';
import type { RedirectLoaderData } from '../pages/redirect/redirect-target';
import { usageStatusQueryOptions } from '../pages/top/usage-status-query';
import { authStore } from '../stores/auth-store';
import { clearAllStores } from '../stores/clear-all-stores';
import { redirectStore } from '../stores/redirect-store';
import type { RouterContext } from './router-context';

type Location = { pathname: string; state: { strippedSearch?: Record<string, string> } };
type BeforeLoadArgs = { context: RouterContext; location: Location; search: Record<string, unknown> };
type LoaderArgs = { context: RouterContext & Record<string, unknown> };

export type PageRouteOptions = {
  readonly validateSearch?: z.ZodMiniType;
  readonly beforeLoad?: (args: BeforeLoadArgs) => unknown;
  readonly loader?: (args: LoaderArgs) => unknown;
};

/** A value of the query string, or of the same query string after it was stripped (a reload). */
function searchValue(search: Record<string, unknown>, location: Location, name: string): string | undefined {
  const value = search[name];
  if (typeof value === 'string' && value !== '') return value;
  return location.state.strippedSearch?.[name];
}

const optionalText = z.catch(z.optional(z.string().check(z.minLength(1), z.maxLength(2048))), undefined);

const paymentReturn = (outcome: ProviderOutcome): PageRouteOptions => ({
  validateSearch: z.object({ flowId: optionalText }),
  beforeLoad: async ({ context, location, search }) => {
    const flowId = searchValue(search, location, 'flowId');
    // The run's machine loads first (docs/decisions/0037-lazy-flow-machines.md).
    if (flowId !== undefined) await context.flows.loadByFlowId(flowId);
    const flow = flowId === undefined ? undefined : context.flows.getByFlowId(flowId);
    if (flow === undefined) throwErrorPage(ErrorCode.InvalidAccess);
    const event: ProviderReturnedEvent = { type: FlowEvent.ProviderReturned, outcome };
    // A reload of this page must not report the return twice: the machine has moved on.
    if (flow.actor.getSnapshot().can(event)) flow.actor.send(event);
    // No redirect here: this page resolves and keeps its own history entry, and the navigation
    // effects then push the flow's page on top of it (followFlowFromReturnPage), so the entry
    // behind the flow is the portal's and browser Back meets the Back guard, not the provider.
    context.flows.focus(flow.machineId);
    return { flowId: flow.flowId };
  },
});

/**
 * The customer's usage, read before a page that the server may draw from it (ADR 0106) renders,
 * so that the page the app takes over with is the whole page. Without it the page still shows,
 * and its own query asks again.
 */
const usageLoader = ({ context }: LoaderArgs) => context.queryClient.ensureQueryData(usageStatusQueryOptions()).catch(() => undefined);

/**
 * A contract page (Service/Detail) shows the incentive and, for the data storage, the storage used
 * beside its flow's contract, each read by its own section. Where the document answered them (a
 * page the server drew, ADR 0106, 0110), they are in the cache before the page renders, so that
 * the app takes the page over whole; otherwise the sections read them and the page does not wait.
 */
const contractPageLoader =
  (pageId: string) =>
  async ({ context }: LoaderArgs): Promise<void> => {
    if (!hasFirstAnswers()) return;
    const { contractPageReads } = await import('./contract-page-reads');
    await contractPageReads[pageId]?.(context.queryClient);
  };

export const pageRouteOptions: Readonly<Record<string, PageRouteOptions>> = {
  // Landing: a signed-in customer goes straight to the top page.
  CMN0001: {
    beforeLoad: async ({ context }) => {
      const signedIn = await context.queryClient.fetchQuery(authInfoQueryOptions()).then(
        () => true,
        () => false,
      );
      if (signedIn) throwRedirect({ to: '/Top', replace: true });
    },
  },
  CMN0002: {
    loader: ({ context }) => context.queryClient.ensureQueryData(usageStatusQueryOptions()),
  },
  OPT0001: { loader: usageLoader },
  // The service landings too: their 申し込む depends on the usage.
  ADB0001: { loader: usageLoader },
  BKL0001: { loader: usageLoader },
  ADB0004: { loader: contractPageLoader('ADB0004') },
  BKL0004: { loader: contractPageLoader('BKL0004') },
  OPT0002: {
    // The same for the newest months of the billing history. Its contract is imported here, not
    // above, so that it comes with the page's chunk and not with the first script.
    loader: async ({ context }) => {
      const { billingHistoryQueryOptions } = await import('../api/queries/billing-history.query');
      return context.queryClient.ensureQueryData(billingHistoryQueryOptions()).catch(() => undefined);
    },
  },
  CMN0003: {
    validateSearch: z.object({ url: optionalText }),
    beforeLoad: ({ location, search }) => {
      const target = searchValue(search, location, 'url') ?? redirectStore.get().url;
      if (target === undefined || target === null || !isAllowedRedirectTarget(appConfig, target)) {
        throwErrorPage(ErrorCode.InvalidAccess);
      }
      return { redirectTarget: target };
    },
    loader: async ({ context }): Promise<RedirectLoaderData> => {
      const target = context.redirectTarget as string;
      const result = await callApi(pageEndpoints.issueTicket, {
        body: { tokenId: authStore.get().sessionToken ?? '', userAgent: navigator.userAgent.slice(0, 1024) },
        errorHandler: false,
      });
      return { target, ticket: result.ok ? result.data.ticket : null };
    },
  },
  CMN0004: {
    beforeLoad: ({ context }) => {
      clearAllStores();
      context.flows.clear();
      context.queryClient.clear();
      throwRedirect({ to: '/', replace: true });
    },
  },
  CMN0005: { validateSearch: ErrorSearchSchema },
  CMN0006: paymentReturn('completed'),
  CMN0007: paymentReturn('cancelled'),
};

/** Narrows the loosely typed options to what createRoute accepts. */
export function routeOptionsFor(pageId: string): Partial<Pick<AnyRoute['options'], 'validateSearch' | 'beforeLoad' | 'loader'>> {
  return (pageRouteOptions[pageId] ?? {}) as Partial<Pick<AnyRoute['options'], 'validateSearch' | 'beforeLoad' | 'loader'>>;
}
