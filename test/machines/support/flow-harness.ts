/** Provided actors for the contract-based data storage flows (change payment, cancel, resume). */
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { PlanId } from '../../../contracts/codes';
import type { ContractReceipt } from '../../../contracts/api/service-requests';
import type { OtpResponse } from '../../../contracts/api/otp';
import type { PaymentInformationResponse, ProviderOrder } from '../../../contracts/api/payment';
import type { LoadContractInput, UpdateContractInput } from '../../../machines/service-flow/shared';
import {
  cardProviderMachine,
  type CreatePaymentSessionInput,
  type VerifyPaymentResultInput,
} from '../../../machines/card-provider.machine';
import { sampleCard, sampleReceipt } from '../../../machines/model-fixtures';
import { otpMachine, type CheckOtpInput, type SendOtpInput } from '../../../machines/otp.machine';
import { ok, scripted, type Answer } from './fake-actors';

export function contractOf(
  status: FlowContract['status'],
  paymentMethod: FlowContract['paymentMethod'],
): FlowContract {
  return {
    status,
    planId: status === 'none' ? null : PlanId.DataStorage,
    pendingPlan: null,
    paymentMethod,
    paymentMethodLabel: paymentMethod === '02' ? 'クレジットカード' : '携帯電話料金とまとめて支払い',
    paymentMethodDetails: paymentMethod === '02' ? ['**** **** **** 1111'] : [],
    withdrawalDate: status === 'withdrawal_reserved' ? '2026-11-30' : null,
    startedDate: status === 'none' ? null : '2025-06-01',
    continuedUseBenefit: null,
  };
}

export function contractActors(contract: FlowContract, update: Answer<ContractReceipt>[] = [ok(sampleReceipt)]) {
  const okOtp: OtpResponse = { result: 'OK', ngMessage: null };
  const session: PaymentInformationResponse = { redirectOrderUrl: 'https://card.example.jp/order/o-2', orderId: 'o-2' };
  const loadContract = scripted<LoadContractInput, FlowContract>(ok(contract));
  const updateContract = scripted<UpdateContractInput, ContractReceipt>(...update);
  const createPaymentSession = scripted<CreatePaymentSessionInput, PaymentInformationResponse>(ok(session));
  const verifyPaymentResult = scripted<VerifyPaymentResultInput, ProviderOrder>(
    ok<ProviderOrder>({ orderId: 'o-2', status: 'completed', card: sampleCard }),
  );
  const sendOtp = scripted<SendOtpInput, OtpResponse>(ok(okOtp));
  const checkOtp = scripted<CheckOtpInput, OtpResponse>(ok(okOtp));
  return {
    loadContract,
    updateContract,
    createPaymentSession,
    actors: {
      loadContract: loadContract.logic,
      updateContract: updateContract.logic,
      registerCard: cardProviderMachine.provide({
        actors: { createPaymentSession: createPaymentSession.logic, verifyPaymentResult: verifyPaymentResult.logic },
      }),
      verifyContact: otpMachine.provide({ actors: { sendOtp: sendOtp.logic, checkOtp: checkOtp.logic } }),
    },
  };
}
