/** One month's bill: with its lines (POST billing/summary), or per service on a 3G line (POST 3g/billing/summary). */
import { endpoints } from '../../../contracts/endpoints';
import { queryOptionsFor } from '../query-options';

export const billingSummaryQueryOptions = (month: string) => queryOptionsFor(endpoints.getBillingSummary, { body: { month } });

export const legacyBillingSummaryQueryOptions = (month: string) => queryOptionsFor(endpoints.getLegacyBillingSummary, { body: { month } });
