/**
 * POST /api/ticket issues a login ticket for the external order provider; GET /api/ticket/encode
 * wraps one into the receive-service link's weblink parameter. The encode call exists only where
 * a receive service exists (the sandbox one, when SANDBOX is on).
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../../contracts/error-catalogue';
import { endpoints } from '../../contracts/endpoints';
import { AppError, forbidden, unauthenticated } from '../http/app-error';
import { deriveKey } from '../security/app-secret';
import { findUsableTicket, issueOrderTicket } from '../tickets/order-tickets';
import { encodeWeblink } from '../tickets/weblink';
import { registerEndpoint, sessionOf } from './register-endpoint';

export const SANDBOX_RECEIVE_PATH = '/sandbox/order/receive';

export function registerTicketRoutes(app: FastifyInstance): void {
  const key = deriveKey(app.portal.env, 'order-ticket');

  registerEndpoint(app, endpoints.issueTicket, async (context) => {
    const session = sessionOf(context);
    // tokenId is the session-token again: the ticket is bound to the session that asked for it.
    if (context.body.tokenId !== session.sessionToken) throw unauthenticated();
    const ticket = await issueOrderTicket(context.db, key, {
      sbSystemId: session.sbSystemId,
      sessionId: session.id,
      userAgent: context.body.userAgent,
    });
    return { ticket };
  });

  if (!app.portal.env.SANDBOX) return;
  registerEndpoint(app, endpoints.encodeTicket, async (context) => {
    const session = sessionOf(context);
    const row = await findUsableTicket(context.db, key, context.query.ticket);
    if (!row) throw new AppError(ErrorCode.ResourceNotFound);
    if (row.sbSystemId !== session.sbSystemId) throw forbidden();
    const weblink = encodeWeblink({ ticket: context.query.ticket, pageId: context.query.pageId });
    return { weblink, url: `${SANDBOX_RECEIVE_PATH}?weblink=${weblink}` };
  });
}
