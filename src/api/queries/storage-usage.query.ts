/** GET storage/usage: how much of the data box the customer uses. */
import { storageUsageEndpoint } from '../../../contracts/api/anshin-data-box';
import { queryOptionsFor } from '../query-options';

export const storageUsageQueryOptions = () => queryOptionsFor(storageUsageEndpoint, {});
