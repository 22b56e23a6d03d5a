/** GET /api/addresses: the prefecture, city and town of a postal code (Japan Post's data, on the server). */
import { addressesEndpoint } from '../../../contracts/api/account-addresses';
import { queryOptionsFor } from '../query-options';

/** `postalCode`: 7 ASCII digits (PostalCodeSchema's output), so each code has one cache entry. */
export const addressesQueryOptions = (postalCode: string) => queryOptionsFor(addressesEndpoint, { query: { postalCode } });
