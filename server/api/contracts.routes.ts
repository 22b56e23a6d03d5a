/**
 * The customer's contracts: optional services (masked payment), the mobile line, the state of
 * each service with what may be done now, and the services in use. Each reads the customer and
 * the contracts in the statement that reads the session, and answers once the session's checks
 * pass (docs/decisions/0109-session-and-contracts-in-one-read.md).
 */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { ServiceNames, type ActiveService } from '../../contracts/api/service-contracts';
import { ServiceIdSchema } from '../../contracts/codes';
import { planNow, toServiceContract, usageStatus } from '../contracts/contract-repository';
import { businessDateOf } from '../time/business-date';
import { ownContractsOf, registerEndpoint, type EndpointOptions } from './register-endpoint';

const withContracts: EndpointOptions = { withContracts: true };

export function registerContractRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getContracts, (context) => {
    const { contracts: rows } = ownContractsOf(context);
    const now = new Date();
    const businessDate = businessDateOf(context.env, now);
    return { contracts: rows.map((row) => toServiceContract(row, now, businessDate)) };
  }, withContracts);

  registerEndpoint(app, endpoints.getLineContract, (context) => {
    const { customer, contracts: rows } = ownContractsOf(context);
    return {
      sbSystemId: customer.sbSystemId,
      phoneNumber: customer.phoneNumber,
      mailAddress: customer.mailAddressConfirmed ? customer.mailAddress : null,
      unconfirmedMailAddress: customer.mailAddressConfirmed ? null : customer.mailAddress,
      lineStatus: customer.lineStatus as 'active' | 'restricted',
      userType: customer.userType,
      serviceContractIds: rows.filter((row) => row.status !== 'withdrawn').map((row) => row.id),
    };
  }, withContracts);

  registerEndpoint(app, endpoints.getServiceUsageStatus, (context) => {
    const { customer, contracts } = ownContractsOf(context);
    return usageStatus(customer, contracts);
  }, withContracts);

  registerEndpoint(app, endpoints.getActiveServices, (context) => {
    const { contracts: rows } = ownContractsOf(context);
    const now = new Date();
    const services = rows
      .filter((row): row is typeof row & { status: ActiveService['status'] } => row.status !== 'withdrawn')
      .map((row) => {
        const serviceId = ServiceIdSchema.parse(row.serviceId);
        return { contractId: row.id, serviceId, serviceName: ServiceNames[serviceId], planId: planNow(row, now).planId as ActiveService['planId'], status: row.status };
      });
    return { services };
  }, withContracts);
}
