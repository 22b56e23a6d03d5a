/**
 * The data storage service あんしんデータボックス's own call: its storage usage. Registration and
 * contract updates are every service's (service-requests.routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import { AnshinServiceId } from '../../contracts/api/anshin-data-box';
import { endpoints } from '../../contracts/endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { currentContract, findCustomer, listContracts } from '../contracts/contract-repository';
import { readStorageUsage } from '../contracts/storage-usage-repository';
import { AppError } from '../http/app-error';
import { registerEndpoint } from './register-endpoint';

export function registerAnshinDataBoxRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getStorageUsage, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    const contract = currentContract(await listContracts(db, params.sbSystemId), AnshinServiceId);
    if (!contract || contract.status === 'withdrawn') throw new AppError(ErrorCode.StatusForbidsProcedure);
    const usage = await readStorageUsage(db, contract.id);
    if (!usage) throw new AppError(ErrorCode.ResourceNotFound);
    return usage;
  });
}
