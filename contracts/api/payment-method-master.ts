/** GET /api/get_master_data/method: the payment method master (spec sections 3 and 9). */
import { z } from 'zod/mini';

export const PaymentMethodEntrySchema = z.object({
  value: z.string(),
  label: z.string(),
  details: z.array(z.string()),
});
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntrySchema>;

export const PaymentMethodMasterSchema = z.object({
  /** Sorted by value. */
  paymentMethodList: z.array(PaymentMethodEntrySchema),
});
export type PaymentMethodMaster = z.infer<typeof PaymentMethodMasterSchema>;
