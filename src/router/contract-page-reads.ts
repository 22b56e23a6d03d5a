/**
 * What a contract page's sections read beside its flow (docs/decisions/0110): the incentive on
 * every service's page, the storage used on the data storage's. Loaded by the page's route loader
 * only while the document's answers are there, so none of it comes with the first script.
 */
import type { EnsureQueryDataOptions, QueryClient } from '@tanstack/react-query';
import { requestPath } from '../api/api-client';
import { hasFirstAnswer } from '../api/first-answers';
import { activeCouponsQueryOptions } from '../api/queries/active-coupons.query';
import { storageUsageQueryOptions } from '../api/queries/storage-usage.query';
import type { ReadQueryKey } from '../api/query-options';

/**
 * A GET read into the cache, awaited only when the page's document answered it (ADR 0087): a page
 * the server drew (ADR 0106) is then taken over whole at no round trip's cost, while a read the
 * document did not answer is left to the view that asks for it.
 */
export async function ensureReadAnsweredByDocument<TData>(queryClient: QueryClient, options: EnsureQueryDataOptions<TData, Error, TData, ReadQueryKey>): Promise<void> {
  const [path, params, query] = options.queryKey;
  if (!hasFirstAnswer('GET', requestPath(path, params, query))) return;
  await queryClient.ensureQueryData(options).catch(() => undefined);
}

/** The sections' reads of each contract page, by screen ID, in the order firstViewReads names them. */
export const contractPageReads: Readonly<Record<string, (queryClient: QueryClient) => Promise<unknown>>> = {
  ADB0004: (queryClient) =>
    Promise.all([ensureReadAnsweredByDocument(queryClient, activeCouponsQueryOptions()), ensureReadAnsweredByDocument(queryClient, storageUsageQueryOptions())]),
  BKL0004: (queryClient) => ensureReadAnsweredByDocument(queryClient, activeCouponsQueryOptions()),
};
