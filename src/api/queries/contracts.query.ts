/** GET contracts: the customer's optional-service contracts, payment details masked. */
import { pageEndpoints } from '../../../contracts/page-endpoints';
import { queryOptionsFor } from '../query-options';

export const contractsQueryOptions = () => queryOptionsFor(pageEndpoints.getContracts, {});
