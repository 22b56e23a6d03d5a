/**
 * The app's implementation of the in-store support history's port (ADR 0023): GET support/history,
 * read afresh each time the customer opens the list.
 */
import { fromPromise } from 'xstate';
import type { SupportHistoryResponse } from '../../contracts/api/support-history';
import { supportHistoryEndpoint } from '../../contracts/api/support-history';
import type { LoadSupportHistoryInput } from '../../machines/in-store-support/support-history.machine';
import { callApi } from '../api/api-client';

export function createInStoreSupportActors() {
  const loadSupportHistory = fromPromise<SupportHistoryResponse, LoadSupportHistoryInput>(({ input, signal }) =>
    callApi(supportHistoryEndpoint, { params: { sbSystemId: input.sbSystemId }, signal }),
  );
  return { loadSupportHistory };
}

export type InStoreSupportActors = ReturnType<typeof createInStoreSupportActors>;
