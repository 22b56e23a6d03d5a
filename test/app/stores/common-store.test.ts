import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../src/stores/auth-store';
import { clearAllStores } from '../../../src/stores/clear-all-stores';
import { commonStore } from '../../../src/stores/common-store';
import { forgetServiceContractId, readServiceContractId, setServiceContractId } from '../../../src/stores/service-contract-id';

beforeEach(() => {
  sessionStorage.clear();
  clearAllStores();
  authStore.set({ sessionToken: 'token-of-session-one' });
});

/** What a reload does: memory gone, stores read from sessionStorage again. */
function reload(): void {
  forgetServiceContractId();
  authStore.rehydrate();
  commonStore.rehydrate();
}

describe('common store', () => {
  it('defaults casisAuthorizedRetryCnt to 0', () => {
    expect(commonStore.get().casisAuthorizedRetryCnt).toBe(0);
    expect(commonStore.get().serviceContractIdSealed).toBeNull();
  });

  it('stores the service contract id sealed, never in plain text', async () => {
    await setServiceContractId('SC-4242-0001');
    const raw = sessionStorage.getItem(commonStore.storageKey) ?? '';
    expect(raw).not.toContain('SC-4242-0001');
    expect(commonStore.get().serviceContractIdSealed).toMatch(/^v1\./);
    await expect(readServiceContractId()).resolves.toBe('SC-4242-0001');
  });

  it('reads the id back after a reload with the same session token', async () => {
    await setServiceContractId('SC-4242-0001');
    reload();
    await expect(readServiceContractId()).resolves.toBe('SC-4242-0001');
  });

  it('discards the id when the session token changed (a new session)', async () => {
    await setServiceContractId('SC-4242-0001');
    authStore.set({ sessionToken: 'token-of-session-two' });
    reload();
    await expect(readServiceContractId()).resolves.toBeNull();
    expect(commonStore.get().serviceContractIdSealed).toBeNull();
  });

  it('discards a tampered value', async () => {
    await setServiceContractId('SC-4242-0001');
    const sealed = commonStore.get().serviceContractIdSealed ?? '';
    commonStore.set({ serviceContractIdSealed: `${sealed.slice(0, -3)}abc` });
    reload();
    await expect(readServiceContractId()).resolves.toBeNull();
  });

  it('cannot seal without a session token', async () => {
    authStore.set({ sessionToken: null });
    await expect(setServiceContractId('SC-1')).rejects.toThrow(/session token/);
  });

  it('clears the id with null', async () => {
    await setServiceContractId('SC-1');
    await setServiceContractId(null);
    await expect(readServiceContractId()).resolves.toBeNull();
  });
});
