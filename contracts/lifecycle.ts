/**
 * Lawful transitions of an optional-service contract, shared by the server (which enforces
 * them: anything else is E0008 and changes nothing) and the app (which offers only these
 * actions). The lifecycle itself is our decision: docs/decisions/0009-codes-not-shown.md.
 */
import { ContractStatus, RequestType, type ContractStatusValue, type RequestTypeValue } from './codes';

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

export function allowedActions(state: ServiceState): readonly ServiceAction[] {
  return ActionsByState[state];
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
