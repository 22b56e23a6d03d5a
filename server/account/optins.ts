/**
 * Receive settings (customer_optins; docs/decisions/0078-account-endpoints.md). A customer with
 * no rows has the defaults: notices about the amount billed and about the services in use by
 * e-mail, no campaigns, nothing by SMS (opt-in for advertising, Act on Specified Electronic Mail).
 */
import { maySwitchOn } from '../../contracts/account/channel-rules';
import { eq } from 'drizzle-orm';
import { OptinNoticeSchema, type Optin } from '../../contracts/api/account-optins';
import { lockCustomer } from '../contracts/customer-lock';
import type { Db, Effect } from '../db/client';
import { customerOptins } from '../db/schema';
import { invalidRequest, type Issue } from '../http/app-error';
import { recordChange, type Actor } from './account-audit';

export const DefaultOptins: readonly Optin[] = [
  { notice: 'billingAmount', email: true, sms: false },
  { notice: 'serviceNews', email: true, sms: false },
  { notice: 'campaign', email: false, sms: false },
];

export async function readOptins(db: Db, sbSystemId: string): Promise<Optin[]> {
  const rows = await db
    .select({ notice: customerOptins.notice, email: customerOptins.email, sms: customerOptins.sms })
    .from(customerOptins)
    .where(eq(customerOptins.sbSystemId, sbSystemId));
  return OptinNoticeSchema.options.map((notice) => {
    const row = rows.find((candidate) => candidate.notice === notice);
    return row ?? DefaultOptins.find((optin) => optin.notice === notice) ?? { notice, email: false, sms: false };
  });
}

/**
 * Saves the settings. A channel newly switched on needs its contact confirmed (a notice must not
 * go to an address nobody proved); one already on stays on even if its contact is not.
 */
export function updateOptins(effect: Effect, actor: Actor, next: readonly Optin[], now: Date = new Date()): Promise<Optin[]> {
  return effect(async (tx) => {
    const customer = await lockCustomer(tx, actor.sbSystemId);
    const before = await readOptins(tx, actor.sbSystemId);
    const issues: Issue[] = [];
    next.forEach((optin, index) => {
      const was = before[index];
      if (optin.email && !maySwitchOn({ contactConfirmed: customer.mailAddressConfirmed, alreadyOn: was?.email === true })) {
        issues.push({ path: `body.optins.${index}.email`, message: 'メールアドレスが確認済みではないため、メールで受け取る設定にできません。' });
      }
      if (optin.sms && !maySwitchOn({ contactConfirmed: customer.contactPhoneConfirmed, alreadyOn: was?.sms === true })) {
        issues.push({ path: `body.optins.${index}.sms`, message: '連絡先電話番号が確認済みではないため、SMSで受け取る設定にできません。' });
      }
    });
    if (issues.length > 0) throw invalidRequest(issues);
    const changed = next.filter((optin, index) => optin.email !== before[index]?.email || optin.sms !== before[index]?.sms);
    if (changed.length === 0) return before;
    for (const optin of next) {
      await tx
        .insert(customerOptins)
        .values({ sbSystemId: actor.sbSystemId, notice: optin.notice, email: optin.email, sms: optin.sms, updatedAt: now })
        .onConflictDoUpdate({ target: [customerOptins.sbSystemId, customerOptins.notice], set: { email: optin.email, sms: optin.sms, updatedAt: now } });
    }
    await recordChange(tx, actor, 'optins', { optins: before }, { optins: next }, now);
    return [...next];
  });
}
