/** The customer's three services with their state and the procedures open now (the top page's read). */
import { endpoints } from '../../../contracts/endpoints';
import { queryOptionsFor } from '../../api/query-options';

export const usageStatusQueryOptions = () => queryOptionsFor(endpoints.getServiceUsageStatus, {});
