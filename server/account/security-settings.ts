/**
 * Security settings (docs/decisions/0078-account-endpoints.md): the notice after each sign-in,
 * and when the password last changed. The notice itself is sent by sign-on (sign-in-notice.ts).
 */
import { maySwitchOn } from '../../contracts/account/channel-rules';
import { eq } from 'drizzle-orm';
import type { SecuritySettings, SignInNoticeChannel } from '../../contracts/api/account-security';
import { Channel } from '../../contracts/codes';
import { findCustomer, type CustomerRow } from '../contracts/contract-repository';
import { lockCustomer } from '../contracts/customer-lock';
import type { Db, Effect } from '../db/client';
import { customers } from '../db/schema';
import { invalidRequest } from '../http/app-error';
import { formatJstDateTime } from '../time/jst';
import { recordChange, type Actor } from './account-audit';

export function toSecuritySettings(customer: Pick<CustomerRow, 'signInNoticeChannel' | 'passwordChangedAt'>): SecuritySettings {
  return {
    signInNoticeChannel: customer.signInNoticeChannel,
    passwordChangedAt: customer.passwordChangedAt === null ? null : formatJstDateTime(customer.passwordChangedAt),
  };
}

export async function readSecuritySettings(db: Db, sbSystemId: string): Promise<SecuritySettings> {
  return toSecuritySettings(await findCustomer(db, sbSystemId));
}

export function updateSecuritySettings(
  effect: Effect,
  actor: Actor,
  channel: SignInNoticeChannel | null,
  now: Date = new Date(),
): Promise<SecuritySettings> {
  return effect(async (tx) => {
    const customer = await lockCustomer(tx, actor.sbSystemId);
    if (channel === customer.signInNoticeChannel) return toSecuritySettings(customer);
    // The channel differs from the one on file (answered above), so it is newly switched on.
    if (channel === Channel.AccountIdSms && !maySwitchOn({ contactConfirmed: customer.contactPhoneConfirmed, alreadyOn: false })) {
      throw invalidRequest([{ path: 'body.signInNoticeChannel', message: '連絡先電話番号が確認済みではないため、SMSで受け取る設定にできません。' }]);
    }
    if (channel === Channel.AccountIdEmail && !maySwitchOn({ contactConfirmed: customer.mailAddressConfirmed, alreadyOn: false })) {
      throw invalidRequest([{ path: 'body.signInNoticeChannel', message: 'メールアドレスが確認済みではないため、メールで受け取る設定にできません。' }]);
    }
    const [updated] = await tx
      .update(customers)
      .set({ signInNoticeChannel: channel })
      .where(eq(customers.sbSystemId, actor.sbSystemId))
      .returning();
    await recordChange(tx, actor, 'securitySettings', { signInNoticeChannel: customer.signInNoticeChannel }, { signInNoticeChannel: channel }, now);
    return toSecuritySettings(updated ?? customer);
  });
}
