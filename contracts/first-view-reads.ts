/**
 * What each page's first view (docs/decisions/0106-first-view-from-the-server.md) is drawn from.
 * Only the server reads this table: it is apart from contracts/first-view.ts, which the app's
 * first script imports, so that the pages' contracts stay in the pages' own chunks.
 */
import { billingHistoryEndpoint } from './api/billing';
import { pageEndpoints } from './page-endpoints';

/**
 * What a page's first view is drawn from, by screen ID: the GET reads the page itself makes first
 * (their path templates), which the server asks with the customer's session; the one path
 * parameter is the customer's sbSystemId.
 */
export const firstViewReads: Readonly<Record<string, readonly string[]>> = {
  CMN0002: [pageEndpoints.getServiceUsageStatus.path],
  OPT0001: [pageEndpoints.getServiceUsageStatus.path],
  // The newest twelve months, as the page asks them first (no `before`).
  OPT0002: [billingHistoryEndpoint.path],
};
