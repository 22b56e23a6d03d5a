/** GET /api/customer/{sbSystemId}/bySbSystemId/contracts: the customer's mobile line contract. */
import { z } from 'zod/mini';
import { LineStatusSchema } from '../codes';

export const LineContractSchema = z.object({
  sbSystemId: z.string().check(z.regex(/^[0-9]{10}$/)),
  /** 11 digits without hyphens; the app masks it for display. */
  phoneNumber: z.string().check(z.regex(/^[0-9]{11}$/)),
  /**
   * The contact mail address on file, or null while it is unconfirmed: a one-time password goes
   * only to a confirmed address. The app masks it for display.
   */
  mailAddress: z.nullable(z.email()),
  /**
   * The address on file while it is not yet confirmed, else null: what the customer is asked to
   * confirm before an application (ADR 0063), never a destination for a one-time password.
   */
  unconfirmedMailAddress: z.nullable(z.email()),
  lineStatus: LineStatusSchema,
  userType: z.string(),
  /** Ids of the live optional-service contracts (the common store's serviceContractId). */
  serviceContractIds: z.array(z.string()),
});
export type LineContract = z.infer<typeof LineContractSchema>;
