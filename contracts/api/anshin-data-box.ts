/**
 * The data storage service あんしんデータボックス (service 223, plan 225): registration, contract
 * updates (payment change, cancel, resume), storage usage, and the price and cancel options we
 * decided where the spec shows none (docs/flows/anshin-data-box.md).
 */
import { z } from 'zod';
import {
  ContractStatus,
  ContractStatusSchema,
  PaymentMethod,
  PlanId,
  RequestType,
  ServiceId,
  type ContractStatusValue,
  type RequestTypeValue,
} from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { CouponCodeSchema } from './coupon';
import { TokenPanEffectiveDateSchema } from './payment';

export const AnshinServiceId = ServiceId.DataStorage;
export const AnshinPlanId = PlanId.DataStorage;

/** Our decision: 550 yen a month including tax, from the application day, charged from the next month. */
export const AnshinPrice = { monthlyYenTaxIncluded: 550, firstMonthFree: true } as const;

const TokenFields = {
  tokenPAN: z.string().min(1).nullable(),
  tokenPanEffectiveDate: TokenPanEffectiveDateSchema.nullable(),
  checkRequestValidityToken: z.string().nullable(),
};

export const RegisterServiceRequestSchema = z
  .object({
    serviceId: z.literal(AnshinServiceId),
    planId: z.literal(AnshinPlanId),
    requestType: z.enum([RequestType.RegisterByMobile, RequestType.RegisterByCredit]),
    paymentMethodValue: z.enum([PaymentMethod.WithMobile, PaymentMethod.CreditCard, PaymentMethod.NewCreditCard]),
    paymentMethodLabel: z.string().min(1),
    ...TokenFields,
    couponCode: CouponCodeSchema.nullable(),
    consented: z.literal(true),
  })
  .strict();
export type RegisterServiceRequest = z.infer<typeof RegisterServiceRequestSchema>;

export const ContractReceiptSchema = z.object({
  serviceId: z.string(),
  status: ContractStatusSchema,
  /** yyyy-mm-dd the request takes effect. */
  effectiveDate: z.string(),
  acceptedAt: z.string(),
});
export type ContractReceipt = z.infer<typeof ContractReceiptSchema>;

/**
 * Answers of the optional cancel survey (our decision: one question, several answers). Codes,
 * not texts: the app words them (anshin-copy.ts), the history stores the codes.
 */
export const CancelSurveyAnswerSchema = z.enum(['price', 'unused', 'other-service', 'device-change', 'usability', 'other']);
export type CancelSurveyAnswer = z.infer<typeof CancelSurveyAnswerSchema>;

export const UpdateContractsRequestSchema = z
  .object({
    serviceId: z.literal(AnshinServiceId),
    planId: z.literal(AnshinPlanId),
    /** Absent only for a resume that keeps the payment method (our decision). */
    requestType: z
      .enum([
        RequestType.Withdrawal,
        RequestType.WithdrawalReservationMonthEnd,
        RequestType.WithdrawalReservationCancel,
        RequestType.WithdrawalReservationReckoningDate,
        RequestType.CreditToCredit,
        RequestType.CreditToMobile,
        RequestType.MobileToCredit,
      ])
      .nullable(),
    resume: z.boolean(),
    paymentMethodLabel: z.string().nullable(),
    ...TokenFields,
    /**
     * Cancel survey answers (cancelInfo survey list), each at most once; only a withdrawal or a
     * month-end reservation carries answers (the server refuses them elsewhere).
     */
    survey: z
      .array(CancelSurveyAnswerSchema)
      .max(CancelSurveyAnswerSchema.options.length)
      .refine((answers) => new Set(answers).size === answers.length, { message: '同じ回答が重複しています。' }),
  })
  .strict();
export type UpdateContractsRequest = z.infer<typeof UpdateContractsRequestSchema>;

/** The contract as a flow starts from it (read from GET contracts by the app's loader). */
export const AnshinContractSchema = z.object({
  status: z.union([ContractStatusSchema, z.literal('none')]),
  paymentMethod: z.enum([PaymentMethod.WithMobile, PaymentMethod.CreditCard]).nullable(),
  paymentMethodLabel: z.string(),
  paymentMethodDetails: z.array(z.string()),
  /** yyyy-mm-dd of a reserved withdrawal. */
  withdrawalDate: z.string().nullable(),
});
export type AnshinContract = z.infer<typeof AnshinContractSchema>;

/**
 * Cancel request types a contract offers (our decision): an active contract a month-end
 * reservation (default) or immediate withdrawal, a reserved one only the reservation cancel,
 * a suspended one only immediate withdrawal. 06 (reckoning date) is not used by this service.
 */
export function cancelOptions(status: ContractStatusValue | 'none'): readonly RequestTypeValue[] {
  switch (status) {
    case ContractStatus.Active:
      return [RequestType.WithdrawalReservationMonthEnd, RequestType.Withdrawal];
    case ContractStatus.WithdrawalReserved:
      return [RequestType.WithdrawalReservationCancel];
    case ContractStatus.Suspended:
      return [RequestType.Withdrawal];
    case ContractStatus.Withdrawn:
    case 'none':
      return [];
  }
}

export const StorageUsageResponseSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  capacityBytes: z.number().int().positive(),
  measuredAt: z.string(),
});
export type StorageUsageResponse = z.infer<typeof StorageUsageResponseSchema>;

export const registerServiceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/service',
  retry: false,
  idempotent: true,
  summary: 'サービスの登録',
  params: CustomerParams,
  query: NoQuery,
  body: RegisterServiceRequestSchema,
  response: ContractReceiptSchema,
});

export const updateContractsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/update/contracts',
  retry: false,
  idempotent: true,
  summary: 'ご契約の変更（支払方法の変更・解約・利用再開）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateContractsRequestSchema,
  response: ContractReceiptSchema,
});

export const storageUsageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/storage/usage',
  retry: true,
  summary: 'データボックスの使用容量',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: StorageUsageResponseSchema,
});
