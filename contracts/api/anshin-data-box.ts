/**
 * The data storage service あんしんデータボックス (service 223, plan 225): its ids and its
 * storage usage (its price is in the service catalogue)
 * (docs/flows/anshin-data-box.md). The calls every service submits are in service-requests.ts.
 */
import { z } from 'zod/mini';
import { PlanId, ServiceId } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';

export const AnshinServiceId = ServiceId.DataStorage;
export const AnshinPlanId = PlanId.DataStorage;

export const StorageUsageResponseSchema = z.object({
  usedBytes: z.int().check(z.nonnegative()),
  capacityBytes: z.int().check(z.positive()),
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
