import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LineStatus } from '../../../contracts/codes';
import { findLivePage } from '../../../machines/page-table';
import { configureApiClient, resetApiClient } from '../../../src/api/api-client';
import { createAppConfig } from '../../../src/config/app-config';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { CallFailure } from '../../../src/navigation/navigation-rules';
import { createNavigationServices } from '../../../src/navigation/navigation-services';
import { paymentMethodMasterQueryOptions } from '../../../src/navigation/session-queries';
import { authStore } from '../../../src/stores/auth-store';
import { commonStore } from '../../../src/stores/common-store';
import { invoiceParameterStore } from '../../../src/stores/invoice-parameter-store';
import { redirectStore } from '../../../src/stores/redirect-store';

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

describe('the navigation type of the document', () => {
  afterEach(() => vi.unstubAllGlobals());

  function servicesWithTimeline(entries: unknown[]) {
    vi.stubGlobal('performance', { getEntriesByType: (type: string) => (type === 'navigation' ? entries : []) });
    window.history.replaceState(null, '', '/Top');
    return createNavigationServices({ queryClient: new QueryClient(), flows: createFlowRegistry({ machines: [] }), config: createAppConfig('localhost', {}) });
  }

  it('読み込みの種類をブラウザの記録から読むこと', () => {
    expect(servicesWithTimeline([{ type: 'reload' }]).isReload?.('/Top')).toBe(true);
    expect(servicesWithTimeline([{ type: 'back_forward' }]).isHistoryReturn?.('/Top')).toBe(true);
  });

  it('記録がないか種類が読めなければ、通常の読み込みとすること', () => {
    expect(servicesWithTimeline([]).isReload?.('/Top')).toBe(false);
    expect(servicesWithTimeline([{ name: 'no type' }]).isReload?.('/Top')).toBe(false);
    expect(servicesWithTimeline([{ type: 1 }]).isHistoryReturn?.('/Top')).toBe(false);
  });
});

describe('the reads and stores behind the rules', () => {
  type Call = { method: string; path: string; body: unknown };
  const calls: Call[] = [];
  const lineContract = (sbSystemId: string) => ({
    sbSystemId,
    phoneNumber: '09012345678',
    mailAddress: 'taro@example.jp',
    unconfirmedMailAddress: null,
    lineStatus: LineStatus.Restricted,
    userType: '02',
    serviceContractIds: [],
  });

  function serve(answers: Record<string, { status: number; body: unknown }>) {
    configureApiClient({
      getSession: () => ({ sbSystemId: '0000000001', sessionToken: 't' }),
      retryDelayMs: 0,
      fetch: (input, init) => {
        const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const path = new URL(href, 'http://portal.test').pathname;
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        calls.push({ method: init?.method ?? 'GET', path, body });
        const answer = answers[path] ?? { status: 404, body: {} };
        return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
      },
    });
    return createNavigationServices({
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      flows: createFlowRegistry({ machines: [] }),
      config: createAppConfig('localhost', {}),
      navigationType: () => 'navigate',
    });
  }

  beforeEach(() => {
    calls.length = 0;
    commonStore.reset();
    authStore.reset();
    invoiceParameterStore.reset();
    redirectStore.reset();
  });
  afterEach(resetApiClient);

  it('回線契約を読み、同じお客さまなら契約状態と利用者区分を共通情報に入れること', async () => {
    const services = serve({ '/api/customer/0000000001/bySbSystemId/contracts': { status: 200, body: lineContract('0000000001') } });
    expect(await services.loadCommonInfo({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true })).toBe(true);
    expect(commonStore.get()).toMatchObject({ contractStatus: LineStatus.Restricted, userType: '02' });
  });

  it('契約状態か利用者区分のどちらかだけが変わっても、共通情報を更新すること', async () => {
    const session = { sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true };
    commonStore.set({ contractStatus: LineStatus.Restricted, userType: '01' });
    await serve({ '/api/customer/0000000001/bySbSystemId/contracts': { status: 200, body: lineContract('0000000001') } }).loadCommonInfo(session);
    expect(commonStore.get()).toMatchObject({ contractStatus: LineStatus.Restricted, userType: '02' });
    commonStore.set({ contractStatus: LineStatus.Active, userType: '02' });
    await serve({ '/api/customer/0000000001/bySbSystemId/contracts': { status: 200, body: lineContract('0000000001') } }).loadCommonInfo(session);
    expect(commonStore.get()).toMatchObject({ contractStatus: LineStatus.Restricted, userType: '02' });
  });

  it('回線契約が別のお客さまのものなら、共通情報を変えずに false と答えること', async () => {
    const services = serve({ '/api/customer/0000000001/bySbSystemId/contracts': { status: 200, body: lineContract('0000000002') } });
    const before = commonStore.get();
    expect(await services.loadCommonInfo({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true })).toBe(false);
    expect(commonStore.get()).toEqual(before);
  });

  it('読み込みの失敗は、状態とコードを持つ CallFailure になること', async () => {
    const services = serve({
      '/api/customer/0000000001/bySbSystemId/contracts': { status: 503, body: { errorCode: 'E0005', errorOptionals: { endDate: '2026-12-01 06:00' } } },
      '/api/get_master_data/method': { status: 500, body: { errorCode: 'E0001' } },
    });
    await expect(services.loadCommonInfo({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true })).rejects.toMatchObject({
      name: 'CallFailure', status: 503, code: 'E0005', endDate: '2026-12-01 06:00',
    });
    await expect(services.loadMasterData()).rejects.toBeInstanceOf(CallFailure);
  });

  it('マスターデータを読むこと', async () => {
    const services = serve({ '/api/get_master_data/method': { status: 200, body: { paymentMethodList: [] } } });
    await expect(services.loadMasterData()).resolves.toBeUndefined();
    expect(calls.map((call) => call.path)).toEqual(['/api/get_master_data/method']);
  });

  it('マスターデータはタブの間ずっと新しいままで、読み直さないこと', () => {
    const options = paymentMethodMasterQueryOptions();
    expect(options.staleTime).toBe(Number.POSITIVE_INFINITY);
    expect(options.queryKey).toBeDefined();
  });

  const signedIn = (sbSystemId: string, lv2Authed: boolean) => ({
    '/api/getAuthInfo': {
      status: 200,
      body: {
        sbSystemId, sbId: 'taro', lv2Authed, authTime: '2026-11-21T10:00:00+09:00', sessionToken: 'token-1',
        sessionExpiresAt: '2026-11-21T11:00:00+09:00', name: { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
      },
    },
  });

  it('サインイン中のお客さまを auth ストアに入れること', async () => {
    const services = serve(signedIn('0000000001', false));
    expect(await services.loadSession()).toEqual({ sbSystemId: '0000000001', sessionToken: 'token-1', lv2Authed: false });
    expect(authStore.get()).toMatchObject({ sbSystemId: '0000000001', sbId: 'taro', sessionToken: 'token-1', lv2Authed: false });
  });

  it('同じセッションでも、お客さまか二段階認証の状態だけが変わればストアを更新すること', async () => {
    authStore.set({ sbSystemId: '0000000009', sessionToken: 'token-1', lv2Authed: false });
    await serve(signedIn('0000000001', false)).loadSession();
    expect(authStore.get()).toMatchObject({ sbSystemId: '0000000001', lv2Authed: false });
    await serve(signedIn('0000000001', true)).loadSession();
    expect(authStore.get()).toMatchObject({ sbSystemId: '0000000001', lv2Authed: true });
  });

  it('お客さまと二段階認証が同じでも、セッションが変われば新しいトークンを入れること', async () => {
    authStore.set({ sbSystemId: '0000000001', sessionToken: 'token-0', lv2Authed: false });
    await serve(signedIn('0000000001', false)).loadSession();
    expect(authStore.get().sessionToken).toBe('token-1');
  });

  it('規制確認は、いるページの ID をストアに入れて送り、規制中ならコード付きの CallFailure で止めること', async () => {
    const page = findLivePage('/AnshinDataBox/Apply');
    if (page === undefined) throw new Error('no page');
    const session = { sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true };
    const ok = serve({ '/api/customer/0000000001/regulation/check': { status: 200, body: { regulated: false } } });
    await ok.checkRegulation(page, session);
    expect(authStore.get().pageId).toBe(page.id);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', path: '/api/customer/0000000001/regulation/check', body: { pageId: page.id } });
    const regulated = serve({ '/api/customer/0000000001/regulation/check': { status: 403, body: { errorCode: 'E0005', errorOptionals: { endDate: '2026-12-01 06:00' } } } });
    await expect(regulated.checkRegulation(page, session)).rejects.toMatchObject({ name: 'CallFailure', status: 403, code: 'E0005', endDate: '2026-12-01 06:00' });
  });

  it('フローの入力に、戻り URL、請求書フローには預かった請求書、アカウントフローには開いたページを入れること', () => {
    const services = serve({});
    const base = { flowId: 'f-1', sbSystemId: '0000000001', path: '/Account/Top' };
    const returnUrls = { orderDoneUrl: `${window.location.origin}/Payment/Redirect?flowId=f-1`, cancelUrl: `${window.location.origin}/Payment/Cancel/Redirect?flowId=f-1` };
    expect(services.flowInput({ ...base, machineId: 'anshinApply' })).toEqual({ sbSystemId: '0000000001', returnUrls });
    expect(services.flowInput({ ...base, machineId: 'account' })).toEqual({ sbSystemId: '0000000001', returnUrls, entryPath: '/Account/Top' });
    services.rememberInvoiceParameter({ contents: '2026/10', cfservice: 'CF02' });
    expect(services.flowInput({ ...base, machineId: 'invoice' })).toEqual({ sbSystemId: '0000000001', returnUrls, invoiceParameter: { contents: '2026/10', cfservice: 'CF02' } });
    expect(services.flowInput({ ...base, machineId: 'invoice' })).toEqual({ sbSystemId: '0000000001', returnUrls, invoiceParameter: null });
  });

  it('戻り先 URL をストアに預け、内部遷移元と参照元を読むこと', () => {
    const services = serve({});
    services.rememberRedirect('https://shop.example.jp/');
    expect(redirectStore.get().url).toBe('https://shop.example.jp/');
    commonStore.set({ internalFrom: 'CMN0002' });
    expect(services.internalFrom()).toBe('CMN0002');
    expect(services.referrer()).toBe(document.referrer);
  });
});
