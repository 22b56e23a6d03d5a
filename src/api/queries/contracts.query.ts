/** GET contracts: the customer's optional-service contracts, payment details masked. */
import { endpoints } from '../../../contracts/endpoints';
import { queryOptionsFor } from '../query-options';

export const contractsQueryOptions = () => queryOptionsFor(endpoints.getContracts, {});
