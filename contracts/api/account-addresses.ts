/**
 * GET /api/addresses (spec section 7; Update/Address): the prefecture, city and town of a postal
 * code, from Japan Post's data shipped with the server (docs/decisions/0078-account-endpoints.md).
 * One code may name several towns, or a whole city (town empty). Unknown code: an empty list.
 */
import { z } from 'zod';
import { NoBody, NoParams, defineEndpoint } from '../endpoint';
import { PostalCodeSchema } from '../text/field-schemas';

export const AddressesQuerySchema = z.object({ postalCode: PostalCodeSchema }).strict();
export type AddressesQuery = z.input<typeof AddressesQuerySchema>;

export const PostalAddressSchema = z.object({
  prefecture: z.string().min(1),
  city: z.string().min(1),
  /** The town (大字・町域); empty when the code covers the whole city. */
  town: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const AddressesSchema = z.object({
  /** The normalised code: 7 ASCII digits. */
  postalCode: z.string().regex(/^[0-9]{7}$/),
  addresses: z.array(PostalAddressSchema),
});
export type Addresses = z.infer<typeof AddressesSchema>;

export const addressesEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/addresses',
  retry: true,
  summary: '郵便番号から住所（都道府県・市区町村・町域）を検索（日本郵便のデータ）',
  params: NoParams,
  query: AddressesQuerySchema,
  body: NoBody,
  response: AddressesSchema,
});
