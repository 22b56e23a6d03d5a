/**
 * Serialises a customer's writes: every request that changes a customer's contracts, cards or
 * one-time passwords first locks the customer row inside its transaction, so two requests of one
 * customer (two tabs, a double submit with different keys) are decided one after the other.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customers } from '../db/schema';
import { notFound } from '../http/app-error';
import type { CustomerRow } from './contract-repository';

export async function lockCustomer(tx: Db, sbSystemId: string): Promise<CustomerRow> {
  const [row] = await tx.select().from(customers).where(eq(customers.sbSystemId, sbSystemId)).for('update');
  if (!row) throw notFound();
  return row;
}
