/** One month's bill: with its lines (POST billing/summary), or per service on a 3G line (POST 3g/billing/summary). */
import { billingSummaryEndpoint, legacyBillingSummaryEndpoint } from '../../../contracts/api/billing';
import { queryOptionsFor } from '../query-options';

export const billingSummaryQueryOptions = (month: string) => queryOptionsFor(billingSummaryEndpoint, { body: { month } });

export const legacyBillingSummaryQueryOptions = (month: string) => queryOptionsFor(legacyBillingSummaryEndpoint, { body: { month } });
