/**
 * Login tickets for the external order provider: "<id>.<hmac>", single use, short lived.
 * The HMAC lets the provider refuse a forged ticket without a database read; the row makes it
 * single use (redeeming is one conditional UPDATE).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { orderTickets } from '../db/schema';

export const TICKET_TTL_SECONDS = 120;

const sign = (key: Buffer, id: string) => createHmac('sha256', key).update(`order-ticket:${id}`).digest('base64url');

export async function issueOrderTicket(
  db: Db,
  key: Buffer,
  input: { sbSystemId: string; sessionId: string; userAgent: string },
  now: Date = new Date(),
): Promise<string> {
  const id = randomBytes(24).toString('base64url');
  await db.insert(orderTickets).values({
    id,
    sbSystemId: input.sbSystemId,
    sessionId: input.sessionId,
    userAgent: input.userAgent,
    issuedAt: now,
    expiresAt: new Date(now.getTime() + TICKET_TTL_SECONDS * 1000),
  });
  return `${id}.${sign(key, id)}`;
}

/** The ticket's id when its signature is ours; undefined for anything forged or malformed. */
export function verifyTicket(key: Buffer, ticket: string): string | undefined {
  const [id, signature, extra] = ticket.split('.');
  if (id === undefined || signature === undefined || extra !== undefined || id === '') return undefined;
  const expected = Buffer.from(sign(key, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : undefined;
}

export type TicketRow = typeof orderTickets.$inferSelect;

/** An unredeemed, unexpired ticket (no change). */
export async function findUsableTicket(db: Db, key: Buffer, ticket: string, now: Date = new Date()): Promise<TicketRow | undefined> {
  const id = verifyTicket(key, ticket);
  if (id === undefined) return undefined;
  const [row] = await db
    .select()
    .from(orderTickets)
    .where(and(eq(orderTickets.id, id), isNull(orderTickets.redeemedAt), gt(orderTickets.expiresAt, now)))
    .limit(1);
  return row;
}

/** Redeems a ticket once; a second redemption, an expired or a forged ticket gives undefined. */
export async function redeemOrderTicket(db: Db, key: Buffer, ticket: string, now: Date = new Date()): Promise<TicketRow | undefined> {
  const id = verifyTicket(key, ticket);
  if (id === undefined) return undefined;
  const [row] = await db
    .update(orderTickets)
    .set({ redeemedAt: now })
    .where(and(eq(orderTickets.id, id), isNull(orderTickets.redeemedAt), gt(orderTickets.expiresAt, now)))
    .returning();
  return row;
}
