/**
 * The data storage service あんしんデータボックス: registration, contract updates (payment change,
 * cancel, resume) and storage usage. The rules are in server/contracts/anshin-contract-service.ts.
 */
import type { FastifyInstance } from 'fastify';
import { AnshinServiceId } from '../../contracts/api/anshin-data-box';
import { endpoints } from '../../contracts/endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { registerAnshin, updateAnshin } from '../contracts/anshin-contract-service';
import { currentContract, findCustomer, listContracts } from '../contracts/contract-repository';
import { readStorageUsage } from '../contracts/storage-usage-repository';
import type { PortalGateways } from '../gateways/portal-gateways';
import { AppError } from '../http/app-error';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerAnshinDataBoxRoutes(app: FastifyInstance, gateways: PortalGateways | undefined): void {
  registerEndpoint(app, endpoints.getStorageUsage, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    const contract = currentContract(await listContracts(db, params.sbSystemId), AnshinServiceId);
    if (!contract || contract.status === 'withdrawn') throw new AppError(ErrorCode.StatusForbidsProcedure);
    const usage = await readStorageUsage(db, contract.id);
    if (!usage) throw new AppError(ErrorCode.ResourceNotFound);
    return usage;
  });

  // Registration and updates check cards with the provider and need a verified OTP.
  if (gateways === undefined) return;
  registerEndpoint(app, endpoints.registerService, async (context) => {
    const session = sessionOf(context);
    return registerAnshin(
      { db: context.db, effect: context.effect, cardProvider: gateways.cardProvider },
      { sbSystemId: session.sbSystemId, sessionId: session.id, requestKey: context.requestKey },
      context.body,
    );
  });

  registerEndpoint(app, endpoints.updateContracts, async (context) => {
    const session = sessionOf(context);
    return updateAnshin(
      { db: context.db, effect: context.effect, cardProvider: gateways.cardProvider },
      { sbSystemId: session.sbSystemId, sessionId: session.id, requestKey: context.requestKey },
      context.body,
    );
  });
}
