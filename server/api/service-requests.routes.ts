/**
 * Every optional service's registration (`POST service`) and contract update (`POST
 * update/contracts`). The rules are in server/contracts/contract-requests.ts; what differs per
 * service is server/contracts/service-policy.ts.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { registerServiceContract, updateServiceContract } from '../contracts/contract-requests';
import type { PortalGateways } from '../gateways/portal-gateways';
import { businessDateOf } from '../time/business-date';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerServiceRequestRoutes(app: FastifyInstance, gateways: PortalGateways): void {
  registerEndpoint(app, endpoints.registerService, async (context) => {
    const session = sessionOf(context);
    return registerServiceContract(
      { db: context.db, effect: context.effect, cardProvider: gateways.cardProvider },
      { sbSystemId: session.sbSystemId, sessionId: session.id, requestKey: context.requestKey },
      context.body,
    );
  });

  registerEndpoint(app, endpoints.updateContracts, async (context) => {
    const session = sessionOf(context);
    const now = new Date();
    return updateServiceContract(
      { db: context.db, effect: context.effect, cardProvider: gateways.cardProvider },
      { sbSystemId: session.sbSystemId, sessionId: session.id, requestKey: context.requestKey },
      context.body,
      { now, businessDate: businessDateOf(context.env, now) },
    );
  });
}
