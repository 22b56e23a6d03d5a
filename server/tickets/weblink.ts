/**
 * The receive-service link's weblink parameter: base64url of { ticket, pageId }. The ticket
 * inside carries its own signature; the page id is checked against the page table on return.
 */
import { z } from 'zod';
import { PageIdSchema } from '../../contracts/api/page-id';
import { TicketValueSchema } from '../../contracts/api/ticket';

const WeblinkSchema = z.object({ ticket: TicketValueSchema, pageId: PageIdSchema });
export type Weblink = z.infer<typeof WeblinkSchema>;

export function encodeWeblink(value: Weblink): string {
  return Buffer.from(JSON.stringify({ ticket: value.ticket, pageId: value.pageId }), 'utf8').toString('base64url');
}

export function decodeWeblink(weblink: string): Weblink | undefined {
  if (!/^[A-Za-z0-9_-]{1,2048}$/.test(weblink)) return undefined;
  try {
    const parsed = WeblinkSchema.safeParse(JSON.parse(Buffer.from(weblink, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
