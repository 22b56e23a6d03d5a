import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from 'xstate';
import { describeError } from '../../../contracts/error-catalogue';
import { configureApiClient, resetApiClient } from '../../../src/api/api-client';
import { createAppConfig } from '../../../src/config/app-config';
import { createFlowRegistry, type FlowRegistry } from '../../../src/flows/flow-registry';
import { CallFailure, type NavigationServices } from '../../../src/navigation/navigation-rules';
import { bindNavigationEffects } from '../../../src/navigation/navigation-effects';
import { createAppRouter } from '../../../src/router/create-app-router';
import { authStore } from '../../../src/stores/auth-store';
import { commonStore } from '../../../src/stores/common-store';
import { loadingStore } from '../../../src/stores/loading-store';
import { redirectStore } from '../../../src/stores/redirect-store';
import { recordNavigations } from '../support/navigations';
import { settle } from '../support/settle';

/** A flow that waits at the card provider and, once told the customer is back, completes. */
const paymentMachine = setup({
  types: { events: {} as { type: 'wizard.next' } | { type: 'provider.returned'; outcome: 'completed' | 'cancelled' } },
}).createMachine({
  id: 'anshinApply',
  initial: 'apply',
  states: {
    apply: { tags: ['persistable'], meta: { route: '/AnshinDataBox/Apply' }, on: { 'wizard.next': 'away' } },
    away: {
      tags: ['external', 'persistable'],
      meta: { route: '/Payment/Redirect' },
      on: {
        'provider.returned': [
          { guard: ({ event }) => event.outcome === 'completed', target: 'completed' },
          { target: 'apply' },
        ],
      },
    },
    completed: { meta: { route: '/OptionServices' } },
  },
});

type Overrides = Partial<Pick<NavigationServices, 'checkRegulation'>> & { host?: string };

function fakeServices(flows: FlowRegistry, overrides: Overrides = {}): NavigationServices {
  return {
    config: createAppConfig(overrides.host ?? 'localhost', {}),
    flows,
    referrer: () => '',
    internalFrom: () => 'CMN0002',
    loadSession: () => Promise.resolve({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true }),
    loadCommonInfo: () => Promise.resolve(true),
    loadMasterData: () => Promise.resolve(),
    prefetchIncentive: () => undefined,
    checkRegulation: overrides.checkRegulation ?? (() => Promise.resolve()),
    flowInput: () => ({}),
    rememberRedirect: (url) => redirectStore.set({ url }),
    rememberInvoiceParameter: () => undefined,
  };
}

function renderApp(path: string, overrides: Overrides = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const flows = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: paymentMachine }], storage: sessionStorage });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, flows, history, services: () => fakeServices(flows, overrides) });
  const effects = bindNavigationEffects(router, { flows, window: { history: window.history, location: window.location } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, flows, history, queryClient, effects };
}

beforeEach(() => {
  sessionStorage.clear();
  authStore.reset();
  commonStore.reset();
  loadingStore.reset();
  redirectStore.reset();
});
afterEach(() => {
  cleanup();
  resetApiClient();
});

const authInfo = {
  sbSystemId: '0000000001',
  sbId: 'taro',
  name: { lastNameKanji: '山田', firstNameKanji: '太郎', lastNameKana: 'ヤマダ', firstNameKana: 'タロウ' },
  lv2Authed: true,
  authTime: '2026-11-21T10:00:00+09:00',
  sessionToken: 'token',
  sessionExpiresAt: '2026-11-21T11:00:00+09:00',
};
const usageStatus = {
  restricted: true,
  services: [
    { serviceId: '223', serviceName: 'あんしんデータボックス', state: 'active', contractId: 'c1', planId: '225', paymentMethod: null, withdrawalAt: null, suspendedAt: null, allowedActions: [] },
  ],
};

/** Answers API calls by path; anything else fails like an unreachable server. */
function serveApi(answers: Record<string, { status: number; body: unknown }>) {
  configureApiClient({
    getSession: () => ({ sbSystemId: authStore.get().sbSystemId }),
    retryDelayMs: 0,
    fetch: (input) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = new URL(href, 'http://portal.test').pathname;
      const answer = answers[path];
      if (answer === undefined) return Promise.reject(new TypeError('offline'));
      return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } }));
    },
  });
}

describe('routes from the page table', () => {
  it('serves a live page with its title as h1 and document title', async () => {
    renderApp('/OptionServices');
    expect(await screen.findByRole('heading', { level: 1, name: 'オプションサービス' })).toBeTruthy();
    expect(document.title).toBe('オプションサービス｜お客さまポータル');
  });

  it('ignores a trailing slash', async () => {
    renderApp('/OptionServices/');
    expect(await screen.findByRole('heading', { level: 1, name: 'オプションサービス' })).toBeTruthy();
  });

  it('shows E9999 for an unknown path', async () => {
    renderApp('/NoSuchPage');
    expect(await screen.findByText(describeError('E9999').message)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('ページが見つかりません');
  });

  it('matches paths as the page table spells them', async () => {
    renderApp('/optionservices');
    expect(await screen.findByText(describeError('E9999').message)).toBeTruthy();
  });
});

describe('demo pages', () => {
  it('are served on a local host with their own heading', async () => {
    const { router } = renderApp('/demo/statecharts');
    expect(await screen.findByRole('heading', { level: 1, name: '状態遷移図（ステートチャート）' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/demo/statecharts');
  });

  it('send a production host to /Top', async () => {
    serveApi({ '/api/customer/0000000001/service/usage/status': { status: 200, body: usageStatus } });
    authStore.set({ sbSystemId: '0000000001' });
    const { router } = renderApp('/demo/statecharts', { host: 'portal.example.jp' });
    expect(await screen.findByRole('heading', { level: 1, name: 'トップ' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Top');
  });
});

describe('navigation rules in the router', () => {
  it('turns an error decision into the error page with the code and maintenance hour', async () => {
    const { router } = renderApp('/Top', {
      checkRegulation: () => Promise.reject(new CallFailure(503, 'E0005', '2026/11/22 05:40:00')),
    });
    expect(await screen.findByText(describeError('E0005').message)).toBeTruthy();
    expect(screen.getByText('6時頃に終了する予定です。終了後にもう一度お試しください。')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error');
  });

  it('paints the header and the heading of the page asked for while the rules run; the body waits, under the overlay (ADR 0088)', async () => {
    let release: () => void = () => undefined;
    const regulation = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderApp('/OptionServices', { checkRegulation: () => regulation });
    expect(await screen.findByRole('heading', { level: 1, name: 'オプションサービス' })).toBeTruthy();
    const body = document.querySelector('.page-body__content');
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'お客さまポータル' })).toBeTruthy();
    expect(body?.childElementCount).toBe(0);
    expect(body?.hasAttribute('inert')).toBe(true);
    expect(document.querySelector('.page-body .loading-overlay')).not.toBeNull();
    expect(screen.getByRole('banner').closest('[inert]')).toBeNull();
    act(() => release());
    await vi.waitFor(() => expect(body?.childElementCount).toBeGreaterThan(0), settle);
    expect(document.querySelector('.loading-overlay')).toBeNull();
    expect(body?.hasAttribute('inert')).toBe(false);
  });

  it('shows the error page for ?code= as well', async () => {
    renderApp('/Error?code=E9998');
    expect(await screen.findByText(describeError('E9998').message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'トップへ戻る' }).getAttribute('href')).toBe('/Top');
  });
});

describe('pages and their reads', () => {
  it('sends a signed-in customer from the landing page to /Top, which shows a restricted line with E0008', async () => {
    serveApi({
      '/api/getAuthInfo': { status: 200, body: authInfo },
      '/api/customer/0000000001/service/usage/status': { status: 200, body: usageStatus },
    });
    authStore.set({ sbSystemId: '0000000001' });
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'トップ' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Top');
    // The heading paints with the layout, before the page's reads (ADR 0088): wait for the body.
    expect(await screen.findByText(describeError('E0008').message)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '解約する' })).toBeNull();
  });

  it('keeps a signed-out customer on the landing page with the sign-on link', async () => {
    serveApi({ '/api/getAuthInfo': { status: 401, body: { errorCode: 'A0401', message: 'x' } } });
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'ログイン' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ログイン' }).getAttribute('href')).toBe('/auth/login?type=1');
  });

  it('takes an unhandled failure of a page read to the error page and hides the overlay', async () => {
    serveApi({});
    authStore.set({ sbSystemId: '0000000001' });
    const { router } = renderApp('/Top');
    expect(await screen.findByText(describeError(undefined).message)).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/Error'), settle);
    expect(loadingStore.get().visible).toBe(false);
  });
});

describe('navigation effects', () => {
  it('shows the overlay while navigating to an overlay page, hides it after, and records the internal origin', async () => {
    const seen: boolean[] = [];
    loadingStore.subscribe(() => seen.push(loadingStore.get().visible));
    renderApp('/OptionServices');
    await screen.findByRole('heading', { level: 1, name: 'オプションサービス' });
    // The heading paints before the rules finish (ADR 0088): the overlay goes when they have.
    await vi.waitFor(() => expect(loadingStore.get().visible).toBe(false), settle);
    expect(seen).toContain(true);
    expect(commonStore.get().internalFrom).toBe('OPT0001');
  });

  it('shows no overlay on the way to the error page', async () => {
    const seen: boolean[] = [];
    loadingStore.subscribe(() => seen.push(loadingStore.get().visible));
    renderApp('/Error');
    await screen.findByText(describeError(undefined).message);
    expect(seen).not.toContain(true);
  });

  it('makes the URL follow a started flow, then follow its transitions', async () => {
    const { router, flows } = renderApp('/OptionServices');
    await screen.findByRole('heading', { level: 1, name: 'オプションサービス' });
    const navigations = recordNavigations(router);
    act(() => {
      flows.start('anshinApply');
    });
    // The route is what matters here, not the apply page's view.
    await vi.waitFor(() => expect(navigations).toContain('/AnshinDataBox/Apply'), settle);
  });
});

describe('card provider return', () => {
  it('hands the return to the flow found by flowId and follows the flow', async () => {
    const flows0 = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: paymentMachine }], storage: sessionStorage, createFlowId: () => 'flow-42' });
    flows0.start('anshinApply').actor.send({ type: 'wizard.next' });
    // A fresh registry, as after the provider's full-page return.
    const { router, flows } = renderApp('/Payment/Redirect?flowId=flow-42');
    expect(await screen.findByRole('heading', { level: 1, name: 'オプションサービス' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/OptionServices');
    expect(flows.get('anshinApply')?.actor.getSnapshot().value).toBe('completed');
  });

  it('sends a cancelled return back into the flow', async () => {
    const flows0 = createFlowRegistry({ machines: [{ id: 'anshinApply', machine: paymentMachine }], storage: sessionStorage, createFlowId: () => 'flow-7' });
    flows0.start('anshinApply').actor.send({ type: 'wizard.next' });
    const { router, flows } = renderApp('/Payment/Cancel/Redirect?flowId=flow-7');
    const navigations = recordNavigations(router);
    await vi.waitFor(() => expect(flows.get('anshinApply')?.actor.getSnapshot().value).toBe('apply'), settle);
    await vi.waitFor(() => expect(navigations).toContain('/AnshinDataBox/Apply'), settle);
  });

  it('answers E9998 when no flow can be restored', async () => {
    const { router } = renderApp('/Payment/Redirect?flowId=unknown');
    expect(await screen.findByText(describeError('E9998').message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error');
  });
});

describe('/doClear', () => {
  it('clears the stores and stored flows and returns to /', async () => {
    authStore.set({ sbSystemId: '0000000001', sessionToken: 't' });
    commonStore.set({ internalFrom: 'CMN0002' });
    sessionStorage.setItem('portal.flow.anshinApply', '{}');
    const { router } = renderApp('/doClear');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'), settle);
    expect(authStore.get().sbSystemId).toBeNull();
    expect(sessionStorage.getItem('portal.flow.anshinApply')).toBeNull();
  });
});

describe('/Redirect', () => {
  it('refuses a target that is not allow-listed with E9998', async () => {
    const { router } = renderApp(`/Redirect?url=${encodeURIComponent('https://evil.example.com/')}`);
    expect(await screen.findByText(describeError('E9998').message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error');
  });
});
