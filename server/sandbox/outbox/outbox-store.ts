/**
 * The gateway's sent messages. In production they leave for real inboxes and phones; the
 * sandbox keeps the most recent ones in its own table, for people and tests to read
 * (docs/decisions/0033-message-outbox.md).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';

export type MessageChannel = 'email' | 'sms';
export type DeliveryStatus = 'delivered' | 'failed';

export type OutboxMessage = {
  messageId: string;
  channel: MessageChannel;
  /** Lower-cased address, or the phone number's digits (with a leading + when given). */
  to: string;
  subject: string | null;
  body: string;
  acceptedAt: number;
  status: DeliveryStatus;
};

/** The same normal form for what is stored and what a reader asks for. */
export function normalizeRecipient(channel: MessageChannel, to: string): string {
  const value = to.normalize('NFKC').trim();
  return channel === 'email' ? value.toLowerCase() : value.replace(/[\s\-‐‑‒–—―−ー()]/g, '');
}

/** Recipients the sandbox cannot deliver to, so the portal's failure path (W0012) can be walked. */
export const FailingEmailDomain = 'fail.example.test';
export const FailingPhoneSuffix = '0000';

export function deliveryFails(channel: MessageChannel, normalizedTo: string): boolean {
  if (channel === 'sms') return normalizedTo.endsWith(FailingPhoneSuffix);
  const domain = normalizedTo.slice(normalizedTo.lastIndexOf('@') + 1);
  return domain === FailingEmailDomain || domain.endsWith(`.${FailingEmailDomain}`);
}

/** The outbox's table; every process of one deployment reads and writes the same messages. */
export class OutboxStore {
  constructor(
    private readonly db: Db,
    private readonly capacity: number,
  ) {}

  async add(message: Omit<OutboxMessage, 'messageId'>): Promise<OutboxMessage> {
    const stored: OutboxMessage = { ...message, messageId: `msg_${randomBytes(12).toString('base64url')}` };
    const [row] = await this.db
      .insert(outboxMessages)
      .values({
        messageId: stored.messageId,
        channel: stored.channel,
        recipient: stored.to,
        subject: stored.subject,
        body: stored.body,
        acceptedAt: new Date(stored.acceptedAt),
        status: stored.status,
      })
      .returning({ id: outboxMessages.id });
    // Only the latest `capacity` messages are kept.
    if (row !== undefined) await this.db.delete(outboxMessages).where(lte(outboxMessages.id, row.id - this.capacity));
    return stored;
  }

  /** Newest first; `recipients` limits the list to those addresses (already normalised). */
  async list(filter: { to?: string; channel?: MessageChannel; recipients?: readonly string[]; limit: number }): Promise<OutboxMessage[]> {
    if (filter.recipients?.length === 0) return [];
    const conditions = [
      filter.channel === undefined ? undefined : eq(outboxMessages.channel, filter.channel),
      filter.recipients === undefined ? undefined : inArray(outboxMessages.recipient, [...filter.recipients]),
      filter.to === undefined
        ? undefined
        : or(
            and(eq(outboxMessages.channel, 'email'), eq(outboxMessages.recipient, normalizeRecipient('email', filter.to))),
            and(eq(outboxMessages.channel, 'sms'), eq(outboxMessages.recipient, normalizeRecipient('sms', filter.to))),
          ),
    ];
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(and(...conditions))
      .orderBy(desc(outboxMessages.id))
      .limit(filter.limit);
    return rows.map((row) => ({
      messageId: row.messageId,
      channel: row.channel,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      acceptedAt: row.acceptedAt.getTime(),
      status: row.status,
    }));
  }
}
