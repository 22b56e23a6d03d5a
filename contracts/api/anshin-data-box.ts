/**
 * The data storage service あんしんデータボックス (service 223, plan 225): its ids, the price we
 * decided where the spec shows none, the contract its flows start from and its storage usage
 * (docs/flows/anshin-data-box.md). The calls every service submits are in service-requests.ts.
 */
import { z } from 'zod';
import { ContractStatusSchema, PaymentMethod, PlanId, ServiceId } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';

export const AnshinServiceId = ServiceId.DataStorage;
export const AnshinPlanId = PlanId.DataStorage;

/** Our decision: 550 yen a month including tax, from the application day, charged from the next month. */
export const AnshinPrice = { monthlyYenTaxIncluded: 550, firstMonthFree: true } as const;

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

export const StorageUsageResponseSchema = z.object({
  usedBytes: z.number().int().nonnegative(),
  capacityBytes: z.number().int().positive(),
  measuredAt: z.string(),
});
export type StorageUsageResponse = z.infer<typeof StorageUsageResponseSchema>;

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
