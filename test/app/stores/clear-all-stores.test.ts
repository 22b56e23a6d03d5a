import { beforeEach, describe, expect, it } from 'vitest';
import { authStore } from '../../../src/stores/auth-store';
import { clearAllStores } from '../../../src/stores/clear-all-stores';
import { closeCommonModal, commonModalStore, openCommonModal } from '../../../src/stores/common-modal-store';
import { commonStore } from '../../../src/stores/common-store';
import { readServiceContractId, setServiceContractId } from '../../../src/stores/service-contract-id';
import { invoiceParameterStore } from '../../../src/stores/invoice-parameter-store';
import { hideLoading, loadingStore, showLoading } from '../../../src/stores/loading-store';
import { messageStore, setTermsTxt, termsTxt } from '../../../src/stores/message-store';
import { otpNgMessageStore } from '../../../src/stores/otp-ng-message-store';
import { redirectStore } from '../../../src/stores/redirect-store';

beforeEach(() => {
  sessionStorage.clear();
  clearAllStores();
});

describe('the remaining stores', () => {
  it('keep terms texts by id', () => {
    setTermsTxt('terms-223', '利用規約');
    setTermsTxt('terms-231', '規約2');
    expect(termsTxt('terms-223')).toBe('利用規約');
    expect(messageStore.get().termsTxt).toEqual({ 'terms-223': '利用規約', 'terms-231': '規約2' });
  });

  it('show and hide the loading overlay and the common modal in memory only', () => {
    showLoading('読み込み中');
    expect(loadingStore.get()).toEqual({ visible: true, message: '読み込み中' });
    hideLoading();
    expect(loadingStore.get().visible).toBe(false);
    openCommonModal({ title: 'エラー', msgList: ['a'], navigateToTop: true });
    expect(commonModalStore.get()).toMatchObject({ visible: true, title: 'エラー', msgList: ['a'], navigateToTop: true, subTitle: '' });
    closeCommonModal();
    expect(commonModalStore.get().visible).toBe(false);
    expect(Object.keys(sessionStorage).filter((key) => /loading|modal/.test(key))).toEqual([]);
  });
});

describe('clearAllStores (/doClear)', () => {
  it('resets every store and removes every key of ours, and nothing else', async () => {
    authStore.set({ sessionToken: 'tok', sbSystemId: '1234567890', lv2Authed: true });
    await setServiceContractId('SC-1');
    commonStore.set({ casisAuthorizedRetryCnt: 2 });
    invoiceParameterStore.set({ contents: '2026/10', cfservice: 'CF01' });
    redirectStore.set({ url: 'https://order.sandbox.localhost/' });
    setTermsTxt('t', 'x');
    otpNgMessageStore.set({ otpNgMessage: 'ng' });
    showLoading();
    openCommonModal({ title: 't' });
    sessionStorage.setItem('portal.flow.anshinApply', 'snapshot');
    // The spec's "support" store is the support-history flow's snapshot (ADR 0072).
    sessionStorage.setItem('portal.flow.inStoreSupportHistory', 'snapshot');
    // So is the "user" store: the account flow's snapshot (ADR 0080).
    sessionStorage.setItem('portal.flow.account', 'snapshot');
    sessionStorage.setItem('unrelated', 'keep');

    clearAllStores();

    expect(authStore.get()).toMatchObject({ sessionToken: null, sbSystemId: null, lv2Authed: false });
    expect(commonStore.get()).toMatchObject({ casisAuthorizedRetryCnt: 0, serviceContractIdSealed: null });
    await expect(readServiceContractId()).resolves.toBeNull();
    expect(invoiceParameterStore.get()).toEqual({ contents: null, cfservice: null });
    expect(redirectStore.get().url).toBeNull();
    expect(messageStore.get().termsTxt).toEqual({});
    expect(otpNgMessageStore.get().otpNgMessage).toBeNull();
    expect(loadingStore.get().visible).toBe(false);
    expect(commonModalStore.get().visible).toBe(false);
    expect(Object.keys(sessionStorage)).toEqual(['unrelated']);
  });
});
