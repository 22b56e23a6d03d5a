/**
 * Notices about the account itself (a lock, a changed password or login ID): to the confirmed
 * contact mail address, else by SMS to the line's number, which is always the customer's.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import type { MessageGatewayClient } from '../gateways/message-gateway-client';

export type AccountNotice = { readonly subject: string; readonly lead: string; readonly advice: string };

export async function sendAccountNotice(db: Db, messages: MessageGatewayClient, sbSystemId: string, notice: AccountNotice): Promise<void> {
  const [customer] = await db
    .select({ mailAddress: customers.mailAddress, mailAddressConfirmed: customers.mailAddressConfirmed, phoneNumber: customers.phoneNumber })
    .from(customers)
    .where(eq(customers.sbSystemId, sbSystemId))
    .limit(1);
  if (customer === undefined) return;
  await messages.send(
    customer.mailAddressConfirmed
      ? { channel: 'email', to: customer.mailAddress, subject: `【お客さまポータル】${notice.subject}`, body: [notice.lead, '', notice.advice].join('\n') }
      : { channel: 'sms', to: customer.phoneNumber, body: `お客さまポータル：${notice.lead}${notice.advice}` },
  );
}
