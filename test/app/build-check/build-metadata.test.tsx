import { QueryClient } from '@tanstack/react-query';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadBuildMetadata } from '../../../src/build-check/build-metadata';
import { buildMetadataStore } from '../../../src/build-check/build-metadata-store';
import { createFlowRegistry } from '../../../src/flows/flow-registry';
import { AppChrome } from '../../../src/layout/app-chrome';

const buildId = '20261126033000-abcd1234';
const metadata = { buildId, builtAt: '2026-11-26T03:30:00.000Z', version: '0.1.0' };
const answer = (body: unknown, status = 200) => () => Promise.resolve(new Response(JSON.stringify(body), { status }));

/** The app's layout around an empty page, as the router draws it. */
async function renderLayout() {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: ['/Top'] }),
    context: { queryClient: new QueryClient(), flows: createFlowRegistry({ machines: [], storage: sessionStorage }) },
    InnerWrap: AppChrome,
  });
  render(<RouterProvider router={router} />);
  await act(() => router.load());
}

afterEach(() => {
  cleanup();
  buildMetadataStore.reset();
});

describe('the running build metadata (/builds/<buildId>/build.json)', () => {
  it('自分のビルドIDでメタデータを取りに行き、届いた版と日時をフッターに示すこと', async () => {
    const fetchFn = vi.fn(answer(metadata));
    const onGone = vi.fn();
    await renderLayout();
    expect(screen.queryByText(/バージョン/)).toBeNull();
    await loadBuildMetadata({ buildId, fetch: fetchFn, onGone });
    expect(fetchFn).toHaveBeenCalledWith(`/builds/${buildId}/build.json`, { credentials: 'same-origin' });
    expect(buildMetadataStore.get().label).toEqual({ version: '0.1.0', builtAt: '2026/11/26 12:30' });
    expect((await screen.findByText(/バージョン/)).textContent).toBe('バージョン 0.1.0（2026/11/26 12:30 版）');
    expect(onGone).not.toHaveBeenCalled();
  });

  it('サーバーにもう自分のビルドがなければ（404）すぐに最新のビルドを確かめさせること', async () => {
    const onGone = vi.fn();
    await loadBuildMetadata({ buildId, fetch: answer({ errorCode: 'A0404' }, 404), onGone });
    expect(onGone).toHaveBeenCalledOnce();
    expect(buildMetadataStore.get().label).toBeNull();
  });

  it('別のビルドの答え・形の違う答え・通信の失敗は無視すること', async () => {
    const onGone = vi.fn();
    await loadBuildMetadata({ buildId, fetch: answer({ ...metadata, buildId: '20261126040000-ffff0000' }), onGone });
    await loadBuildMetadata({ buildId, fetch: answer({ ...metadata, version: '' }), onGone });
    await loadBuildMetadata({ buildId, fetch: answer(metadata, 500), onGone });
    await loadBuildMetadata({ buildId, fetch: () => Promise.reject(new TypeError('offline')), onGone });
    expect(buildMetadataStore.get().label).toBeNull();
    expect(onGone).not.toHaveBeenCalled();
  });
});
