import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { describeError } from '../../../contracts/error-catalogue';
import { createAppConfig } from '../../../src/config/app-config';
import { createFlowRegistry, createLazyFlowRegistry, FlowStorageKeyPrefix, type FlowRegistry } from '../../../src/flows/flow-registry';
import { bindNavigationEffects } from '../../../src/navigation/navigation-effects';
import { decideNavigation, type NavigationServices } from '../../../src/navigation/navigation-rules';
import { createAppRouter } from '../../../src/router/create-app-router';
import { authStore } from '../../../src/stores/auth-store';
import { commonStore } from '../../../src/stores/common-store';
import { loadingStore } from '../../../src/stores/loading-store';
import { recordNavigations } from '../support/navigations';
import { settle } from '../support/settle';

/** The apply flow as the guards see it: its pages, a stop at the card provider, a way back. */
const applyMachine = setup({
  types: { events: {} as { type: 'wizard.next' } | { type: 'provider.returned'; outcome: 'completed' | 'cancelled' } },
}).createMachine({
  id: 'anshinApply',
  initial: 'apply',
  states: {
    apply: { tags: ['persistable'], meta: { route: '/AnshinDataBox/Apply' }, on: { 'wizard.next': 'away' } },
    away: {
      tags: ['external', 'persistable'],
      meta: { route: '/Payment/Redirect' },
      on: { 'provider.returned': [{ guard: ({ event }) => event.outcome === 'completed', target: 'completed' }, { target: 'apply' }] },
    },
    completed: { tags: ['persistable'], meta: { route: '/AnshinDataBox/Apply/Completed' } },
  },
});
const cancelMachine = setup({}).createMachine({
  id: 'anshinCancel',
  initial: 'inform',
  states: { inform: { meta: { route: '/AnshinDataBox/Cancel/Inform' } } },
});

function lazyFlows(onDiscard?: (machineId: string, reason: string) => void) {
  const loads = { anshinApply: vi.fn(() => Promise.resolve<AnyStateMachine>(applyMachine)), anshinCancel: vi.fn(() => Promise.resolve<AnyStateMachine>(cancelMachine)) };
  const flows = createLazyFlowRegistry({ loaders: loads, storage: sessionStorage, ...(onDiscard === undefined ? {} : { onDiscard }) });
  return { flows, loads };
}

function services(flows: FlowRegistry): NavigationServices {
  return {
    config: createAppConfig('localhost', {}),
    flows,
    referrer: () => '',
    internalFrom: () => 'CMN0002',
    loadSession: () => Promise.resolve({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true }),
    loadCommonInfo: () => Promise.resolve(true),
    loadMasterData: () => Promise.resolve(),
    prefetchIncentive: () => undefined,
    checkRegulation: () => Promise.resolve(),
    flowInput: () => ({}),
    rememberRedirect: () => undefined,
    rememberInvoiceParameter: () => undefined,
  };
}

const go = (pathname: string, s: NavigationServices) => decideNavigation({ pathname, searchStr: '' }, s);

/** A run stored by an earlier page load (the reload, or the leave for the card provider). */
function storeRun(flowId: string, advance: boolean, machine: AnyStateMachine = applyMachine) {
  const before = createFlowRegistry({ machines: [{ id: machine.id, machine }], storage: sessionStorage, createFlowId: () => flowId });
  const flow = before.start(machine.id);
  if (advance) flow.actor.send({ type: 'wizard.next' });
  before.release();
}

beforeEach(() => {
  sessionStorage.clear();
  authStore.reset();
  commonStore.reset();
  loadingStore.reset();
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the flow guard loads the flow machine', () => {
  it('loads nothing for a page outside the flows', async () => {
    const { flows, loads } = lazyFlows();
    expect(await go('/Top', services(flows))).toEqual({ kind: 'proceed' });
    expect(loads.anshinApply).not.toHaveBeenCalled();
    expect(loads.anshinCancel).not.toHaveBeenCalled();
  });

  it('loads the machine of a flow page once, on the first navigation to it, and starts the flow', async () => {
    const { flows, loads } = lazyFlows();
    const s = services(flows);
    expect(await go('/AnshinDataBox/Cancel/Inform', s)).toEqual({ kind: 'proceed' });
    expect(flows.get('anshinCancel')?.actor.getSnapshot().value).toBe('inform');
    expect(await go('/AnshinDataBox/Cancel/Inform', s)).toEqual({ kind: 'proceed' });
    expect(await go('/AnshinDataBox/Cancel/Completed', s)).toEqual({ kind: 'error', code: 'E9998' });
    expect(loads.anshinCancel).toHaveBeenCalledTimes(1);
    expect(loads.anshinApply).not.toHaveBeenCalled();
  });

  it('restores the stored run after a reload of a wizard page, loading its machine first', async () => {
    storeRun('flow-r', false);
    const { flows, loads } = lazyFlows();
    expect(await go('/AnshinDataBox/Apply', services(flows))).toEqual({ kind: 'proceed' });
    expect(flows.foreground()?.flowId).toBe('flow-r');
    expect(loads.anshinApply).toHaveBeenCalledTimes(1);
  });

  it('still refuses a wizard page that is not the current state of the restored run with E9998', async () => {
    storeRun('flow-s', false);
    const { flows } = lazyFlows();
    expect(await go('/AnshinDataBox/Apply/Completed', services(flows))).toEqual({ kind: 'error', code: 'E9998' });
    expect(flows.get('anshinApply')?.flowId).toBe('flow-s');
  });
});

function renderApp(path: string, flows: FlowRegistry) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, flows, history, services: () => services(flows) });
  bindNavigationEffects(router, { flows, window: { history: window.history, location: window.location } });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router };
}

describe('the card provider return pages load the machine of the returning run', () => {
  it('restores the run named by flowId after loading its machine, hands over the return and follows the flow', async () => {
    storeRun('flow-42', true);
    const { flows, loads } = lazyFlows();
    const { router } = renderApp('/Payment/Redirect?flowId=flow-42', flows);
    const navigations = recordNavigations(router);
    await vi.waitFor(() => expect(flows.get('anshinApply')?.actor.getSnapshot().value).toBe('completed'), settle);
    await vi.waitFor(() => expect(navigations).toContain('/AnshinDataBox/Apply/Completed'), settle);
    expect(loads.anshinApply).toHaveBeenCalledTimes(1);
    expect(loads.anshinCancel).not.toHaveBeenCalled();
  });

  it('answers E9998 and throws the stored run away when its machine id is unknown', async () => {
    const retired = setup({}).createMachine({ id: 'retiredFlow', initial: 'away', states: { away: { tags: ['persistable'] } } });
    storeRun('flow-old', false, retired);
    const onDiscard = vi.fn();
    const { flows, loads } = lazyFlows(onDiscard);
    const { router } = renderApp('/Payment/Redirect?flowId=flow-old', flows);
    expect(await screen.findByText(describeError('E9998').message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error');
    expect(onDiscard).toHaveBeenCalledWith('retiredFlow', 'unknown');
    expect(sessionStorage.getItem(`${FlowStorageKeyPrefix}retiredFlow`)).toBeNull();
    expect(loads.anshinApply).not.toHaveBeenCalled();
  });

  it('answers E9998 when no stored run has the flow id', async () => {
    const { flows } = lazyFlows();
    const { router } = renderApp('/Payment/Cancel/Redirect?flowId=nobody', flows);
    expect(await screen.findByText(describeError('E9998').message)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/Error');
  });
});
