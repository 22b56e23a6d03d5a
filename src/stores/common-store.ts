/**
 * Common per-session state (spec section 3, "common"). `serviceContractId` is persisted only
 * sealed with a key derived from the session token (spec section 9): service-contract-id.ts
 * seals and opens it, loaded with the flows that use it, so the cipher stays out of the entry.
 */
import { z } from 'zod/mini';
import { createPersistedStore } from './store-core';

export const CommonStateSchema = z.object({
  /** `v1.<salt>.<iv>.<ciphertext>` (sealed-value.ts); never the plain id. */
  serviceContractIdSealed: z.nullable(z.string()),
  contractStatus: z.nullable(z.string()),
  userType: z.nullable(z.string()),
  /** The previous internal page id (page guards read it). */
  internalFrom: z.nullable(z.string()),
  casisAuthorizedRetryCnt: z.int().check(z.minimum(0)),
  transitionFromTypeForApply: z.nullable(z.string()),
  /** The spec's TORCancelPageId. */
  torCancelPageId: z.nullable(z.string()),
});
export type CommonState = z.infer<typeof CommonStateSchema>;

export const commonStore = createPersistedStore({
  name: 'common',
  version: 1,
  schema: CommonStateSchema,
  defaults: (): CommonState => ({
    serviceContractIdSealed: null,
    contractStatus: null,
    userType: null,
    internalFrom: null,
    casisAuthorizedRetryCnt: 0,
    transitionFromTypeForApply: null,
    torCancelPageId: null,
  }),
});
