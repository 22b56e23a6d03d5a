/**
 * The audit of account changes (account_audit, docs/decisions/0078-account-endpoints.md): one row
 * per change, written in the change's own transaction, so a change and its row exist together or
 * not at all. A request that changes nothing writes none.
 */
import type { Db } from '../db/client';
import { accountAudit } from '../db/schema';

export type AuditItem = (typeof accountAudit.$inferInsert)['item'];

/** Who makes a change: the signed-in customer, through which session, from which address, under which request key. */
export type Actor = {
  readonly sbSystemId: string;
  readonly sessionId: string;
  readonly ip: string;
  readonly requestKey: string | undefined;
};

export async function recordChange(tx: Db, actor: Actor, item: AuditItem, before: object, after: object, at: Date): Promise<void> {
  await tx.insert(accountAudit).values({
    sbSystemId: actor.sbSystemId,
    sessionId: actor.sessionId,
    ip: actor.ip,
    item,
    before,
    after,
    at,
    requestKey: actor.requestKey ?? null,
  });
}
