/**
 * Test support for the data storage pages: a fake API behind the real API client, the app's
 * provided machines (src/flows/flow-machines.ts) and a memory router for the views' links.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createActor, waitFor, type Actor, type SnapshotFrom } from 'xstate';
import type { ContractReceipt } from '../../../contracts/api/service-requests';
import type { ServiceContract } from '../../../contracts/api/service-contracts';
import type { anshinApplyMachine } from '../../../machines/anshin-data-box/anshin-data-box.flows';
import type { anshinCancelMachine } from '../../../machines/anshin-data-box/anshin-data-box.flows';
import type { anshinChangePaymentMachine } from '../../../machines/anshin-data-box/anshin-data-box.flows';
import type { anshinResumeMachine } from '../../../machines/anshin-data-box/anshin-data-box.flows';
import { sampleInput } from '../../../machines/model-fixtures';
import { machineRegistry } from '../../../machines/registry';
import { configureApiClient } from '../../../src/api/api-client';
import { createQueryClient } from '../../../src/api/query-client';
import { createFlowMachines } from '../../../src/flows/all-flow-machines';
import AnshinView from '../../../src/pages/anshin-data-box/anshin-view';
import { ServiceViewContext, type ServiceView } from '../../../src/pages/service-flow/service-view';
import { authStore } from '../../../src/stores/auth-store';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: Headers; body: unknown };
export type FakeAnswer = { status: number; body: unknown };
/** Answers a body (status 200), or `{ status, body }`, or a promise of either. */
export type FakeHandler = (request: FakeRequest) => unknown;

/** A fake of the portal API: handlers by "METHOD /path"; every request is recorded. */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const method = init?.method ?? 'GET';
    const text = typeof init?.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (handler === undefined) return new Response(JSON.stringify({ errorCode: 'A0404', message: 'not found' }), { status: 404 });
    const answer = await handler(request);
    const isAnswer = (value: unknown): value is FakeAnswer =>
      typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'number' && 'body' in value;
    const { status, body } = isAnswer(answer) ? answer : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  // The flows seal the contract id they work on with the session token (ADR 0089).
  authStore.set({ sessionToken: 'session-token' });
  configureApiClient({
    fetch,
    baseUrl: 'http://portal.test',
    getSession: () => ({ sbSystemId: sampleInput.sbSystemId, sessionToken: 'session-token', pageId: 'ADB0002' }),
    retryDelayMs: 0,
    onError: () => undefined,
  });
  return { requests, calls: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key) };
}

export const customer = `/api/customer/${sampleInput.sbSystemId}`;

type Machines = {
  anshinApply: typeof anshinApplyMachine;
  anshinChangePayment: typeof anshinChangePaymentMachine;
  anshinCancel: typeof anshinCancelMachine;
  anshinResume: typeof anshinResumeMachine;
};

/** A started actor of the app's provided machine, with the shared test input. */
export function startFlow<Id extends keyof Machines>(id: Id, queryClient: QueryClient = createQueryClient()) {
  const entry = createFlowMachines(machineRegistry, { queryClient }).find((machine) => machine.id === id);
  if (entry === undefined) throw new Error(`no machine ${id}`);
  // The registry keeps machines untyped; the id says which one this is.
  const actor = createActor(entry.machine, { input: sampleInput }) as unknown as Actor<Machines[Id]>;
  actor.start();
  return { actor, queryClient };
}

/** Waits until the flow's snapshot satisfies the predicate (the flow is named for its snapshot type). */
export function until<Id extends keyof Machines>(
  actor: Parameters<typeof waitFor>[0],
  predicate: (snapshot: SnapshotFrom<Machines[Id]>) => boolean,
) {
  return waitFor(actor, predicate as (snapshot: unknown) => boolean, { timeout: 2000 });
}

/** Renders a view inside a memory router (its links), a query client and its service's view (data storage unless told). */
export async function renderPage(ui: ReactNode, queryClient: QueryClient = createQueryClient(), view: ServiceView = AnshinView) {
  const rootRoute = createRootRoute({ component: () => <ServiceViewContext value={view}>{ui}</ServiceViewContext> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await act(() => router.load());
  return result;
}

export const activeCardContract: ServiceContract = {
  contractId: 'c-1',
  serviceId: '223',
  serviceName: 'あんしんデータボックス',
  planId: '225',
  status: 'active',
  paymentMethod: { value: '02', label: 'クレジットカード', cardLast4: '4242', tokenPanEffectiveDate: '203012' },
  startedAt: '2026-04-01T10:00:00+09:00',
  withdrawalAt: null,
  suspendedAt: null,
  pendingPlan: null,
  continuedUseBenefit: null,
};

export const receipt: ContractReceipt = { serviceId: '223', status: 'active', effectiveDate: '2026-11-21', acceptedAt: '2026-11-21T10:00:00+09:00' };

export const isChecked = (element: Element): boolean => (element as HTMLInputElement).checked;
export const isDisabled = (element: Element): boolean => (element as HTMLButtonElement).disabled;
export const textOf = (element: Element | null | undefined): string => element?.textContent ?? '';
