/** One-time password send and check (docs/decisions/0035-otp-rules.md). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import type { PortalGateways } from '../gateways/portal-gateways';
import { checkOtp, sendOtp } from '../otp/otp-store';
import { deriveKey } from '../security/app-secret';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerOtpRoutes(app: FastifyInstance, gateways: PortalGateways): void {
  const key = deriveKey(app.portal.env, 'otp-code');

  registerEndpoint(app, endpoints.sendOtp, async (context) => {
    const session = sessionOf(context);
    return sendOtp({ db: context.db, key, messages: gateways.messages }, { sbSystemId: session.sbSystemId, sessionId: session.id }, context.body);
  });

  registerEndpoint(app, endpoints.authOtp, async (context) => {
    const session = sessionOf(context);
    return checkOtp({ db: context.db, key }, { sbSystemId: session.sbSystemId, sessionId: session.id }, context.body.otp);
  });
}
