/** GET support/history: the in-store support visits of the signed-in customer only (the session check refuses another's id). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { findCustomer } from '../contracts/contract-repository';
import { listSupportHistory } from '../contracts/support-history-repository';
import { registerEndpoint } from './register-endpoint';

export function registerSupportHistoryRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getSupportHistory, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    return { supportHistoryInfo: await listSupportHistory(db, params.sbSystemId) };
  });
}
