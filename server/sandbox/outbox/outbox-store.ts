/**
 * The gateway's sent messages. In production they leave for real inboxes and phones; the
 * sandbox keeps the most recent ones in memory, owned by one plugin instance, for people and
 * tests to read (docs/decisions/0033-message-outbox.md).
 */
import { randomBytes } from 'node:crypto';

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

export class OutboxStore {
  private readonly messages: OutboxMessage[] = [];

  constructor(private readonly capacity: number) {}

  add(message: Omit<OutboxMessage, 'messageId'>): OutboxMessage {
    const stored: OutboxMessage = { ...message, messageId: `msg_${randomBytes(12).toString('base64url')}` };
    this.messages.push(stored);
    if (this.messages.length > this.capacity) this.messages.splice(0, this.messages.length - this.capacity);
    return stored;
  }

  /** Newest first. */
  list(filter: { to?: string; channel?: MessageChannel; limit: number }): OutboxMessage[] {
    const out: OutboxMessage[] = [];
    for (let index = this.messages.length - 1; index >= 0 && out.length < filter.limit; index -= 1) {
      const message = this.messages[index];
      if (message === undefined) continue;
      if (filter.channel !== undefined && message.channel !== filter.channel) continue;
      if (filter.to !== undefined && message.to !== normalizeRecipient(message.channel, filter.to)) continue;
      out.push(message);
    }
    return out;
  }
}
