/**
 * The account menu's user information (spec sections 2 and 3 "userBeforeData"; docs/decisions/
 * 0078-account-endpoints.md): what the customer sees on Confirm/UserInfo, Contact/Info and
 * Security/Info, and the updates of name and address. The spec lists no call for them; the
 * paths follow its `update/...` naming under the customer.
 * The contact mail address and phone number are changed by account-contact.ts.
 */
import { z } from 'zod';
import { ConfirmationStatus } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { KatakanaNameSchema, PostalCodeSchema } from '../text/field-schemas';
import { JstDateSchema } from './current-date';

export const ConfirmationStatusSchema = z.enum([ConfirmationStatus.NotSet, ConfirmationStatus.Unconfirmed, ConfirmationStatus.Confirmed]);

/** Longest kanji name part we accept (our decision, as KanaNameMaxLength). */
export const KanjiNameMaxLength = 30;

/**
 * One part of a name as written (姓 or 名): NFKC, trimmed; letters of any script with the
 * marks names use (々 〆 ヶ ー ・), no digits or other symbols.
 */
export const KanjiNameSchema = z
  .string({ error: 'お名前を入力してください。' })
  .transform((value) => value.normalize('NFKC').trim())
  .pipe(
    z
      .string()
      .min(1, { error: 'お名前を入力してください。', abort: true })
      .regex(/^[\p{L}\p{M}々〆ヶー・]+$/u, { error: 'お名前に使えない文字が含まれています。', abort: true })
      .max(KanjiNameMaxLength, { error: `お名前は${KanjiNameMaxLength}文字以内で入力してください。` }),
  );

export const UserNameSchema = z.object({
  lastNameKanji: z.string(),
  firstNameKanji: z.string(),
  lastNameKana: z.string(),
  firstNameKana: z.string(),
});
export type UserName = z.infer<typeof UserNameSchema>;

/** The spec's address: postal code (7 digits), the address up to the block number, and the building on its own line. */
export const UserAddressSchema = z.object({
  postalCode: z.string().regex(/^[0-9]{7}$/),
  address: z.string(),
  subAddress: z.string(),
});
export type UserAddress = z.infer<typeof UserAddressSchema>;

/** A contact (mail address or phone number) with its confirmation status (spec section 4). */
export const ContactStateSchema = z.object({
  value: z.string().nullable(),
  status: ConfirmationStatusSchema,
});
export type ContactState = z.infer<typeof ContactStateSchema>;

export const UserInfoSchema = z.object({
  /** The alphanumeric login ID (the spec's sbId). */
  loginId: z.string(),
  name: UserNameSchema,
  /** "yyyy/mm/dd"; not changeable here (it identifies the contract holder). */
  birthday: JstDateSchema,
  address: UserAddressSchema,
  /** The mobile line's number (11 digits); not changeable here. */
  lineNumber: z.string().regex(/^[0-9]{11}$/),
  /** The contact mail address: one-time passwords and notices by e-mail go there. */
  mailAddress: ContactStateSchema,
  /** The contact phone number for SMS (11 digits) or null when not set. */
  phoneNumber: ContactStateSchema,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

export const UpdateUserNameRequestSchema = z
  .object({
    lastNameKanji: KanjiNameSchema,
    firstNameKanji: KanjiNameSchema,
    lastNameKana: KatakanaNameSchema,
    firstNameKana: KatakanaNameSchema,
  })
  .strict();
export type UpdateUserNameRequest = z.input<typeof UpdateUserNameRequestSchema>;

/** Longest address line and building line we accept (our decision; 全角 60 fits a label). */
export const AddressLineMaxLength = 60;

const addressLine = (label: string, required: boolean) =>
  z
    .string({ error: `${label}を入力してください。` })
    .transform((value) => value.normalize('NFKC').trim())
    .pipe(
      z
        .string()
        .min(required ? 1 : 0, { error: `${label}を入力してください。`, abort: true })
        .max(AddressLineMaxLength, { error: `${label}は${AddressLineMaxLength}文字以内で入力してください。`, abort: true })
        .regex(/^[^\p{Cc}\p{Cf}<>]*$/u, { error: `${label}に使えない文字が含まれています。` }),
    );

/**
 * The new address: the postal code (any width, with or without a dash), the address, which must
 * begin with the prefecture and city that postal code belongs to, and the building line.
 */
export const UpdateAddressRequestSchema = z
  .object({
    postalCode: PostalCodeSchema,
    address: addressLine('住所', true),
    subAddress: addressLine('建物名・部屋番号', false),
  })
  .strict();
export type UpdateAddressRequest = z.input<typeof UpdateAddressRequestSchema>;

export const userInfoEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/user/info',
  retry: true,
  summary: 'お客さま情報（お名前・生年月日・住所・連絡先と確認状態・ログインID）',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: UserInfoSchema,
});

export const updateUserNameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/name',
  retry: false,
  idempotent: true,
  level2: true,
  summary: 'お名前（漢字・フリガナ）の変更',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateUserNameRequestSchema,
  response: UserInfoSchema,
});

export const updateAddressEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/address',
  retry: false,
  idempotent: true,
  level2: true,
  summary: 'ご住所の変更（郵便番号に合う都道府県・市区町村で始まること）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateAddressRequestSchema,
  response: UserInfoSchema,
});
