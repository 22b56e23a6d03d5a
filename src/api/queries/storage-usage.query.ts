/** GET storage/usage: how much of the data box the customer uses. */
import { endpoints } from '../../../contracts/endpoints';
import { queryOptionsFor } from '../query-options';

export const storageUsageQueryOptions = () => queryOptionsFor(endpoints.getStorageUsage, {});
