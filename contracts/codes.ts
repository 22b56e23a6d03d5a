/**
 * The spec's code tables (portal-spec.md sections 3, 4 and 9), each value exactly as the
 * spec gives it, behind a readable name. Everything that sends or compares a code uses these.
 */
import { z } from 'zod/mini';
import { catalogueServices, perService, ServiceCatalogue, type CatalogueService } from './services/catalogue';

/** The services' ids, numbers and plans come from the service catalogue (spec section 3). */
type ServiceIdOf<S> = S extends { readonly serviceId: infer Id } ? Id : never;
type PlanIdOf<S> = S extends { readonly plans: readonly (infer Plan)[] } ? (Plan extends { readonly planId: infer Id } ? Id : never) : never;
export type ServiceIdValue = ServiceIdOf<CatalogueService>;
export type PlanIdValue = PlanIdOf<CatalogueService>;

/** The services the portal's own code names; every other use reads the catalogue. */
export const ServiceId = {
  DataStorage: ServiceCatalogue.anshinDataBox.serviceId,
  BasketLive: ServiceCatalogue.basketLive.serviceId,
  InStoreSupport: ServiceCatalogue.inStoreSupport.serviceId,
} as const;
export const ServiceIdSchema = z.enum(catalogueServices.map((service) => service.serviceId) as [ServiceIdValue, ...ServiceIdValue[]]);

/** The plans the portal's own code names (checked against the catalogue by their type). */
export const PlanId = {
  DataStorage: '225',
  BasketLive: '232',
  BasketLive1: '232-1',
  BasketLive2: '232-2',
  BasketLive3: '232-3',
  BasketLive4: '232-4',
  InStoreSupport238: '238',
  InStoreSupport239: '239',
  InStoreSupport241: '241',
} as const satisfies Record<string, PlanIdValue>;
export const PlanIdSchema = z.enum(catalogueServices.flatMap((service) => service.plans.map((plan) => plan.planId)) as [PlanIdValue, ...PlanIdValue[]]);

export const PlansByService: Readonly<Record<ServiceIdValue, readonly PlanIdValue[]>> = perService((service) =>
  service.plans.map((plan) => plan.planId),
);

/** Sign-on request types (spec section 4). */
export const SignOnType = {
  ReturnToTop: '1',
  MailAddressConfirmation: '2',
  ReturnToLanding: '3',
  BasketLiveLanding: '4',
  BasketLiveMailAddressConfirmation: '5',
  Invoice: '8',
} as const;
export const SignOnTypeSchema = z.enum(Object.values(SignOnType) as [SignOnTypeValue, ...SignOnTypeValue[]]);
export type SignOnTypeValue = (typeof SignOnType)[keyof typeof SignOnType];

/** Payment method codes (spec section 4). "startup" is the not-yet-chosen value. */
export const PaymentMethod = {
  Startup: 'startup',
  NewCreditCard: '99',
  WithMobile: '01',
  CreditCard: '02',
} as const;
export const PaymentMethodSchema = z.enum([
  PaymentMethod.Startup,
  PaymentMethod.NewCreditCard,
  PaymentMethod.WithMobile,
  PaymentMethod.CreditCard,
]);
export type PaymentMethodValue = z.infer<typeof PaymentMethodSchema>;

/** Payment-information operation codes (spec section 4). */
export const OperationType = {
  Registration: '10',
  CreditToCredit: '20',
  MobileToCredit: '40',
  CreditToCreditAndResume: '60',
  MobileToCreditAndResume: '70',
} as const;
export const OperationTypeSchema = z.enum([
  OperationType.Registration,
  OperationType.CreditToCredit,
  OperationType.MobileToCredit,
  OperationType.CreditToCreditAndResume,
  OperationType.MobileToCreditAndResume,
]);
export type OperationTypeValue = z.infer<typeof OperationTypeSchema>;

/** Request type codes (spec section 4). */
export const RequestType = {
  RegisterByMobile: '01',
  RegisterByCredit: '02',
  Withdrawal: '03',
  WithdrawalReservationMonthEnd: '04',
  WithdrawalReservationCancel: '05',
  WithdrawalReservationReckoningDate: '06',
  CreditToCredit: '07',
  CreditToMobile: '08',
  MobileToCredit: '09',
  ChangeCreditToMobileAndRegister: '10',
  ChangeCreditToCreditAndRegister: '11',
  ChangeMobileToCreditAndRegister: '12',
  ChangeMobileToMobileAndRegister: '13',
  ChangePaymentPlan: '20',
} as const;
export const RequestTypeSchema = z.enum(Object.values(RequestType) as [RequestTypeValue, ...RequestTypeValue[]]);
export type RequestTypeValue = (typeof RequestType)[keyof typeof RequestType];

/**
 * "Each operation sets the matching request type. An unknown operation is an internal error."
 * Resume operations (60, 70) change the payment method as part of lifting a suspension; their
 * request type is the payment change they perform (see docs/decisions/0009-codes-not-shown.md).
 */
export const RequestTypeForOperation: Record<OperationTypeValue, RequestTypeValue> = {
  [OperationType.Registration]: RequestType.RegisterByCredit,
  [OperationType.CreditToCredit]: RequestType.CreditToCredit,
  [OperationType.MobileToCredit]: RequestType.MobileToCredit,
  [OperationType.CreditToCreditAndResume]: RequestType.CreditToCredit,
  [OperationType.MobileToCreditAndResume]: RequestType.MobileToCredit,
};

export function requestTypeForOperation(operation: string): RequestTypeValue {
  const parsed = OperationTypeSchema.safeParse(operation);
  if (!parsed.success) throw new Error(`unknown payment-information operation: ${operation}`);
  return RequestTypeForOperation[parsed.data];
}

/** Notification / authentication channel codes (spec section 4). */
export const Channel = {
  PointSms: '1',
  SingleDeviceEmail: '2',
  EsimEmail: '3',
  AccountIdSms: '4',
  AccountIdEmail: '5',
  EsimWingEmail: '6',
} as const;
export const ChannelSchema = z.enum(Object.values(Channel) as [ChannelValue, ...ChannelValue[]]);
export type ChannelValue = (typeof Channel)[keyof typeof Channel];

/** Confirmation status (spec section 4). */
export const ConfirmationStatus = { NotSet: 'NOT_SET', Unconfirmed: 'UNCONFIRMED', Confirmed: 'CONFIRMED' } as const;
export type ConfirmationStatusValue = (typeof ConfirmationStatus)[keyof typeof ConfirmationStatus];

/** "Confirmed if confirmed, else unconfirmed if a value is present, else not set." */
export function confirmationStatus(value: string | null | undefined, confirmed: boolean): ConfirmationStatusValue {
  if (confirmed) return ConfirmationStatus.Confirmed;
  if (value !== null && value !== undefined && value !== '') return ConfirmationStatus.Unconfirmed;
  return ConfirmationStatus.NotSet;
}

/** The credit-card payment method label (spec section 9). */
export const CreditCardLabel = 'クレジットカード';
export const MobileBillLabel = '携帯電話料金とまとめて支払い';

/** Lifecycle of an optional-service contract (our decision, docs/decisions/0009-codes-not-shown.md). */
export const ContractStatus = {
  Active: 'active',
  Suspended: 'suspended',
  WithdrawalReserved: 'withdrawal_reserved',
  Withdrawn: 'withdrawn',
} as const;
export const ContractStatusSchema = z.enum([
  ContractStatus.Active,
  ContractStatus.Suspended,
  ContractStatus.WithdrawalReserved,
  ContractStatus.Withdrawn,
]);
export type ContractStatusValue = z.infer<typeof ContractStatusSchema>;

/** Status of the customer's mobile line contract; "restricted" forbids every procedure (E0008). */
export const LineStatus = { Active: 'active', Restricted: 'restricted' } as const;
export const LineStatusSchema = z.enum([LineStatus.Active, LineStatus.Restricted]);
export type LineStatusValue = z.infer<typeof LineStatusSchema>;

/** System type header value (spec section 7). */
export const SystemType = 'CF';
