/**
 * The app's one QueryClient. TanStack Query does not retry: `callApi` already applies the
 * spec's retry rule, and a second layer would multiply attempts (and error handler calls).
 */
import { QueryClient } from '@tanstack/react-query';

/** Reads stay fresh for 30 s: long enough that a wizard's back-and-forth does not refetch. */
export const DefaultStaleTimeMs = 30_000;

/** A fresh client with the portal's defaults (tests create their own). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: DefaultStaleTimeMs,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
