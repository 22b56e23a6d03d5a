/** Used and total bytes of a data storage contract (GET storage/usage). */
import { eq } from 'drizzle-orm';
import type { StorageUsageResponse } from '../../contracts/api/anshin-data-box';
import type { Db } from '../db/client';
import { storageUsage } from '../db/schema';

/** Our decision: the data storage plan 225 holds 50 GB (GiB, as storage systems count). */
export const ANSHIN_CAPACITY_BYTES = 50 * 1024 ** 3;

export async function readStorageUsage(db: Db, contractId: string): Promise<StorageUsageResponse | undefined> {
  const [row] = await db.select().from(storageUsage).where(eq(storageUsage.contractId, contractId)).limit(1);
  if (!row) return undefined;
  return { usedBytes: row.usedBytes, capacityBytes: row.capacityBytes, measuredAt: row.measuredAt.toISOString() };
}

/** A new contract starts empty. */
export async function startStorage(tx: Db, contractId: string, now: Date): Promise<void> {
  await tx.insert(storageUsage).values({ contractId, usedBytes: 0, capacityBytes: ANSHIN_CAPACITY_BYTES, measuredAt: now }).onConflictDoNothing();
}

/** An immediate withdrawal deletes the stored data (docs/flows/anshin-data-box.md section 3). */
export async function dropStorage(tx: Db, contractId: string): Promise<void> {
  await tx.delete(storageUsage).where(eq(storageUsage.contractId, contractId));
}
