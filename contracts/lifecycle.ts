/**
 * Lawful transitions of an optional-service contract, shared by the server (which enforces
 * them: anything else is E0008 and changes nothing) and the app (which offers only these
 * actions). The lifecycle itself is our decision: docs/decisions/0009-codes-not-shown.md.
 */
import { perService } from './services/catalogue';
import {
  ContractStatus,
  RequestType,
  type ContractStatusValue,
  type RequestTypeValue,
  type ServiceIdValue,
} from './codes';

/** The request types that change a contract's payment method (spec section 4, the change-payment guard). */
const PaymentChangeRequestTypes = [RequestType.CreditToCredit, RequestType.CreditToMobile, RequestType.MobileToCredit] as const;
export type PaymentChangeRequestType = (typeof PaymentChangeRequestTypes)[number];

export function isPaymentChangeRequestType(value: RequestTypeValue | null): value is PaymentChangeRequestType {
  return (PaymentChangeRequestTypes as readonly (RequestTypeValue | null)[]).includes(value);
}

/** "none" is a customer who never had, or no longer has, the service. */
export type ServiceState = ContractStatusValue | 'none';

export type ServiceAction = 'apply' | 'changePayment' | 'cancel' | 'cancelReservation' | 'resume' | 'changePlan';

const ActionsByState: Record<ServiceState, readonly ServiceAction[]> = {
  none: ['apply'],
  [ContractStatus.Withdrawn]: ['apply'],
  [ContractStatus.Active]: ['changePayment', 'cancel', 'changePlan'],
  [ContractStatus.Suspended]: ['resume', 'cancel'],
  [ContractStatus.WithdrawalReserved]: ['cancelReservation', 'changePayment'],
};

export const ServiceStates: readonly ServiceState[] = Object.keys(ActionsByState) as ServiceState[];

/** allowedActions as data, for the SCXML exports whose conditions read it (ADR 0076). */
export const allowedActionsTable: Readonly<Record<ServiceState, readonly ServiceAction[]>> = ActionsByState;

export function allowedActions(state: ServiceState): readonly ServiceAction[] {
  return ActionsByState[state];
}

/**
 * What each service offers at all, from its entry in the service catalogue: only data storage
 * resumes, only basket live changes plan, and the in-store support service is applied for in a
 * shop and has no payment pages (docs/decisions/0008-contract-lifecycle.md).
 */
export const ActionsByService: Readonly<Record<ServiceIdValue, readonly ServiceAction[]>> = perService((service) => service.actions);

/** The actions a customer may take now on one service: lawful in the state and offered by the service. */
export function allowedActionsFor(serviceId: ServiceIdValue, state: ServiceState): readonly ServiceAction[] {
  const offered = ActionsByService[serviceId];
  return ActionsByState[state].filter((action) => offered.includes(action));
}

/** The state a contract moves to when a request of this type is accepted; undefined = not lawful. */
export function nextStatus(state: ServiceState, requestType: RequestTypeValue): ContractStatusValue | undefined {
  switch (requestType) {
    case RequestType.RegisterByMobile:
    case RequestType.RegisterByCredit:
      return state === 'none' || state === ContractStatus.Withdrawn ? ContractStatus.Active : undefined;
    case RequestType.Withdrawal:
      return state === ContractStatus.Active || state === ContractStatus.Suspended ? ContractStatus.Withdrawn : undefined;
    case RequestType.WithdrawalReservationMonthEnd:
    case RequestType.WithdrawalReservationReckoningDate:
      return state === ContractStatus.Active ? ContractStatus.WithdrawalReserved : undefined;
    case RequestType.WithdrawalReservationCancel:
      return state === ContractStatus.WithdrawalReserved ? ContractStatus.Active : undefined;
    case RequestType.CreditToCredit:
    case RequestType.CreditToMobile:
    case RequestType.MobileToCredit:
      return state === ContractStatus.Active || state === ContractStatus.WithdrawalReserved ? state : undefined;
    case RequestType.ChangeCreditToMobileAndRegister:
    case RequestType.ChangeCreditToCreditAndRegister:
    case RequestType.ChangeMobileToCreditAndRegister:
    case RequestType.ChangeMobileToMobileAndRegister:
      return state === 'none' || state === ContractStatus.Withdrawn ? ContractStatus.Active : undefined;
    case RequestType.ChangePaymentPlan:
      return state === ContractStatus.Active ? state : undefined;
  }
}

/**
 * Lifting a suspension (the data storage service's resume). The resume may carry the payment
 * change it performs (07, 08, 09; operations 60 and 70 derive 07 and 09) or none when the payment
 * method stays. Only a suspended contract can resume; undefined = not lawful.
 */
export function nextStatusOnResume(
  state: ServiceState,
  requestType: RequestTypeValue | null,
): ContractStatusValue | undefined {
  if (state !== ContractStatus.Suspended) return undefined;
  if (requestType === null) return ContractStatus.Active;
  const paymentChanges: readonly RequestTypeValue[] = [
    RequestType.CreditToCredit,
    RequestType.CreditToMobile,
    RequestType.MobileToCredit,
  ];
  return paymentChanges.includes(requestType) ? ContractStatus.Active : undefined;
}
