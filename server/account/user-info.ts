/**
 * The account's user information and its changes: name, address, contact mail address, contact
 * phone (docs/decisions/0078-account-endpoints.md). Every change runs in one transaction that
 * locks the customer's row, writes the new values and one audit row; a request that changes
 * nothing writes nothing. Bad input is refused before anything is written.
 */
import { eq } from 'drizzle-orm';
import type { UserInfo } from '../../contracts/api/account-user-info';
import type { UpdateAddressRequestSchema, UpdateUserNameRequestSchema } from '../../contracts/api/account-user-info';
import { Channel, confirmationStatus } from '../../contracts/codes';
import type { z } from 'zod';
import { findCustomer, type CustomerRow } from '../contracts/contract-repository';
import { lockCustomer } from '../contracts/customer-lock';
import { ContactProofMessage } from '../../contracts/account/contact-proof-rules';
import { isDeliverableMailAddress } from '../../contracts/text/mail-address';
import type { Effect } from '../db/client';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { invalidRequest } from '../http/app-error';
import { consumeVerifiedOtp } from '../otp/otp-store';
import { recordChange, type Actor } from './account-audit';
import { provedContact } from './contact-proof';
import { readOptins } from './optins';
import { addressMatchesPostalCode } from './postal-lookup';

export function toUserInfo(customer: CustomerRow): UserInfo {
  return {
    loginId: customer.loginId,
    name: {
      lastNameKanji: customer.lastNameKanji,
      firstNameKanji: customer.firstNameKanji,
      lastNameKana: customer.lastNameKana,
      firstNameKana: customer.firstNameKana,
    },
    birthday: customer.birthday,
    address: { postalCode: customer.postalCode, address: customer.address, subAddress: customer.subAddress },
    lineNumber: customer.phoneNumber,
    mailAddress: { value: customer.mailAddress, status: confirmationStatus(customer.mailAddress, customer.mailAddressConfirmed) },
    phoneNumber: { value: customer.contactPhoneNumber, status: confirmationStatus(customer.contactPhoneNumber, customer.contactPhoneConfirmed) },
  };
}

export async function readUserInfo(db: Db, sbSystemId: string): Promise<UserInfo> {
  return toUserInfo(await findCustomer(db, sbSystemId));
}

type NameChange = z.output<typeof UpdateUserNameRequestSchema>;
type AddressChange = z.output<typeof UpdateAddressRequestSchema>;

const nameOf = (row: CustomerRow): NameChange => ({
  lastNameKanji: row.lastNameKanji,
  firstNameKanji: row.firstNameKanji,
  lastNameKana: row.lastNameKana,
  firstNameKana: row.firstNameKana,
});
const addressOf = (row: CustomerRow): AddressChange => ({ postalCode: row.postalCode, address: row.address, subAddress: row.subAddress });

const sameValues = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(a).every((key) => a[key] === b[key]);

/**
 * Writes `next` over the customer's columns when it differs from what `current` reads, with its
 * audit row, and answers the user information after it.
 */
async function change<T extends Record<string, unknown>>(
  tx: Db,
  actor: Actor,
  item: 'name' | 'address',
  customer: CustomerRow,
  current: (row: CustomerRow) => T,
  next: T,
  now: Date,
): Promise<UserInfo> {
  const before = current(customer);
  if (sameValues(before, next)) return toUserInfo(customer);
  const [updated] = await tx.update(customers).set(next).where(eq(customers.sbSystemId, customer.sbSystemId)).returning();
  await recordChange(tx, actor, item, before, next, now);
  return toUserInfo(updated ?? customer);
}

export function updateUserName(effect: Effect, actor: Actor, body: NameChange, now: Date = new Date()): Promise<UserInfo> {
  return effect(async (tx) => change(tx, actor, 'name', await lockCustomer(tx, actor.sbSystemId), nameOf, body, now));
}

export function updateAddress(effect: Effect, actor: Actor, body: AddressChange, now: Date = new Date()): Promise<UserInfo> {
  if (!addressMatchesPostalCode(body.postalCode, body.address)) {
    throw invalidRequest([
      { path: 'body.address', message: '郵便番号と住所が一致しません。郵便番号から住所を検索し、都道府県と市区町村から入力してください。' },
    ]);
  }
  return effect(async (tx) => change(tx, actor, 'address', await lockCustomer(tx, actor.sbSystemId), addressOf, body, now));
}

const mailStateOf = (row: CustomerRow) => ({ mailAddress: row.mailAddress, confirmed: row.mailAddressConfirmed });
const phoneStateOf = (row: CustomerRow) => ({ phoneNumber: row.contactPhoneNumber, confirmed: row.contactPhoneConfirmed });

/**
 * Keeps a mail address the customer proved with a code sent to it in this session, as CONFIRMED
 * (a new address, or the unconfirmed one on file). Without such a code: E9998.
 */
export function updateMailAddress(effect: Effect, actor: Actor, mailAddress: string, now: Date = new Date()): Promise<UserInfo> {
  if (!isDeliverableMailAddress(mailAddress)) {
    throw invalidRequest([{ path: 'body.mailAddress', message: ContactProofMessage.undeliverableMail }]);
  }
  return effect(async (tx) => {
    const customer = await lockCustomer(tx, actor.sbSystemId);
    if (customer.mailAddressConfirmed && customer.mailAddress.toLowerCase() === mailAddress.toLowerCase()) {
      throw invalidRequest([{ path: 'body.mailAddress', message: ContactProofMessage.sameConfirmedMail }]);
    }
    await consumeVerifiedOtp(tx, actor, now, provedContact({ mailAddress }));
    const [updated] = await tx
      .update(customers)
      .set({ mailAddress, mailAddressConfirmed: true })
      .where(eq(customers.sbSystemId, customer.sbSystemId))
      .returning();
    await recordChange(tx, actor, 'mailAddress', mailStateOf(customer), { mailAddress, confirmed: true }, now);
    return toUserInfo(updated ?? customer);
  });
}

/**
 * Keeps a contact phone the customer proved with a code sent to it by SMS in this session, as
 * CONFIRMED; or, given null, removes it, unless a setting still sends SMS to it.
 */
export function updatePhoneNumber(effect: Effect, actor: Actor, phoneNumber: string | null, now: Date = new Date()): Promise<UserInfo> {
  return effect(async (tx) => {
    const customer = await lockCustomer(tx, actor.sbSystemId);
    if (phoneNumber === null) {
      if (customer.contactPhoneNumber === null) return toUserInfo(customer);
      await assertNoSmsSetting(tx, customer);
    } else {
      if (customer.contactPhoneConfirmed && customer.contactPhoneNumber === phoneNumber) {
        throw invalidRequest([{ path: 'body.phoneNumber', message: ContactProofMessage.sameConfirmedPhone }]);
      }
      await consumeVerifiedOtp(tx, actor, now, provedContact({ phoneNumber }));
    }
    const next = { contactPhoneNumber: phoneNumber, contactPhoneConfirmed: phoneNumber !== null };
    const [updated] = await tx.update(customers).set(next).where(eq(customers.sbSystemId, customer.sbSystemId)).returning();
    await recordChange(tx, actor, 'phoneNumber', phoneStateOf(customer), { phoneNumber, confirmed: next.contactPhoneConfirmed }, now);
    return toUserInfo(updated ?? customer);
  });
}

async function assertNoSmsSetting(tx: Db, customer: CustomerRow): Promise<void> {
  const optins = await readOptins(tx, customer.sbSystemId);
  if (customer.signInNoticeChannel === Channel.AccountIdSms || optins.some((optin) => optin.sms)) {
    throw invalidRequest([
      {
        path: 'body.phoneNumber',
        message: 'SMSで受け取る設定（ログインのお知らせ・受信設定）があるため、連絡先電話番号を削除できません。先に設定を変更してください。',
      },
    ]);
  }
}
