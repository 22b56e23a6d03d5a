/**
 * The navigation rules' view of the world: the API (through TanStack Query and the API
 * client), the stores, the flow registry and the browser.
 */
import type { QueryClient } from '@tanstack/react-query';
import { pageEndpoints } from '../../contracts/page-endpoints';
import { normalizePath } from '../../machines/page-table';
import { ApiRequestError, callApi } from '../api/api-client';
import type { AppConfig } from '../config/app-config';
import { flowInput } from '../flows/flow-inputs';
import type { FlowRegistry } from '../flows/flow-registry';
import { logger } from '../lib/logger';
import { authStore, resetMailAddressCheckInfo } from '../stores/auth-store';
import { commonStore } from '../stores/common-store';
import { redirectStore } from '../stores/redirect-store';
import { CallFailure, type NavigationServices, type SessionInfo } from './navigation-rules';
import { authInfoQueryOptions, lineContractQueryOptions, paymentMethodMasterQueryOptions } from './session-queries';
import { invoiceParameterStore, takeInvoiceParameter } from '../stores/invoice-parameter-store';

export function toCallFailure(error: unknown): unknown {
  return error instanceof ApiRequestError ? new CallFailure(error.status, error.errorCode, error.endDate) : error;
}

async function asCallFailure<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toCallFailure(error);
  }
}

export type NavigationServicesOptions = {
  readonly queryClient: QueryClient;
  readonly flows: FlowRegistry;
  readonly config: AppConfig;
  readonly referrer?: () => string;
  /** The browser's navigation type of this document (performance timeline); 'navigate' when unknown. */
  readonly navigationType?: () => string;
};

function documentNavigationType(): string {
  const [entry] = typeof performance === 'undefined' ? [] : performance.getEntriesByType('navigation');
  return entry !== undefined && 'type' in entry && typeof entry.type === 'string' ? entry.type : 'navigate';
}

export function createNavigationServices(options: NavigationServicesOptions): NavigationServices {
  const { queryClient } = options;
  // Only the document's first navigation can be the reload; every later one is in-app.
  const navigationType = (options.navigationType ?? documentNavigationType)();
  const firstPath = typeof window !== 'undefined' ? normalizePath(window.location.pathname) : null;
  let reloadedPath: string | null = navigationType === 'reload' ? firstPath : null;
  // Only the document's first navigation can be the browser's Back or Forward; every later one is in-app.
  let returnedPath: string | null = navigationType === 'back_forward' ? firstPath : null;
  return {
    isReload: (path) => {
      const reloaded = reloadedPath === path;
      reloadedPath = null;
      return reloaded;
    },
    isHistoryReturn: (path) => {
      const returned = returnedPath === path;
      returnedPath = null;
      return returned;
    },
    config: options.config,
    flows: options.flows,
    referrer: options.referrer ?? (() => document.referrer),
    internalFrom: () => commonStore.get().internalFrom,
    loadSession: () =>
      asCallFailure(async () => {
        const info = await queryClient.ensureQueryData(authInfoQueryOptions());
        const current = authStore.get();
        // A session this tab has not seen is a new sign-on: the mail-address check starts over
        // (spec section 2 "initialising the mail-address check", section 3 "both reset to false").
        if (current.sessionToken !== info.sessionToken) resetMailAddressCheckInfo();
        if (current.sbSystemId !== info.sbSystemId || current.sessionToken !== info.sessionToken || current.lv2Authed !== info.lv2Authed) {
          authStore.set({ sbSystemId: info.sbSystemId, sbId: info.sbId, sessionToken: info.sessionToken, lv2Authed: info.lv2Authed });
        }
        const session: SessionInfo = { sbSystemId: info.sbSystemId, sessionToken: info.sessionToken, lv2Authed: info.lv2Authed };
        return session;
      }),
    loadCommonInfo: (session) =>
      asCallFailure(async () => {
        const line = await queryClient.ensureQueryData(lineContractQueryOptions());
        if (line.sbSystemId !== session.sbSystemId) return false;
        const common = commonStore.get();
        if (common.contractStatus !== line.lineStatus || common.userType !== line.userType) {
          commonStore.set({ contractStatus: line.lineStatus, userType: line.userType });
        }
        return true;
      }),
    loadMasterData: () =>
      asCallFailure(async () => {
        await queryClient.ensureQueryData(paymentMethodMasterQueryOptions());
      }),
    prefetchIncentive: () => {
      // Loaded with the fetch, not with the entry: only the pages that show it need its schema.
      import('../api/queries/active-coupons.query')
        .then(({ activeCouponsQueryOptions }) => queryClient.prefetchQuery(activeCouponsQueryOptions()))
        .catch((error: unknown) => logger.warn('incentive not fetched', { error: String(error) }));
    },
    checkRegulation: async (page) => {
      // The regulation-page header of every later call names the page the customer is on.
      if (authStore.get().pageId !== page.id) authStore.set({ pageId: page.id });
      const result = await callApi(pageEndpoints.checkRegulation, { body: { pageId: page.id }, errorHandler: false });
      if (!result.ok) throw new CallFailure(result.status, result.error.code, result.error.endDate);
    },
    flowInput: ({ flowId, machineId, sbSystemId, path }) => ({
      ...flowInput({ flowId, sbSystemId, origin: window.location.origin }),
      // The invoice a link named (kept across the sign-on) is the invoice flow's to take.
      ...(machineId === 'invoice' ? { invoiceParameter: takeInvoiceParameter() } : {}),
      // The account flow starts on whichever of its pages was opened (ADR 0080).
      ...(machineId === 'account' ? { entryPath: path } : {}),
    }),
    rememberInvoiceParameter: (parameter) => invoiceParameterStore.set(parameter),
    rememberRedirect: (url) => redirectStore.set({ url }),
  };
}
