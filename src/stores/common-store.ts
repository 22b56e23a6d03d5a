/**
 * Common per-session state (spec section 3, "common"). `serviceContractId` is persisted only
 * sealed with a key derived from the session token (spec section 9); the plain value lives in
 * memory and is recovered after a reload with `readServiceContractId`.
 */
import { z } from 'zod/mini';
import { authStore } from './auth-store';
import { openValue, sealValue } from './sealed-value';
import { createPersistedStore } from './store-core';

export const CommonStateSchema = z.object({
  /** `v1.<salt>.<iv>.<ciphertext>` (sealed-value.ts); never the plain id. */
  serviceContractIdSealed: z.nullable(z.string()),
  contractStatus: z.nullable(z.string()),
  userType: z.nullable(z.string()),
  /** The previous internal page id (page guards read it). */
  internalFrom: z.nullable(z.string()),
  casisAuthorizedRetryCnt: z.int().check(z.minimum(0)),
  transitionFromTypeForApply: z.nullable(z.string()),
  /** The spec's TORCancelPageId. */
  torCancelPageId: z.nullable(z.string()),
});
export type CommonState = z.infer<typeof CommonStateSchema>;

export const commonStore = createPersistedStore({
  name: 'common',
  version: 1,
  schema: CommonStateSchema,
  defaults: (): CommonState => ({
    serviceContractIdSealed: null,
    contractStatus: null,
    userType: null,
    internalFrom: null,
    casisAuthorizedRetryCnt: 0,
    transitionFromTypeForApply: null,
    torCancelPageId: null,
  }),
});

let plainServiceContractId: { sealed: string; value: string } | null = null;

function sessionToken(): string {
  const token = authStore.get().sessionToken;
  if (token === null || token === '') throw new Error('no session token to seal the service contract id with');
  return token;
}

/** Stores the contract id sealed under the current session token (null clears it). */
export async function setServiceContractId(id: string | null): Promise<void> {
  if (id === null) {
    plainServiceContractId = null;
    commonStore.set({ serviceContractIdSealed: null });
    return;
  }
  const sealed = await sealValue(id, sessionToken());
  plainServiceContractId = { sealed, value: id };
  commonStore.set({ serviceContractIdSealed: sealed });
}

/**
 * The contract id, or null. A value that does not open under the current session token (an
 * old session, tampering) is discarded from the store.
 */
export async function readServiceContractId(): Promise<string | null> {
  const sealed = commonStore.get().serviceContractIdSealed;
  if (sealed === null) return null;
  if (plainServiceContractId?.sealed === sealed) return plainServiceContractId.value;
  const token = authStore.get().sessionToken;
  const value = token ? await openValue(sealed, token) : null;
  if (value === null) {
    if (commonStore.get().serviceContractIdSealed === sealed) commonStore.set({ serviceContractIdSealed: null });
    return null;
  }
  plainServiceContractId = { sealed, value };
  return value;
}

/** Forgets the in-memory plain contract id (clearAllStores). */
export function forgetServiceContractId(): void {
  plainServiceContractId = null;
}
