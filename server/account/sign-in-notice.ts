/**
 * The notice after each successful sign-in (security settings, docs/decisions/0078-account-endpoints.md):
 * when, from which device and address, to the contact the customer chose, if it is confirmed.
 */
import { eq } from 'drizzle-orm';
import { Channel } from '../../contracts/codes';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import type { MessageGatewayClient, OutgoingMessage } from '../gateways/message-gateway-client';
import { formatJstDateTime } from '../time/jst';
import { describeUserAgent } from './login-history';

export type SignInSeen = { readonly at: Date; readonly userAgent: string; readonly ip: string };

export function signInNotice(db: Db, messages: MessageGatewayClient) {
  return async (sbSystemId: string, seen: SignInSeen): Promise<void> => {
    const [customer] = await db.select().from(customers).where(eq(customers.sbSystemId, sbSystemId)).limit(1);
    if (customer === undefined || customer.signInNoticeChannel === null) return;
    const device = describeUserAgent(seen.userAgent);
    const lead = `${formatJstDateTime(seen.at)}に、お客さまポータルへのログインがありました（${device.device}・${device.browser}、IPアドレス ${seen.ip}）。`;
    const advice = 'お心当たりがない場合は、すぐにパスワードを変更してください。';
    let message: OutgoingMessage | undefined;
    if (customer.signInNoticeChannel === Channel.AccountIdEmail && customer.mailAddressConfirmed) {
      message = { channel: 'email', to: customer.mailAddress, subject: '【お客さまポータル】ログインのお知らせ', body: [lead, '', advice].join('\n') };
    }
    if (customer.signInNoticeChannel === Channel.AccountIdSms && customer.contactPhoneConfirmed && customer.contactPhoneNumber !== null) {
      message = { channel: 'sms', to: customer.contactPhoneNumber, body: `お客さまポータル：${lead}${advice}` };
    }
    if (message !== undefined) await messages.send(message);
  };
}
