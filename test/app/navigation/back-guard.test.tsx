import { createBrowserHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFlowRegistry, type FlowRegistry } from '../../../src/flows/flow-registry';
import { useBackGuard } from '../../../src/navigation/use-back-guard';
import { commonModalStore } from '../../../src/stores/common-modal-store';
import { settle } from '../support/settle';

/**
 * A router with only the back guard in its root, over two pages of the page table, on the
 * browser history (the router's blockers see Back only as a popstate).
 */
async function renderWithGuard(flows: FlowRegistry, entries: [string, string]) {
  window.history.replaceState(null, '', entries[0]);
  function Root() {
    useBackGuard(flows);
    return <Outlet />;
  }
  const root = createRootRoute({ component: Root });
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> });
  const history = createBrowserHistory();
  const router = createRouter({ routeTree: root.addChildren([page('/Top'), page('/AnshinDataBox/Apply/Completed')]), history });
  render(<RouterProvider router={router} />);
  await screen.findByText(entries[0]);
  await act(() => router.navigate({ to: entries[1] }));
  await screen.findByText(entries[1]);
  return { router };
}

async function pressBrowserBack() {
  await act(async () => {
    window.history.back();
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

beforeEach(() => commonModalStore.reset());
afterEach(cleanup);

describe('browser Back through the router', () => {
  it('keeps the customer on a Back-suppressed page and shows W9999', async () => {
    const { router } = await renderWithGuard(createFlowRegistry({ machines: [] }), ['/Top', '/AnshinDataBox/Apply/Completed']);
    await pressBrowserBack();
    expect(router.state.location.pathname).toBe('/AnshinDataBox/Apply/Completed');
    await vi.waitFor(() => expect(window.location.pathname).toBe('/AnshinDataBox/Apply/Completed'), settle);
    expect(commonModalStore.get().visible).toBe(true);
  });

  it('never asks the browser to confirm leaving the document (reloads and sign-on links leave freely)', async () => {
    await renderWithGuard(createFlowRegistry({ machines: [] }), ['/Top', '/AnshinDataBox/Apply/Completed']);
    const leaving = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leaving);
    expect(leaving.defaultPrevented).toBe(false);
  });

  it('lets Back leave an ordinary page', async () => {
    const { router } = await renderWithGuard(createFlowRegistry({ machines: [] }), ['/AnshinDataBox/Apply/Completed', '/Top']);
    await pressBrowserBack();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/AnshinDataBox/Apply/Completed'), settle);
    expect(commonModalStore.get().visible).toBe(false);
  });
});
