/**
 * POST /api/customer/{sbSystemId}/regulation/check: is a page under maintenance? A regulated
 * page answers 503 with errorCode E0005 and errorOptionals.endDate ("yyyy/mm/dd hh:mm:ss" JST).
 */
import { z } from 'zod/mini';
import { PageIdSchema } from './page-id';

export const RegulationCheckRequestSchema = z.strictObject({ pageId: PageIdSchema });
export type RegulationCheckRequest = z.infer<typeof RegulationCheckRequestSchema>;

export const RegulationCheckSchema = z.object({ regulated: z.literal(false) });
export type RegulationCheck = z.infer<typeof RegulationCheckSchema>;
