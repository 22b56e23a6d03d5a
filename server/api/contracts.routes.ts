/**
 * The customer's contracts: optional services (masked payment), the mobile line, the state of
 * each service with what may be done now, and the services in use.
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import type { ActiveService } from '../../contracts/api/service-contracts';
import { findCustomer, listContracts, toServiceContract, usageStatus } from '../contracts/contract-repository';
import { registerEndpoint } from './register-endpoint';

export function registerContractRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getContracts, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    const rows = await listContracts(db, params.sbSystemId);
    return { contracts: rows.map(toServiceContract) };
  });

  registerEndpoint(app, endpoints.getLineContract, async ({ db, params }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    const rows = await listContracts(db, params.sbSystemId);
    return {
      sbSystemId: customer.sbSystemId,
      phoneNumber: customer.phoneNumber,
      lineStatus: customer.lineStatus as 'active' | 'restricted',
      userType: customer.userType,
      serviceContractIds: rows.filter((row) => row.status !== 'withdrawn').map((row) => row.id),
    };
  });

  registerEndpoint(app, endpoints.getServiceUsageStatus, async ({ db, params }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    return usageStatus(customer, await listContracts(db, params.sbSystemId));
  });

  registerEndpoint(app, endpoints.getActiveServices, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    const rows = await listContracts(db, params.sbSystemId);
    const services = rows
      .filter((row): row is typeof row & { status: ActiveService['status'] } => row.status !== 'withdrawn')
      .map((row) => {
        const { contractId, serviceId, serviceName, planId } = toServiceContract(row);
        return { contractId, serviceId, serviceName, planId, status: row.status };
      });
    return { services };
  });
}
