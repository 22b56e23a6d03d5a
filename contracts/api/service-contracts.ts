/**
 * The customer's optional-service contracts and their state per service
 * (GET .../contracts, .../service/usage/status, .../services/active).
 * Payment details are masked: a card shows its last 4 digits only.
 */
import { z } from 'zod/mini';
import { ContractStatusSchema, PaymentMethod, PlanIdSchema, ServiceIdSchema, type ServiceIdValue } from '../codes';
import { perService } from '../services/catalogue';
import { ContinuedUseBenefitSchema } from '../services/continued-use-benefit';
import { JstDateSchema } from './current-date';

export const ServiceNames: Readonly<Record<ServiceIdValue, string>> = perService((service) => service.name);

export const PaymentSummarySchema = z.object({
  value: z.enum(['01', '02']),
  label: z.string(),
  /** Last 4 digits of the card; null for the mobile bill. */
  cardLast4: z.nullable(z.string().check(z.regex(/^[0-9]{4}$/))),
  /** tokenPanEffectiveDate (yyyymm); null for the mobile bill. */
  tokenPanEffectiveDate: z.nullable(z.string()),
});
export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;

const Timestamp = z.iso.datetime({ offset: true });

export const ServiceContractSchema = z.object({
  contractId: z.string(),
  serviceId: ServiceIdSchema,
  serviceName: z.string(),
  planId: PlanIdSchema,
  status: ContractStatusSchema,
  paymentMethod: PaymentSummarySchema,
  startedAt: Timestamp,
  /** When a withdrawal takes (reserved) or took (withdrawn) effect. */
  withdrawalAt: z.nullable(Timestamp),
  suspendedAt: z.nullable(Timestamp),
  /** A plan downgrade waiting for its day (request type 20); null when none waits. */
  pendingPlan: z.nullable(z.object({ planId: PlanIdSchema, effectiveDate: JstDateSchema })),
  /** The in-store support service's continued-use benefit; null for the other services. */
  continuedUseBenefit: z.nullable(ContinuedUseBenefitSchema),
});
export type ServiceContract = z.infer<typeof ServiceContractSchema>;

/** The service's contract that has not ended (a customer has at most one per service), if any. */
export function liveContractOf<C extends Pick<ServiceContract, 'serviceId' | 'status'>>(contracts: readonly C[], serviceId: ServiceIdValue): C | undefined {
  return contracts.find((contract) => contract.serviceId === serviceId && contract.status !== 'withdrawn');
}

export const ServiceContractsSchema = z.object({ contracts: z.array(ServiceContractSchema) });
export type ServiceContracts = z.infer<typeof ServiceContractsSchema>;

export const ServiceStateSchema = z.enum(['none', 'active', 'suspended', 'withdrawal_reserved', 'withdrawn']);
export const ServiceActionSchema = z.enum(['apply', 'changePayment', 'cancel', 'cancelReservation', 'resume', 'changePlan']);

export const ServiceUsageSchema = z.object({
  serviceId: ServiceIdSchema,
  serviceName: z.string(),
  state: ServiceStateSchema,
  /** The live contract, or the latest withdrawn one; null when there never was one. */
  contractId: z.nullable(z.string()),
  planId: z.nullable(PlanIdSchema),
  paymentMethod: z.nullable(PaymentSummarySchema),
  withdrawalAt: z.nullable(Timestamp),
  suspendedAt: z.nullable(Timestamp),
  /** What the customer may do now (allowedActionsFor in contracts/lifecycle.ts); empty on a restricted line. */
  allowedActions: z.array(ServiceActionSchema),
});
export type ServiceUsage = z.infer<typeof ServiceUsageSchema>;

export const ServiceUsageStatusSchema = z.object({
  /** The mobile line is restricted: every procedure is refused with E0008. */
  restricted: z.boolean(),
  /** One entry per service of the catalogue, in catalogue order. */
  services: z.array(ServiceUsageSchema),
});
export type ServiceUsageStatus = z.infer<typeof ServiceUsageStatusSchema>;

export const ActiveServiceSchema = z.object({
  contractId: z.string(),
  serviceId: ServiceIdSchema,
  serviceName: z.string(),
  planId: PlanIdSchema,
  status: z.enum(['active', 'suspended', 'withdrawal_reserved']),
});
export type ActiveService = z.infer<typeof ActiveServiceSchema>;

export const ActiveServicesSchema = z.object({ services: z.array(ActiveServiceSchema) });
export type ActiveServices = z.infer<typeof ActiveServicesSchema>;

/**
 * The contract of one service as a flow starts from it (the app's loader reads it from GET
 * contracts): the live contract, else the latest ended one, else "none".
 */
export const FlowContractSchema = z.object({
  status: z.union([ContractStatusSchema, z.literal('none')]),
  /** The plan the contract is on now; null without a contract. */
  planId: z.nullable(PlanIdSchema),
  paymentMethod: z.nullable(z.enum([PaymentMethod.WithMobile, PaymentMethod.CreditCard])),
  paymentMethodLabel: z.string(),
  paymentMethodDetails: z.array(z.string()),
  /** yyyy-mm-dd of a reserved withdrawal. */
  withdrawalDate: z.nullable(z.string()),
  /** A plan change waiting for its day, as GET contracts reports it. */
  pendingPlan: ServiceContractSchema.shape.pendingPlan,
  /** yyyy-mm-dd of the first day of use; null without a contract. */
  startedDate: z.nullable(z.string()),
  continuedUseBenefit: ServiceContractSchema.shape.continuedUseBenefit,
});
export type FlowContract = z.infer<typeof FlowContractSchema>;
