/**
 * The two calls every optional service's flows submit (spec section 7): `POST service` (apply)
 * and `POST update/contracts` (change payment, cancel, resume, plan change). One schema for every
 * service: the service id names which, the plan must be one of that service's plans, and what a
 * service offers at all is contracts/lifecycle.ts's ActionsByService (the server enforces it).
 * docs/decisions/0064-service-requests-and-plan-change.md.
 */
import { z } from 'zod/mini';
import {
  ContractStatus,
  ContractStatusSchema,
  PaymentMethod,
  PlansByService,
  PlanIdSchema,
  RequestType,
  ServiceId,
  ServiceIdSchema,
  type ContractStatusValue,
  type PlanIdValue,
  type RequestTypeValue,
  type ServiceIdValue,
} from '../codes';
import { CustomerParams, NoQuery, defineEndpoint } from '../endpoint';
import { ActionsByService } from '../lifecycle';
import { CouponCodeSchema } from './coupon';
import { TokenPanEffectiveDateSchema } from './payment';

const TokenFields = {
  tokenPAN: z.nullable(z.string().check(z.minLength(1))),
  tokenPanEffectiveDate: z.nullable(TokenPanEffectiveDateSchema),
  checkRequestValidityToken: z.nullable(z.string()),
};

/** The services a customer applies for in the portal (the in-store one is applied for in a shop). */
const ApplicableServiceIds = ServiceIdSchema.options.filter((serviceId) => ActionsByService[serviceId].includes('apply'));

/** The plan belongs to the service the request names. */
const planOfService = z.refine<{ serviceId: ServiceIdValue; planId: PlanIdValue }>((body) => PlansByService[body.serviceId].includes(body.planId), {
  path: ['planId'],
  message: 'このサービスにないプランです。',
});

export const RegisterServiceRequestSchema = z
  .strictObject({
    serviceId: z.enum(ApplicableServiceIds as [ServiceIdValue, ...ServiceIdValue[]]),
    planId: PlanIdSchema,
    requestType: z.enum([RequestType.RegisterByMobile, RequestType.RegisterByCredit]),
    paymentMethodValue: z.enum([PaymentMethod.WithMobile, PaymentMethod.CreditCard, PaymentMethod.NewCreditCard]),
    paymentMethodLabel: z.string().check(z.minLength(1)),
    ...TokenFields,
    couponCode: z.nullable(CouponCodeSchema),
    consented: z.literal(true),
  })
  .check(planOfService);
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
 * not texts: the app words them, the history stores the codes.
 */
export const CancelSurveyAnswerSchema = z.enum(['price', 'unused', 'other-service', 'device-change', 'usability', 'other']);
export type CancelSurveyAnswer = z.infer<typeof CancelSurveyAnswerSchema>;

export const UpdateContractsRequestSchema = z
  .strictObject({
    serviceId: ServiceIdSchema,
    /** The contract's plan; with request type 20, the plan to change to. */
    planId: PlanIdSchema,
    /** Absent only for a resume that keeps the payment method (our decision). */
    requestType: z.nullable(
      z.enum([
        RequestType.Withdrawal,
        RequestType.WithdrawalReservationMonthEnd,
        RequestType.WithdrawalReservationCancel,
        RequestType.WithdrawalReservationReckoningDate,
        RequestType.CreditToCredit,
        RequestType.CreditToMobile,
        RequestType.MobileToCredit,
        RequestType.ChangePaymentPlan,
      ]),
    ),
    resume: z.boolean(),
    paymentMethodLabel: z.nullable(z.string()),
    ...TokenFields,
    /**
     * Cancel survey answers (cancelInfo survey list), each at most once; only a withdrawal or a
     * withdrawal reservation (month end, reckoning date) carries answers (the server refuses them elsewhere).
     */
    survey: z
      .array(CancelSurveyAnswerSchema)
      .check(
        z.maxLength(CancelSurveyAnswerSchema.options.length),
        z.refine((answers) => new Set(answers).size === answers.length, { message: '同じ回答が重複しています。' }),
      ),
    /**
     * The contract the flow read when it started (the common store's serviceContractId); the server
     * refuses the request with E0008 when the live contract is another one. Absent from callers that
     * name no contract (a tab still on a build from before it, ADR 0089).
     */
    serviceContractId: z.optional(z.string().check(z.minLength(1))),
  })
  .check(planOfService);
export type UpdateContractsRequest = z.infer<typeof UpdateContractsRequestSchema>;

/**
 * Cancel request types a contract offers (our decision): an active contract a month-end
 * reservation (default) or immediate withdrawal, and for the in-store support service also a
 * reservation on the reckoning date, the last day of its continued-use benefit period
 * (docs/decisions/0072-in-store-support.md); a reserved contract only the reservation cancel,
 * a suspended one only immediate withdrawal.
 */
export function cancelOptions(serviceId: ServiceIdValue, status: ContractStatusValue | 'none'): readonly RequestTypeValue[] {
  switch (status) {
    case ContractStatus.Active:
      return serviceId === ServiceId.InStoreSupport
        ? [RequestType.WithdrawalReservationMonthEnd, RequestType.WithdrawalReservationReckoningDate, RequestType.Withdrawal]
        : [RequestType.WithdrawalReservationMonthEnd, RequestType.Withdrawal];
    case ContractStatus.WithdrawalReserved:
      return [RequestType.WithdrawalReservationCancel];
    case ContractStatus.Suspended:
      return [RequestType.Withdrawal];
    case ContractStatus.Withdrawn:
    case 'none':
      return [];
  }
}

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
  summary: 'ご契約の変更（支払方法の変更・解約・利用再開・プラン変更）',
  params: CustomerParams,
  query: NoQuery,
  body: UpdateContractsRequestSchema,
  response: ContractReceiptSchema,
});
