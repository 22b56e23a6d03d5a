import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAppConfig } from '../../../src/config/app-config';
import type { FlowRegistry } from '../../../src/flows/flow-registry';
import type { NavigationServices } from '../../../src/navigation/navigation-rules';
import { FirstPaintFallbackMs } from '../../../src/router/after-first-paint';
import { settle } from '../support/settle';

/** The frames the browser would run, held until the test lets one happen. */
let frames: FrameRequestCallback[] = [];
const paintFrame = () => {
  const due = frames;
  frames = [];
  for (const frame of due) frame(performance.now());
};

/**
 * The no-frame fallback's timer, held too: left to the clock, a loaded machine that stalls this
 * worker for half a second would fire it in the middle of the first test.
 */
let fallbacks: (() => void)[] = [];
const runOutFallback = () => {
  const due = fallbacks;
  fallbacks = [];
  for (const fallback of due) fallback();
};
const realSetTimeout = globalThis.setTimeout;
function holdingSetTimeout(handler: () => void, ms?: number): ReturnType<typeof setTimeout> {
  if (ms !== FirstPaintFallbackMs) return realSetTimeout(handler, ms);
  fallbacks.push(handler);
  return realSetTimeout(() => undefined, 0);
}

beforeEach(() => {
  frames = [];
  fallbacks = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('setTimeout', holdingSetTimeout);
  // The router keeps "the first paint happened" for the life of the page: a fresh module per test.
  vi.resetModules();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderFirstPage(path: string) {
  const loadSession = vi.fn(() => Promise.resolve({ sbSystemId: '0000000001', sessionToken: 't', lv2Authed: true }));
  const { createAppRouter } = await import('../../../src/router/create-app-router');
  const { createFlowRegistry } = await import('../../../src/flows/flow-registry');
  const flows: FlowRegistry = createFlowRegistry({ machines: [], storage: sessionStorage });
  const services = (): NavigationServices => ({
    config: createAppConfig('localhost', {}),
    flows,
    referrer: () => '',
    internalFrom: () => 'CMN0002',
    loadSession,
    loadCommonInfo: () => Promise.resolve(true),
    loadMasterData: () => Promise.resolve(),
    checkRegulation: () => Promise.resolve(),
    flowInput: () => ({}),
    rememberRedirect: () => undefined,
    rememberInvoiceParameter: () => undefined,
    prefetchIncentive: () => undefined,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createAppRouter({ queryClient, flows, history: createMemoryHistory({ initialEntries: [path] }), services });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { loadSession };
}

describe('the first paint comes before the first navigation work (ADR 0097)', () => {
  it('paints the layout and the heading, and starts the rules only after the browser has painted a frame', async () => {
    const { loadSession } = await renderFirstPage('/OptionServices');
    expect(screen.getByRole('heading', { level: 1, name: 'オプションサービス' })).toBeTruthy();
    // Let the pending tasks run: without a painted frame the rules have not started.
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 20)));
    expect(loadSession).not.toHaveBeenCalled();

    act(() => paintFrame());
    await waitFor(() => expect(loadSession).toHaveBeenCalled(), settle);
  });

  it('does not wait for ever for a frame that does not come (a tab hidden just after the check)', async () => {
    const { loadSession } = await renderFirstPage('/OptionServices');
    await act(() => new Promise((resolve) => realSetTimeout(resolve, 20)));
    expect(loadSession).not.toHaveBeenCalled();
    expect(frames.length).toBeGreaterThan(0);
    act(() => runOutFallback());
    await waitFor(() => expect(loadSession).toHaveBeenCalled(), settle);
  });
});
