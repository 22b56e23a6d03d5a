/** The months billed, a page of 12 at a time (GET billing/history, ADR 0073). */
import { billingHistoryEndpoint } from '../../../contracts/api/billing';
import { queryOptionsFor } from '../query-options';

export const billingHistoryQueryOptions = (before?: string) =>
  queryOptionsFor(billingHistoryEndpoint, before === undefined ? {} : { query: { before } });
