/**
 * The session with its customer and the customer's contracts, in one query
 * (docs/decisions/0109-session-and-contracts-in-one-read.md). The contract reads are the calls a
 * signed-in page makes first and most; reading the session and then the contracts cost two batch
 * waits and two round trips one after the other. Only the session's own customer is read, so a
 * call for another customer's number reads nobody else's rows before it is refused (403).
 *
 * Nothing is kept between calls: like findActiveSession, every call reads the database, batched
 * with the calls of the same turn of the event loop (server/db/read-batch.ts).
 */
import { and, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { batchPerHandle } from '../db/read-batch';
import { customers, serviceContracts, sessions } from '../db/schema';
import { contractOrder, contractViewColumns, customerViewColumns, type CustomerWithContracts } from '../contracts/contract-repository';
import { keepActive, type SessionRow } from './session-store';

export type SessionWithContracts = { readonly session: SessionRow; readonly own: CustomerWithContracts };

function prepareSessionsWithContracts(db: Db) {
  return db
    .select({ session: getTableColumns(sessions), customer: customerViewColumns, contract: contractViewColumns })
    .from(sessions)
    // The session's customer always exists (a foreign key); its contracts may not.
    .innerJoin(customers, eq(customers.sbSystemId, sessions.sbSystemId))
    .leftJoin(serviceContracts, eq(serviceContracts.sbSystemId, sessions.sbSystemId))
    .where(and(sql`${sessions.id} = any(${sql.placeholder('ids')})`, isNull(sessions.revokedAt)))
    .orderBy(...contractOrder)
    .prepare('unrevoked_sessions_with_contracts');
}

const sessionsWithContracts = batchPerHandle((db: Db) => {
  const query = prepareSessionsWithContracts(db);
  return async (ids: readonly string[]) => {
    const found = new Map<string, SessionWithContracts>();
    // Rows come in listContracts' order within each session.
    for (const row of await query.execute({ ids })) {
      let entry = found.get(row.session.id);
      if (entry === undefined) {
        entry = { session: row.session, own: { customer: row.customer, contracts: [] } };
        found.set(row.session.id, entry);
      }
      if (row.contract !== null) entry.own.contracts.push(row.contract);
    }
    return found;
  };
});

/**
 * The active session with this id (findActiveSession's rules: not revoked, not expired, its
 * expiry slid at most once a minute) with its customer's contracts, read in the same statement.
 */
export async function findActiveSessionWithContracts(db: Db, id: string, now: Date = new Date()): Promise<SessionWithContracts | undefined> {
  if (id === '') return undefined;
  const found = await sessionsWithContracts(db).load(id);
  if (found === undefined) return undefined;
  const session = await keepActive(db, found.session, now);
  return session === undefined ? undefined : { session, own: found.own };
}
