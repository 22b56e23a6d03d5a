// The bundle floor: the app's runtime dependencies, each used once, rendering an empty page.
// The app's first-page JavaScript is measured against this (../../shared/guide/budgets.md), and
// Lighthouse against its page (../lighthouse.ts): one line of text, so there is a paint to time.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { match } from 'ts-pattern';
import { createActor, setup } from 'xstate';
import { z } from 'zod';
import '@digital-go-jp/design-tokens/dist/tokens.css';

const actor = createActor(setup({}).createMachine({ initial: 'idle', states: { idle: {} } })).start();
const Params = z.object({ page: z.string().optional() });

function Empty() {
  const value = useSelector(actor, (snapshot) => snapshot.value);
  const page = Params.parse({}).page;
  return match(value)
    .with('idle', () => <main>{page ?? 'お客さまポータル'}</main>)
    .otherwise(() => null);
}

const router = createRouter({ routeTree: createRootRoute({ component: Empty }) });
const queryClient = new QueryClient();
const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
