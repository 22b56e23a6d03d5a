/**
 * The common store's serviceContractId (spec sections 3 and 9): persisted only sealed with a key
 * derived from the session token; the plain value lives in memory, keyed by the sealed string it
 * came from, and is recovered after a reload by opening the stored value. Loaded with the flows
 * (src/flows/held-contract.ts), never by the entry. docs/decisions/0089-service-contract-id-sealed.md.
 */
import { authStore } from './auth-store';
import { commonStore } from './common-store';
import { openValue, sealValue } from './sealed-value';

// A cleared store (doClear, sign-out) can never match it again: a new seal has a fresh salt and IV.
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
  if (sealed === null) {
    plainServiceContractId = null;
    return null;
  }
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

/** Forgets the in-memory plain contract id (what a reload does). */
export function forgetServiceContractId(): void {
  plainServiceContractId = null;
}
