/** The customer's three services with their state and the procedures open now (the top page's read). */
import { pageEndpoints } from '../../../contracts/page-endpoints';
import { queryOptionsFor } from '../../api/query-options';

export const usageStatusQueryOptions = () => queryOptionsFor(pageEndpoints.getServiceUsageStatus, {});
