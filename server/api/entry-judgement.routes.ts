/** GET entry_judgement: may the customer apply for the service now (rules: server/contracts/entry-judgement-rules.ts). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { findCustomer } from '../contracts/contract-repository';
import { judgeEntry } from '../contracts/entry-judgement-rules';
import { registerEndpoint } from './register-endpoint';

export function registerEntryJudgementRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getEntryJudgement, async ({ db, params, query }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    return judgeEntry(db, app.portal.processLock, customer, query.contentsServiceId);
  });
}
