import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient, resetApiClient } from '../../../src/api/api-client';
import { createAppConfig } from '../../../src/config/app-config';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { createNavigationServices } from '../../../src/navigation/navigation-services';
import { authStore } from '../../../src/stores/auth-store';

function servicesAt(path: string, navigationType: string) {
  window.history.replaceState(null, '', path);
  return createNavigationServices({
    queryClient: new QueryClient(),
    flows: createFlowRegistry({ machines: [] }),
    config: createAppConfig('localhost', {}),
    navigationType: () => navigationType,
  });
}

describe('reload detection', () => {
  it('再読み込みされた文書の最初の移動で、そのパスについて一度だけ再読み込みと答えること', () => {
    const services = servicesAt('/AnshinDataBox/Apply/', 'reload');
    expect(services.isReload?.('/AnshinDataBox/Apply')).toBe(true);
    expect(services.isReload?.('/AnshinDataBox/Apply')).toBe(false);
  });

  it('別のパスや、通常の読み込みでは再読み込みと答えないこと', () => {
    expect(servicesAt('/AnshinDataBox/Apply', 'reload').isReload?.('/AnshinDataBox/Apply/Completed')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Apply', 'navigate').isReload?.('/AnshinDataBox/Apply')).toBe(false);
  });
});

describe('history return detection', () => {
  it('ブラウザの戻る・進むで開かれた文書の最初の移動で、そのパスについて一度だけ戻りと答え、再読み込みや通常の読み込みでは答えないこと', () => {
    const services = servicesAt('/AnshinDataBox/Resume/Confirm', 'back_forward');
    expect(services.isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(true);
    expect(services.isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Resume/Confirm', 'reload').isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
    expect(servicesAt('/AnshinDataBox/Resume/Confirm', 'navigate').isHistoryReturn?.('/AnshinDataBox/Resume/Confirm')).toBe(false);
  });
});

describe('initialising the mail-address check (spec sections 2 and 3)', () => {
  const authInfo = (sessionToken: string) => ({
    sbSystemId: '0000000001',
    sbId: 'taro',
    name: { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
    lv2Authed: true,
    authTime: '2026-11-21T10:00:00+09:00',
    sessionToken,
    sessionExpiresAt: '2026-11-21T11:00:00+09:00',
  });

  function signedInAs(sessionToken: string) {
    configureApiClient({
      retryDelayMs: 0,
      fetch: () => Promise.resolve(new Response(JSON.stringify(authInfo(sessionToken)), { status: 200 })),
    });
    return servicesAt('/Top', 'navigate');
  }

  afterEach(() => {
    resetApiClient();
    authStore.reset();
  });

  it('新しいサインオン（このタブが知らないセッション）では、サービスごとの確認結果を両方 false に戻すこと', async () => {
    authStore.set({ sessionToken: 'old', mailAddressCheckInfo: { dataStorage: true, basketLive: true } });
    await signedInAs('new').loadSession();
    expect(authStore.get().mailAddressCheckInfo).toEqual({ dataStorage: false, basketLive: false });
    expect(authStore.get().sessionToken).toBe('new');
  });

  it('同じセッションのままなら、確認済みの結果を保つこと', async () => {
    authStore.set({ sessionToken: 'same', sbSystemId: '0000000001', lv2Authed: true, mailAddressCheckInfo: { dataStorage: false, basketLive: true } });
    await signedInAs('same').loadSession();
    expect(authStore.get().mailAddressCheckInfo).toEqual({ dataStorage: false, basketLive: true });
  });
});
