/**
 * The local OpenID provider's state in PostgreSQL (docs/decisions/0046-two-processes.md): its
 * adapter (interactions, provider sessions, authorization codes, grants) and its signing key, so
 * that a sign-in whose requests alternate between server processes, or span a restart, finds
 * the same interaction, code and key in each.
 */
import { generateKeyPairSync } from 'node:crypto';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcProviderEntries } from '../db/schema';

const SigningKeyModel = 'LocalSigningKey';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Forgets the provider's own sessions of an account, so no browser is signed in again without
 * the new password (its session would otherwise skip the password for up to its hour).
 */
export async function endProviderSessions(tx: Db, accountId: string): Promise<void> {
  await tx
    .delete(oidcProviderEntries)
    .where(and(eq(oidcProviderEntries.model, 'Session'), sql`${oidcProviderEntries.payload}->>'accountId' = ${accountId}`));
}

/** The adapter factory oidc-provider's `adapter` option takes: one adapter per model name. */
export function providerAdapter(db: Db): new (model: string) => Adapter {
  return class ProviderAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private entry(id: string) {
      return and(eq(oidcProviderEntries.model, this.model), eq(oidcProviderEntries.id, id));
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const now = new Date();
      const row = {
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        expiresAt: typeof expiresIn === 'number' ? new Date(now.getTime() + expiresIn * 1000) : null,
        consumedAt: null,
      };
      await db
        .insert(oidcProviderEntries)
        .values({ model: this.model, id, ...row })
        .onConflictDoUpdate({ target: [oidcProviderEntries.model, oidcProviderEntries.id], set: row });
      // One clean-up per interaction, i.e. per sign-in: expired entries of every model.
      if (this.model === 'Interaction') await db.delete(oidcProviderEntries).where(lt(oidcProviderEntries.expiresAt, now));
    }

    private async findWhere(condition: ReturnType<typeof and>): Promise<AdapterPayload | undefined> {
      const [row] = await db
        .select()
        .from(oidcProviderEntries)
        .where(and(condition, or(isNull(oidcProviderEntries.expiresAt), gt(oidcProviderEntries.expiresAt, new Date()))))
        .limit(1);
      if (row === undefined) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt === null ? payload : { ...payload, consumed: epochSeconds(row.consumedAt) };
    }

    find(id: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(this.entry(id));
    }

    findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(and(eq(oidcProviderEntries.model, this.model), eq(oidcProviderEntries.uid, uid)));
    }

    findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(and(eq(oidcProviderEntries.model, this.model), eq(oidcProviderEntries.userCode, userCode)));
    }

    async consume(id: string): Promise<void> {
      await db.update(oidcProviderEntries).set({ consumedAt: new Date() }).where(this.entry(id));
    }

    async destroy(id: string): Promise<void> {
      await db.delete(oidcProviderEntries).where(this.entry(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await db.delete(oidcProviderEntries).where(eq(oidcProviderEntries.grantId, grantId));
    }
  };
}

/**
 * The provider's ID token signing key: made once by whichever process needs it first, then read
 * by every process, so an ID token signed by one verifies against the keys another publishes.
 */
export async function sharedSigningKey(db: Db): Promise<object> {
  const stored = async () => {
    const [row] = await db
      .select({ payload: oidcProviderEntries.payload })
      .from(oidcProviderEntries)
      .where(and(eq(oidcProviderEntries.model, SigningKeyModel), eq(oidcProviderEntries.id, 'current')))
      .limit(1);
    return row?.payload as object | undefined;
  };
  const existing = await stored();
  if (existing !== undefined) return existing;
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  await db
    .insert(oidcProviderEntries)
    .values({ model: SigningKeyModel, id: 'current', payload: privateKey.export({ format: 'jwk' }) })
    .onConflictDoNothing();
  const key = await stored();
  if (key === undefined) throw new Error('the signing key was not stored');
  return key;
}
