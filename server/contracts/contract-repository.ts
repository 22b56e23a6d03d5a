/**
 * Reads of a customer's optional-service contracts and line, shaped for the API
 * (masked payment: a card shows only its last 4 digits and the token's effective date).
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { CreditCardLabel, MobileBillLabel, PaymentMethod, ServiceIdSchema, ServiceId, type PlanIdValue, type ServiceIdValue } from '../../contracts/codes';
import { allowedActionsFor, type ServiceState } from '../../contracts/lifecycle';
import {
  ServiceNames,
  type PaymentSummary,
  type ServiceContract,
  type ServiceUsage,
  type ServiceUsageStatus,
} from '../../contracts/api/service-contracts';
import { continuedUseBenefit, type ContinuedUseBenefit } from '../../contracts/services/continued-use-benefit';
import { catalogueServices } from '../../contracts/services/catalogue';
import type { Db } from '../db/client';
import { customers, serviceContracts } from '../db/schema';
import { notFound } from '../http/app-error';
import { formatJstDate } from '../time/jst';
import { isPlanChangeDue } from './due-plan-changes';

export type ContractRow = typeof serviceContracts.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;

const catalogueOrder: readonly ServiceIdValue[] = catalogueServices.map((service) => service.serviceId);

function prepareCustomer(db: Db) {
  return db
    .select()
    .from(customers)
    .where(eq(customers.sbSystemId, sql.placeholder('sbSystemId')))
    .limit(1)
    .prepare('find_customer');
}

/** Built once per database handle (see customerWithContractsQueries). */
const customerQueries = new WeakMap<Db, ReturnType<typeof prepareCustomer>>();

export async function findCustomer(db: Db, sbSystemId: string): Promise<CustomerRow> {
  let query = customerQueries.get(db);
  if (query === undefined) {
    query = prepareCustomer(db);
    customerQueries.set(db, query);
  }
  const [row] = await query.execute({ sbSystemId });
  if (!row) throw notFound();
  return row;
}

/** The order every contract list is read in: by service, the newest contract first. */
export const contractOrder = [asc(serviceContracts.serviceId), desc(serviceContracts.startedAt), asc(serviceContracts.id)] as const;

export async function listContracts(db: Db, sbSystemId: string): Promise<ContractRow[]> {
  return db
    .select()
    .from(serviceContracts)
    .where(eq(serviceContracts.sbSystemId, sbSystemId))
    .orderBy(...contractOrder);
}

/** The customer's columns the contract reads answer with: every column read costs parsing and mapping on the hot read. */
export const customerViewColumns = {
  sbSystemId: customers.sbSystemId,
  phoneNumber: customers.phoneNumber,
  mailAddress: customers.mailAddress,
  mailAddressConfirmed: customers.mailAddressConfirmed,
  lineStatus: customers.lineStatus,
  userType: customers.userType,
};

/** The contract columns the contract reads answer with: never the card token or audit columns. */
export const contractViewColumns = {
  id: serviceContracts.id,
  serviceId: serviceContracts.serviceId,
  planId: serviceContracts.planId,
  status: serviceContracts.status,
  paymentMethod: serviceContracts.paymentMethod,
  cardLast4: serviceContracts.cardLast4,
  cardTokenEffectiveDate: serviceContracts.cardTokenEffectiveDate,
  startedAt: serviceContracts.startedAt,
  withdrawalAt: serviceContracts.withdrawalAt,
  suspendedAt: serviceContracts.suspendedAt,
  pendingPlanId: serviceContracts.pendingPlanId,
  pendingPlanAt: serviceContracts.pendingPlanAt,
};

export type CustomerView = Pick<CustomerRow, keyof typeof customerViewColumns>;
export type ContractView = Pick<ContractRow, keyof typeof contractViewColumns>;
export type CustomerWithContracts = { readonly customer: CustomerView; readonly contracts: ContractView[] };

export function paymentSummary(row: Pick<ContractView, 'paymentMethod' | 'cardLast4' | 'cardTokenEffectiveDate'>): PaymentSummary {
  if (row.paymentMethod === PaymentMethod.CreditCard) {
    return { value: '02', label: CreditCardLabel, cardLast4: row.cardLast4, tokenPanEffectiveDate: row.cardTokenEffectiveDate };
  }
  return { value: '01', label: MobileBillLabel, cardLast4: null, tokenPanEffectiveDate: null };
}

/**
 * The plan a contract has now and the change still waiting: a pending downgrade whose day has come
 * is the plan already, whether or not the job has recorded it (due-plan-changes.ts).
 */
export function planNow(row: Pick<ContractView, 'planId' | 'pendingPlanId' | 'pendingPlanAt'>, now: Date): { planId: string; pendingPlan: ServiceContract['pendingPlan'] } {
  if (row.pendingPlanId === null || row.pendingPlanAt === null) return { planId: row.planId, pendingPlan: null };
  if (isPlanChangeDue(row, now)) return { planId: row.pendingPlanId, pendingPlan: null };
  return { planId: row.planId, pendingPlan: { planId: row.pendingPlanId as PlanIdValue, effectiveDate: formatJstDate(row.pendingPlanAt) } };
}

/**
 * The day a contract is used last: the day its withdrawal takes (or took) effect, in Japan time;
 * null while none is set. A withdrawal takes effect at the end of that day (endOfJstMonth) or at
 * the moment of an immediate one.
 */
function lastDayOfUse(row: Pick<ContractView, 'withdrawalAt'>): string | null {
  return row.withdrawalAt === null ? null : formatJstDate(row.withdrawalAt);
}

/** The continued-use benefit of a contract of a service that grants one; null for the others. */
export function benefitOf(row: Pick<ContractView, 'serviceId' | 'startedAt' | 'withdrawalAt'>, businessDate: string): ContinuedUseBenefit | null {
  if (row.serviceId !== ServiceId.InStoreSupport) return null;
  return continuedUseBenefit({ startedOn: formatJstDate(row.startedAt), lastDayOfUse: lastDayOfUse(row), today: businessDate });
}

export function toServiceContract(row: ContractView, now: Date, businessDate: string): ServiceContract {
  const serviceId = ServiceIdSchema.parse(row.serviceId);
  const plan = planNow(row, now);
  return {
    contractId: row.id,
    serviceId,
    serviceName: ServiceNames[serviceId],
    planId: plan.planId as ServiceContract['planId'],
    pendingPlan: plan.pendingPlan,
    status: row.status,
    paymentMethod: paymentSummary(row),
    startedAt: row.startedAt.toISOString(),
    withdrawalAt: row.withdrawalAt?.toISOString() ?? null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    continuedUseBenefit: benefitOf(row, businessDate),
  };
}

/** The contract that decides a service's state: the live one, else the latest withdrawn one. */
export function currentContract<Row extends Pick<ContractRow, 'serviceId' | 'status'>>(rows: readonly Row[], serviceId: ServiceIdValue): Row | undefined {
  const ofService = rows.filter((row) => row.serviceId === serviceId);
  return ofService.find((row) => row.status !== 'withdrawn') ?? ofService[0];
}

export function usageStatus(customer: Pick<CustomerRow, 'lineStatus'>, rows: readonly ContractView[], now: Date = new Date()): ServiceUsageStatus {
  const restricted = customer.lineStatus === 'restricted';
  const services = catalogueOrder.map((serviceId): ServiceUsage => {
    const contract = currentContract(rows, serviceId);
    const state: ServiceState = contract ? contract.status : 'none';
    return {
      serviceId,
      serviceName: ServiceNames[serviceId],
      state,
      contractId: contract?.id ?? null,
      planId: (contract ? planNow(contract, now).planId : null) as ServiceUsage['planId'],
      paymentMethod: contract ? paymentSummary(contract) : null,
      withdrawalAt: contract?.withdrawalAt?.toISOString() ?? null,
      suspendedAt: contract?.suspendedAt?.toISOString() ?? null,
      allowedActions: restricted ? [] : [...allowedActionsFor(serviceId, state)],
    };
  });
  return { restricted, services };
}
