/**
 * The app's implementations of the basket live plan change's actors (ports: ADR 0023): the
 * contract from GET contracts, the business date from GET getCurrentDate, the change through
 * POST update/contracts (request type 20, no retry, the flow's request key); and the mail-address
 * confirmation's POST mail-addr-portability/contracts, which sets the auth store's check flag.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { ContractReceipt, UpdateContractsRequest } from '../../contracts/api/service-requests';
import type { MailAddrPortabilityContractsResponse, MailCheckServiceId } from '../../contracts/api/mail-address-confirmation';
import { liveContractOf, type ServiceContract } from '../../contracts/api/service-contracts';
import { ServiceId } from '../../contracts/codes';
import { mailAddrPortabilityContractsEndpoint } from '../../contracts/api/mail-address-confirmation';
import { updateContractsEndpoint } from '../../contracts/api/service-requests';
import type { ConfirmMailAddressInput } from '../../machines/basket-live/mail-confirmation.machine';
import type { ChangePlanInput, LoadPlanContractInput, PlanChangeContract } from '../../machines/basket-live/plan-change.machine';
import { BasketLivePlans, type BasketLivePlanId } from '../../contracts/services/basket-live';
import { callApi } from '../api/api-client';
import { contractsQueryOptions } from '../api/queries/contracts.query';
import { currentDateQueryOptions } from '../api/queries/current-date.query';
import { authStore, type MailAddressCheckInfo } from '../stores/auth-store';
import { usageStatusQueryOptions } from '../pages/top/usage-status-query';
import { heldContractId, holdContract } from './held-contract';

/** The auth store's flag of each service with a mail-address check. */
const MailCheckKey: Record<MailCheckServiceId, keyof MailAddressCheckInfo> = {
  [ServiceId.DataStorage]: 'dataStorage',
  [ServiceId.BasketLive]: 'basketLive',
};

export type BasketLiveActorDeps = { readonly queryClient: QueryClient };

const isBasketLivePlan = (planId: string): planId is BasketLivePlanId => BasketLivePlans.some((plan) => plan.planId === planId);

/** The customer's live basket live contract as the plan change reads it; "none" without one. */
export function toPlanChangeContract(contracts: readonly ServiceContract[]): PlanChangeContract {
  const live = liveContractOf(contracts, ServiceId.BasketLive);
  if (live === undefined || !isBasketLivePlan(live.planId)) return { status: 'none', planId: null, pendingPlan: null };
  const pending = live.pendingPlan;
  const pendingPlan = pending !== null && isBasketLivePlan(pending.planId) ? { planId: pending.planId, effectiveDate: pending.effectiveDate } : null;
  return { status: live.status, planId: live.planId, pendingPlan };
}

export function createBasketLiveActors({ queryClient }: BasketLiveActorDeps) {
  const loadPlanContract = fromPromise<PlanChangeContract, LoadPlanContractInput>(async () => {
    // The change is decided from the contract as it is now, not as a page read it a while ago.
    const answer = await queryClient.fetchQuery({ ...contractsQueryOptions(), staleTime: 0 });
    await holdContract(answer.contracts, ServiceId.BasketLive);
    return toPlanChangeContract(answer.contracts);
  });

  const loadBusinessDate = fromPromise<string, LoadPlanContractInput>(async () => {
    // Read afresh: the quote's effective date is decided on the business date as it is now.
    const answer = await queryClient.fetchQuery({ ...currentDateQueryOptions(), staleTime: 0 });
    return answer.businessDate;
  });

  const changePlan = fromPromise<ContractReceipt, ChangePlanInput>(async ({ input }) => {
    const body: UpdateContractsRequest = {
      serviceId: ServiceId.BasketLive,
      planId: input.body.planId,
      requestType: input.body.requestType,
      resume: false,
      paymentMethodLabel: null,
      tokenPAN: null,
      tokenPanEffectiveDate: null,
      checkRequestValidityToken: null,
      survey: [],
      serviceContractId: await heldContractId(),
    };
    // No abort signal: once sent, the change is left to finish (the key makes a resend safe).
    const receipt = await callApi(updateContractsEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body,
      requestKey: input.requestKey,
    });
    await Promise.all(
      [contractsQueryOptions(), usageStatusQueryOptions()].map((options) => queryClient.invalidateQueries({ queryKey: options.queryKey })),
    );
    return receipt;
  });

  // After the confirmation the customer's address is confirmed for this service (spec section 3).
  const confirmMailAddress = fromPromise<MailAddrPortabilityContractsResponse, ConfirmMailAddressInput>(async ({ input }) => {
    const answer = await callApi(mailAddrPortabilityContractsEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body: input.body,
      requestKey: input.requestKey,
    });
    const checked = authStore.get().mailAddressCheckInfo;
    authStore.set({ mailAddressCheckInfo: { ...checked, [MailCheckKey[answer.serviceId]]: true } });
    return answer;
  });

  return { loadPlanContract, loadBusinessDate, changePlan, confirmMailAddress };
}

export type BasketLiveActors = ReturnType<typeof createBasketLiveActors>;
