/** The months billed, a page of 12 at a time (GET billing/history, ADR 0073). */
import { endpoints } from '../../../contracts/endpoints';
import { queryOptionsFor } from '../query-options';

export const billingHistoryQueryOptions = (before?: string) =>
  queryOptionsFor(endpoints.getBillingHistory, before === undefined ? {} : { query: { before } });
