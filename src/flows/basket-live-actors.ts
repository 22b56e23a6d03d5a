/**
 * The app's implementations of the basket live plan change's actors (ports: ADR 0023): the
 * contract from GET contracts, the business date from GET getCurrentDate, the change through
 * POST update/contracts (request type 20, no retry, the flow's request key).
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ContractReceipt, UpdateContractsRequest } from '../../contracts/api/anshin-data-box';
import type { ServiceContract } from '../../contracts/api/service-contracts';
import { ServiceId } from '../../contracts/codes';
import { endpoints } from '../../contracts/endpoints';
import type { ChangePlanInput, LoadPlanContractInput, PlanChangeContract } from '../../machines/basket-live/plan-change.machine';
import { BasketLivePlans, type BasketLivePlanId } from '../../machines/basket-live/plan-lineup';
import { callApi } from '../api/api-client';
import { contractsQueryOptions } from '../api/queries/contracts.query';
import { usageStatusQueryOptions } from '../pages/top/usage-status-query';

export type BasketLiveActorDeps = { readonly queryClient: QueryClient };

const isBasketLivePlan = (planId: string): planId is BasketLivePlanId => BasketLivePlans.some((plan) => plan.planId === planId);

/** The customer's live basket live contract as the plan change reads it; "none" without one. */
export function toPlanChangeContract(contracts: readonly ServiceContract[]): PlanChangeContract {
  const live = contracts.find((contract) => contract.serviceId === ServiceId.BasketLive && contract.status !== 'withdrawn');
  if (live === undefined || !isBasketLivePlan(live.planId)) return { status: 'none', planId: null, pendingPlan: null };
  return { status: live.status, planId: live.planId, pendingPlan: null };
}

export function createBasketLiveActors({ queryClient }: BasketLiveActorDeps) {
  const loadPlanContract = fromPromise<PlanChangeContract, LoadPlanContractInput>(async () => {
    // The change is decided from the contract as it is now, not as a page read it a while ago.
    const answer = await queryClient.fetchQuery({ ...contractsQueryOptions(), staleTime: 0 });
    return toPlanChangeContract(answer.contracts);
  });

  const loadBusinessDate = fromPromise<string, LoadPlanContractInput>(async ({ signal }) => {
    const answer = await callApi(endpoints.getCurrentDate, { signal });
    return answer.businessDate;
  });

  const changePlan = fromPromise<ContractReceipt, ChangePlanInput>(async ({ input }) => {
    const body = {
      serviceId: ServiceId.BasketLive,
      planId: input.body.planId,
      requestType: input.body.requestType,
      resume: false,
      paymentMethodLabel: null,
      tokenPAN: null,
      tokenPanEffectiveDate: null,
      checkRequestValidityToken: null,
      survey: [],
    };
    // No abort signal: once sent, the change is left to finish (the key makes a resend safe).
    const receipt = await callApi(endpoints.updateContracts, {
      params: { sbSystemId: input.sbSystemId },
      // The update schema still names only data storage; the kit's per-service schema replaces this cast.
      body: body as unknown as UpdateContractsRequest,
      requestKey: input.requestKey,
    });
    await Promise.all(
      [contractsQueryOptions(), usageStatusQueryOptions()].map((options) => queryClient.invalidateQueries({ queryKey: options.queryKey })),
    );
    return receipt;
  });

  return { loadPlanContract, loadBusinessDate, changePlan };
}

export type BasketLiveActors = ReturnType<typeof createBasketLiveActors>;
