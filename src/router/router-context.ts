/** What every route receives through router context (dependency injection, no globals). */
import type { QueryClient } from '@tanstack/react-query';
import type { FlowRegistry } from '../flows/flow-registry';

export type RouterContext = {
  readonly queryClient: QueryClient;
  readonly flows: FlowRegistry;
};

declare module '@tanstack/history' {
  interface HistoryState {
    /** The code the error page shows, carried in history so a reload keeps it. */
    errorCode?: string;
    /** E0005's maintenance end ("yyyy/mm/dd hh:mm:ss"). */
    endDate?: string;
    /** A sign-on the error page offers (only `/auth/login?…` is honoured). */
    signOnHref?: string;
    /** The start of a flow the error page offers (only a live entry page of the page table is honoured). */
    restartPath?: string;
    /** A catalogue code the page shows to say why the customer landed there (E9997 on the top page). */
    noticeCode?: string;
    /** The query string stripped after the page loaded, for a reload of that page. */
    strippedSearch?: Record<string, string>;
    /** On the entries a flow made on top of the tab's first entry: that entry's page (ADR 0111). */
    tabFirstPage?: string;
  }
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Screen ID of the page table entry this route serves. */
    pageId?: string;
    /** Title of a route outside the page table (demo pages), which renders its own h1. */
    ownTitle?: string;
  }
}
