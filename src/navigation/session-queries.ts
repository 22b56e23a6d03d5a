/**
 * The reads the navigation rules make before a page: who is signed in, the line's contract
 * info (the spec's "common info") and the general master data. One `queryOptions` factory
 * each, so the rules and the pages share one cache entry per read.
 */
import { pageEndpoints } from '../../contracts/page-endpoints';
import { queryOptionsFor } from '../api/query-options';

export const authInfoQueryOptions = () => queryOptionsFor(pageEndpoints.getAuthInfo, {});

export const lineContractQueryOptions = () => queryOptionsFor(pageEndpoints.getLineContract, {});

/** "Fetching general master data" happens once per tab: the master does not change in a session. */
export const paymentMethodMasterQueryOptions = () => ({
  ...queryOptionsFor(pageEndpoints.getPaymentMethodMaster, {}),
  staleTime: Number.POSITIVE_INFINITY,
});
