/**
 * The customer's contracts: optional services (masked payment), the mobile line, the state of
 * each service with what may be done now, and the services in use. Each is one query
 * (findCustomerWithContracts) after the session check (docs/decisions/0038-hot-read-path.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { ServiceNames, type ActiveService } from '../../contracts/api/service-contracts';
import { ServiceIdSchema } from '../../contracts/codes';
import { findCustomerWithContracts, planNow, toServiceContract, usageStatus } from '../contracts/contract-repository';
import { businessDateOf } from '../time/business-date';
import { registerEndpoint } from './register-endpoint';

export function registerContractRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getContracts, async ({ db, env, params }) => {
    const { contracts: rows } = await findCustomerWithContracts(db, params.sbSystemId);
    const now = new Date();
    const businessDate = businessDateOf(env, now);
    return { contracts: rows.map((row) => toServiceContract(row, now, businessDate)) };
  });

  registerEndpoint(app, endpoints.getLineContract, async ({ db, params }) => {
    const { customer, contracts: rows } = await findCustomerWithContracts(db, params.sbSystemId);
    return {
      sbSystemId: customer.sbSystemId,
      phoneNumber: customer.phoneNumber,
      mailAddress: customer.mailAddressConfirmed ? customer.mailAddress : null,
      unconfirmedMailAddress: customer.mailAddressConfirmed ? null : customer.mailAddress,
      lineStatus: customer.lineStatus as 'active' | 'restricted',
      userType: customer.userType,
      serviceContractIds: rows.filter((row) => row.status !== 'withdrawn').map((row) => row.id),
    };
  });

  registerEndpoint(app, endpoints.getServiceUsageStatus, async ({ db, params }) => {
    const { customer, contracts } = await findCustomerWithContracts(db, params.sbSystemId);
    return usageStatus(customer, contracts);
  });

  registerEndpoint(app, endpoints.getActiveServices, async ({ db, params }) => {
    const { contracts: rows } = await findCustomerWithContracts(db, params.sbSystemId);
    const now = new Date();
    const services = rows
      .filter((row): row is typeof row & { status: ActiveService['status'] } => row.status !== 'withdrawn')
      .map((row) => {
        const serviceId = ServiceIdSchema.parse(row.serviceId);
        return { contractId: row.id, serviceId, serviceName: ServiceNames[serviceId], planId: planNow(row, now).planId as ActiveService['planId'], status: row.status };
      });
    return { services };
  });
}
