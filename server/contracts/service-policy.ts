/**
 * What differs between services on the server, and nothing else: which actions a request is
 * (checked against contracts/lifecycle.ts's ActionsByService), which service keeps stored data,
 * and the plan lineup a plan change is quoted from. Everything else about a request is the same
 * for every service (contract-requests.ts, docs/decisions/0064-service-requests-and-plan-change.md).
 */
import { RequestType, ServiceId, type RequestTypeValue, type ServiceIdValue } from '../../contracts/codes';
import { ActionsByService, type ServiceAction } from '../../contracts/lifecycle';
import { servicePrices } from '../../contracts/billing/price-list';
import type { QuotablePlan } from '../../contracts/services/plan-change';

const WithdrawalTypes: readonly RequestTypeValue[] = [
  RequestType.Withdrawal,
  RequestType.WithdrawalReservationMonthEnd,
  RequestType.WithdrawalReservationReckoningDate,
];

/** The action a contract update performs, as the lifecycle names it. */
export function actionOf(requestType: RequestTypeValue | null, resume: boolean): ServiceAction {
  if (resume) return 'resume';
  if (requestType === RequestType.ChangePaymentPlan) return 'changePlan';
  if (requestType === RequestType.WithdrawalReservationCancel) return 'cancelReservation';
  if (requestType !== null && WithdrawalTypes.includes(requestType)) return 'cancel';
  return 'changePayment';
}

export function offers(serviceId: ServiceIdValue, action: ServiceAction): boolean {
  return ActionsByService[serviceId].includes(action);
}

/** Only the data storage service holds the customer's data, created on apply and dropped on withdrawal. */
export function keepsStoredData(serviceId: ServiceIdValue): boolean {
  return serviceId === ServiceId.DataStorage;
}

/** The plan a plan change is quoted from: a plan of a service that offers the change (its lineup in the service catalogue). */
export function planOf(serviceId: ServiceIdValue, planId: string): QuotablePlan | undefined {
  if (!offers(serviceId, 'changePlan')) return undefined;
  return servicePrices(serviceId).plans.find((plan) => plan.planId === planId);
}
