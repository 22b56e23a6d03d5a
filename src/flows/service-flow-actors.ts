/**
 * The app's implementations of the service-flow kit's actors, for every service (the machines only declare them
 * as ports: docs/decisions/0023-actors-as-ports.md). Every call goes through `callApi` and the
 * endpoint table; a failed call rejects with `ApiRequestError`, whose `errorCode` the machines
 * classify (machines/flow-errors.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import { PaymentMethod } from '../../contracts/codes';
import { Header } from '../../contracts/endpoint';
import { couponJudgeEndpoint } from '../../contracts/api/coupon';
import { formatIsoDay } from '../../contracts/text/japan-time';
import { entryJudgementEndpoint } from '../../contracts/api/entry-judgement';
import { paymentInformationEndpoint, paymentMethodsEndpoint } from '../../contracts/api/payment';
import { registerServiceEndpoint, updateContractsEndpoint } from '../../contracts/api/service-requests';
import type { ContractReceipt } from '../../contracts/api/service-requests';
import type { CouponJudgeResponse } from '../../contracts/api/coupon';
import type { EntryJudgementResponse } from '../../contracts/api/entry-judgement';
import type { PaymentInformationResponse, PaymentMethodsResponse, ProviderOrder } from '../../contracts/api/payment';
import { liveContractOf, type FlowContract, type ServiceContract } from '../../contracts/api/service-contracts';
import type {
  JudgeCouponInput,
  JudgeEntryInput,
  LoadPaymentMethodsInput,
  RegisterServiceInput,
} from '../../machines/service-flow/apply.flow';
import type { LoadContractInput, UpdateContractInput } from '../../machines/service-flow/shared';
import { cardDetails } from '../../machines/service-flow/shared';
import {
  cardProviderMachine,
  type CreatePaymentSessionInput,
  type VerifyPaymentResultInput,
} from '../../machines/card-provider.machine';
import { callApi } from '../api/api-client';
import { heldContractId, holdContract } from './held-contract';
import { createOtpActors } from './otp-actors';
import { contractsQueryOptions } from '../api/queries/contracts.query';
import { storageUsageQueryOptions } from '../api/queries/storage-usage.query';
import { usageStatusQueryOptions } from '../pages/top/usage-status-query';

export type FlowActorDeps = { readonly queryClient: QueryClient };

/** The contract of one service a flow starts from: the live one, else the latest ended one, else none. */
export function toFlowContract(contracts: readonly ServiceContract[], serviceId: ServiceContract['serviceId']): FlowContract {
  const ours = contracts.filter((contract) => contract.serviceId === serviceId);
  const latest = liveContractOf(ours, serviceId) ?? [...ours].sort((a, b) => b.startedAt.localeCompare(a.startedAt))[0];
  if (latest === undefined) {
    return {
      status: 'none',
      planId: null,
      pendingPlan: null,
      paymentMethod: null,
      paymentMethodLabel: '',
      paymentMethodDetails: [],
      withdrawalDate: null,
      startedDate: null,
      continuedUseBenefit: null,
    };
  }
  const payment = latest.paymentMethod;
  return {
    status: latest.status,
    planId: latest.planId,
    pendingPlan: latest.status === 'withdrawn' ? null : latest.pendingPlan,
    paymentMethod: payment.value === PaymentMethod.CreditCard ? PaymentMethod.CreditCard : PaymentMethod.WithMobile,
    paymentMethodLabel: payment.label,
    paymentMethodDetails: payment.cardLast4 === null ? [] : cardDetails(payment.cardLast4),
    withdrawalDate: latest.withdrawalAt === null ? null : formatIsoDay(new Date(latest.withdrawalAt)),
    startedDate: formatIsoDay(new Date(latest.startedAt)),
    continuedUseBenefit: latest.continuedUseBenefit,
  };
}

export function createServiceFlowActors({ queryClient }: FlowActorDeps) {
  // After a registration or a contract change every read of the customer's services is stale.
  const refreshServiceReads = async () => {
    await Promise.all(
      [contractsQueryOptions(), usageStatusQueryOptions(), storageUsageQueryOptions()].map((options) =>
        queryClient.invalidateQueries({ queryKey: options.queryKey }),
      ),
    );
  };

  const judgeEntry = fromPromise<EntryJudgementResponse, JudgeEntryInput>(({ input, signal }) =>
    callApi(entryJudgementEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      query: { contentsServiceId: input.contentsServiceId },
      signal,
    }),
  );

  const judgeCoupon = fromPromise<CouponJudgeResponse, JudgeCouponInput>(({ input, signal }) =>
    callApi(couponJudgeEndpoint, {
      params: { couponCd: input.couponCd },
      query: { contentsServiceId: input.contentsServiceId },
      signal,
    }),
  );

  const loadPaymentMethods = fromPromise<PaymentMethodsResponse, LoadPaymentMethodsInput>(({ input, signal }) =>
    callApi(paymentMethodsEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      query: { contentsServiceId: input.contentsServiceId },
      signal,
    }),
  );

  const createPaymentSession = fromPromise<PaymentInformationResponse, CreatePaymentSessionInput>(({ input, signal }) =>
    callApi(paymentInformationEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body: input.body,
      headers: { [Header.ContentsServiceId]: input.contentsServiceId },
      signal,
    }),
  );

  // The return URL's query string is never trusted: the server says what the provider recorded.
  const verifyPaymentResult = fromPromise<ProviderOrder, VerifyPaymentResultInput>(async ({ input, signal }) => {
    const answer = await callApi(paymentMethodsEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      query: { contentsServiceId: input.contentsServiceId, orderId: input.orderId },
      signal,
    });
    if (answer.order === undefined || answer.order.orderId !== input.orderId) {
      throw new Error('the server did not report the card provider order');
    }
    return answer.order;
  });

  const loadContract = fromPromise<FlowContract, LoadContractInput>(async ({ input }) => {
    // A flow decides from the contract as it is now, not as a page read it a while ago.
    const answer = await queryClient.fetchQuery({ ...contractsQueryOptions(), staleTime: 0 });
    await holdContract(answer.contracts, input.serviceId);
    return toFlowContract(answer.contracts, input.serviceId);
  });

  const registerService = fromPromise<ContractReceipt, RegisterServiceInput>(async ({ input }) => {
    // No abort signal: once sent, a registration is left to finish (the key makes a resend safe).
    const receipt = await callApi(registerServiceEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body: input.body,
      requestKey: input.requestKey,
    });
    await refreshServiceReads();
    return receipt;
  });

  const updateContract = fromPromise<ContractReceipt, UpdateContractInput>(async ({ input }) => {
    const serviceContractId = await heldContractId();
    const receipt = await callApi(updateContractsEndpoint, {
      params: { sbSystemId: input.sbSystemId },
      body: { ...input.body, serviceContractId },
      requestKey: input.requestKey,
    });
    await refreshServiceReads();
    return receipt;
  });

  const { sendOtp, checkOtp, verifyContact } = createOtpActors();

  const registerCard = cardProviderMachine.provide({ actors: { createPaymentSession, verifyPaymentResult } });

  return {
    judgeEntry,
    judgeCoupon,
    loadPaymentMethods,
    registerService,
    loadContract,
    updateContract,
    registerCard,
    verifyContact,
    createPaymentSession,
    verifyPaymentResult,
    sendOtp,
    checkOtp,
  };
}

export type ServiceFlowActors = ReturnType<typeof createServiceFlowActors>;
