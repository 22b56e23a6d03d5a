/**
 * Login tickets for the external order provider (spec sections 3 and 7).
 * POST /api/ticket issues one; GET /api/ticket/encode wraps one into the receive-service link's
 * weblink parameter (docs/decisions/0006-endpoint-table.md).
 */
import { z } from 'zod/mini';
import { PageIdSchema } from './page-id';

export const TicketRequestSchema = z.object({
  /** Must be the caller's session-token. */
  tokenId: z.string().check(z.minLength(1), z.maxLength(200)),
  userAgent: z.string().check(z.maxLength(1024)),
});
export type TicketRequest = z.infer<typeof TicketRequestSchema>;

/** "<id>.<signature>", both base64url. */
export const TicketValueSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22,64}\.[A-Za-z0-9_-]{43}$/));

export const TicketSchema = z.object({ ticket: TicketValueSchema });
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketEncodeQuerySchema = z.strictObject({
  ticket: TicketValueSchema,
  /** The portal page the customer comes back to. */
  pageId: PageIdSchema,
});
export type TicketEncodeQuery = z.infer<typeof TicketEncodeQuerySchema>;

export const TicketEncodeSchema = z.object({
  /** base64url of the ticket and return page: the receive-service link's weblink parameter. */
  weblink: z.string(),
  /** The receive-service link with the weblink parameter, ready for /Redirect. */
  url: z.string(),
});
export type TicketEncode = z.infer<typeof TicketEncodeSchema>;
