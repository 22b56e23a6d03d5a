/**
 * POST mail-addr-portability/contracts (ADR 0063, docs/flows/basket-live.md section 5): the
 * customer proved an address with a confirmation code sent for that purpose in this session;
 * in one transaction that holds the customer's row the code is used up, the address becomes the
 * customer's confirmed address, and one confirmation row records it. Without such a code: E9998
 * and nothing changes.
 */
import { eq } from 'drizzle-orm';
import type {
  MailAddrPortabilityContractsRequest,
  MailAddrPortabilityContractsResponse,
} from '../../contracts/api/mail-address-confirmation';
import type { Db } from '../db/client';
import { customers, mailAddressConfirmations } from '../db/schema';
import { consumeVerifiedOtp } from '../otp/otp-store';
import { lockCustomer } from './customer-lock';
import { assertConfirmableAddress } from './entry-judgement-rules';

export type Confirmer = { sbSystemId: string; sessionId: string };

export async function confirmMailAddress(
  db: Db,
  who: Confirmer,
  body: MailAddrPortabilityContractsRequest,
  now: Date = new Date(),
): Promise<MailAddrPortabilityContractsResponse> {
  return db.transaction(async (tx) => {
    const customer = await lockCustomer(tx, who.sbSystemId);
    assertConfirmableAddress(customer, body.mailAddress);
    const otpChallengeId = await consumeVerifiedOtp(tx, who, now, { mailAddress: body.mailAddress });
    await tx
      .update(customers)
      .set({ mailAddress: body.mailAddress, mailAddressConfirmed: true })
      .where(eq(customers.sbSystemId, who.sbSystemId));
    await tx.insert(mailAddressConfirmations).values({
      sbSystemId: who.sbSystemId,
      serviceId: body.serviceId,
      mailAddress: body.mailAddress,
      previousMailAddress: customer.mailAddress,
      otpChallengeId,
      confirmedAt: now,
    });
    return { serviceId: body.serviceId, mailAddress: body.mailAddress, confirmedAt: now.toISOString() };
  });
}
