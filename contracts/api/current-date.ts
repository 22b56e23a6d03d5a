/** GET /api/getCurrentDate: the server's JST date-time and the business date (spec section 3). */
import { z } from 'zod';

export const JstDateTimeSchema = z.string().regex(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
export const JstDateSchema = z.string().regex(/^\d{4}\/\d{2}\/\d{2}$/);

export const CurrentDateSchema = z.object({
  /** "yyyy/mm/dd hh:mm:ss" JST; on a dummy date, that date with the current time. */
  currentDate: JstDateTimeSchema,
  /** "yyyy/mm/dd". */
  businessDate: JstDateSchema,
  /** True when the business date is a fixed test date (the spec's dummy-date flag). */
  dummyDate: z.boolean(),
});
export type CurrentDate = z.infer<typeof CurrentDateSchema>;
