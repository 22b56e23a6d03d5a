/** Mail-address confirmation before an application (docs/decisions/0063-mail-address-confirmation.md). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { confirmMailAddress } from '../contracts/mail-address-confirmation';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerMailAddressConfirmationRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.confirmMailAddress, async (context) => {
    const session = sessionOf(context);
    return confirmMailAddress(context.db, { sbSystemId: session.sbSystemId, sessionId: session.id }, context.body);
  });
}
