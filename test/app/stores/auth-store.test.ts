import { beforeEach, describe, expect, it } from 'vitest';
import { AuthStateSchema, authStore, resetMailAddressCheckInfo, setAuthorizedClientId } from '../../../src/stores/auth-store';
import { clearAllStores } from '../../../src/stores/clear-all-stores';

beforeEach(() => {
  sessionStorage.clear();
  clearAllStores();
});

describe('auth store', () => {
  it('defaults: nothing initialised, no session, both mail-address checks false', () => {
    expect(authStore.get()).toMatchObject({
      configInitialized: false,
      businessDateInitialized: false,
      sessionToken: null,
      sbSystemId: null,
      authorizedClientId: null,
      lv2Authed: false,
      mailAddressCheckInfo: { dataStorage: false, basketLive: false },
    });
  });

  it('sets authorizedClientId only once', () => {
    expect(setAuthorizedClientId('client-a')).toBe(true);
    expect(setAuthorizedClientId('client-b')).toBe(false);
    expect(authStore.get().authorizedClientId).toBe('client-a');
  });

  it('resets both mail-address check flags to false', () => {
    authStore.set({ mailAddressCheckInfo: { dataStorage: true, basketLive: true } });
    resetMailAddressCheckInfo();
    expect(authStore.get().mailAddressCheckInfo).toEqual({ dataStorage: false, basketLive: false });
  });

  it('has no field for an id token or access token, and never writes one to storage', () => {
    expect(Object.keys(AuthStateSchema.shape)).not.toContain('idToken');
    expect(Object.keys(AuthStateSchema.shape).filter((key) => /token/i.test(key))).toEqual(['sessionToken']);
    authStore.set({ sessionToken: 'csrf', sbSystemId: '1234567890', ...({ idToken: 'eyJhbGciOi.secret' } as object) });
    expect(sessionStorage.getItem(authStore.storageKey)).not.toContain('eyJ');
    authStore.rehydrate();
    expect(authStore.get()).not.toHaveProperty('idToken');
    expect(authStore.get().sbSystemId).toBe('1234567890');
  });
});
