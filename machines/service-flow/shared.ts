/** Pieces every service flow shares: its input, the contract it starts from, the request key, and how a card is shown. */
import { assertEvent, fromPromise } from 'xstate';
import type { FlowContract } from '../../contracts/api/service-contracts';
import {
  OperationType,
  PaymentMethod,
  requestTypeForOperation,
  type OperationTypeValue,
  type PlanIdValue,
  type RequestTypeValue,
  type ServiceIdValue,
} from '../../contracts/codes';
import type { ContractReceipt, UpdateContractsRequest } from '../../contracts/api/service-requests';
import { isPaymentChangeRequestType } from '../../contracts/lifecycle';
import { ErrorCode, type ErrorCodeValue } from '../../contracts/error-catalogue';
import type { CardToken } from '../../contracts/api/payment';
import { cardProviderMachine, type CardProviderOutput, type ProviderOpenedEvent, type ProviderReturn, type ReturnUrls } from '../card-provider.machine';
import { isCardUnusable, isOutcomeUnknown } from '../flow-errors';
import { otpMachine, type OtpEvent, type OtpOutput } from '../otp.machine';
import { js } from '../scxml-semantics';

/**
 * Where a one-time password may go (the confirmed mail address, the line's number) and, apart,
 * the address on file still waiting for its confirmation (ADR 0063): shown for the customer to
 * confirm, never a destination.
 */
export type Contact = { readonly mailAddress: string | null; readonly phoneNumber: string | null; readonly unconfirmedMailAddress?: string | null };

/** What the app hands every service flow when it starts one. */
export type ServiceFlowInput = {
  readonly sbSystemId: string;
  /** The customer's contacts for the one-time password (ADR 0025). */
  readonly contact: Contact;
  /** Absolute /Payment/Redirect and /Payment/Cancel/Redirect URLs carrying this flow's id. */
  readonly returnUrls: ReturnUrls;
};

export type TokenValues = {
  tokenPAN: string | null;
  tokenPanEffectiveDate: string | null;
  checkRequestValidityToken: string | null;
};

export const NoTokens: TokenValues = { tokenPAN: null, tokenPanEffectiveDate: null, checkRequestValidityToken: null };

export function tokensOf(card: CardToken): TokenValues {
  return {
    tokenPAN: card.tokenPAN,
    tokenPanEffectiveDate: card.tokenPanEffectiveDate,
    checkRequestValidityToken: card.checkRequestValidityToken,
  };
}

export function hasTokens(values: TokenValues): boolean {
  return values.tokenPAN !== null && values.tokenPanEffectiveDate !== null && values.checkRequestValidityToken !== null;
}

/** Card masking shows only the last 4 digits (spec section 5). */
export function cardDetails(last4: string): string[] {
  return [`**** **** **** ${last4}`];
}

/** A fresh per-request key (the idempotency key of spec section 7's per-request key header). */
export function newRequestKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * What the flows' common actions assign, once: each flow's setup() names them
 * (`storeError: assign(assigns.error)`), so its chart shows the names and the logic is here.
 */
export const assigns = {
  /** A fresh key for each submitted content; only a resend of the same content reuses it. */
  requestKey: () => ({ requestKey: newRequestKey() }),
  notice: (_: unknown, params: { notice: ErrorCodeValue | null }) => ({ notice: params.notice }),
  error: (_: unknown, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode }),
  receipt: (_: unknown, params: { receipt: ContractReceipt }) => ({ receipt: params.receipt }),
};

/**
 * The contract a flow acts on. Every state that reads it comes after loadContractStep, so a
 * contract still missing is a flow built wrongly, not a customer's case.
 */
export function loadedContract(context: { readonly contract: FlowContract | null }): FlowContract {
  if (context.contract === null) throw new Error('the contract was read before it was loaded');
  return context.contract;
}

/** The contract is paid by card now: a new card is then a card-to-card operation (spec section 4). */
export function paysByCard(contract: FlowContract): boolean {
  return contract.paymentMethod === PaymentMethod.CreditCard;
}

/** A pick on the payment list of a change of payment or a resume: the method and the entry's label. */
export type PaymentSelection = { readonly method: string; readonly label: string };

/** Spec section 4: the mobile bill replaces a card only, and needs a non-empty payment label. */
export function canChooseMobileBill(contract: FlowContract, selection: PaymentSelection): boolean {
  return selection.method === PaymentMethod.WithMobile && paysByCard(contract) && selection.label.trim() !== '';
}

/**
 * The payment change a new card makes, as its operation sets it (spec section 4): 20 from a card
 * sets 07, 40 from the mobile bill sets 09. The resume's 60 and 70 set the same two types.
 */
export function cardChangeRequestType(contract: FlowContract): RequestTypeValue {
  return requestTypeForOperation(paysByCard(contract) ? OperationType.CreditToCredit : OperationType.MobileToCredit);
}

/**
 * The card operation of a change of payment (20 from a card, 40 from the mobile bill) or of a
 * resume that changes it (60, 70) (spec section 4).
 */
export function cardOperationFor(contract: FlowContract, resume: boolean): OperationTypeValue {
  if (resume) return paysByCard(contract) ? OperationType.CreditToCreditAndResume : OperationType.MobileToCreditAndResume;
  return paysByCard(contract) ? OperationType.CreditToCredit : OperationType.MobileToCredit;
}

/** applyChangeInfo of spec section 3. */
export type ApplyChangeInfo = TokenValues & {
  requestType: RequestTypeValue | null;
  planId: PlanIdValue;
  paymentMethodLabel: string;
  paymentMethodDetails: string[];
};

/**
 * The POST update/contracts body of a change of payment or a resume (spec section 7). A change
 * always carries one of the payment-change request types 07, 08, 09; a resume that keeps the
 * payment method carries none.
 */
export function paymentUpdateRequest(serviceId: ServiceIdValue, info: ApplyChangeInfo, resume: boolean): UpdateContractsRequest {
  const requestType = info.requestType;
  if (!isPaymentChangeRequestType(requestType) && !(resume && requestType === null)) {
    throw new Error(resume ? 'resume submitted with a request type that is not a payment change' : 'payment change submitted without a change request type');
  }
  return {
    serviceId,
    planId: info.planId,
    requestType,
    resume,
    paymentMethodLabel: info.paymentMethodLabel,
    tokenPAN: info.tokenPAN,
    tokenPanEffectiveDate: info.tokenPanEffectiveDate,
    checkRequestValidityToken: info.checkRequestValidityToken,
    survey: [],
  };
}

/** A payment choice not made yet: no request type, the startup method, no card (applyInfo, resumeInfo). */
export function freshPaymentChoice(planId: PlanIdValue) {
  return {
    requestType: null,
    planId,
    paymentMethodValue: PaymentMethod.Startup,
    paymentMethodLabel: '',
    paymentMethodDetails: [] as string[],
    ...NoTokens,
  };
}

/** What a change of payment and a resume start with besides their input and their info. */
export const FreshPaymentRun = {
  contract: null,
  redirectOrderUrl: null,
  requestKey: null,
  notice: null,
  errorCode: null,
  receipt: null,
} as const;

/** Guards on the card provider round trip's output; each flow's setup() lists them by these names. */
export const cardOutcomeGuards = {
  isCardRegistered: (_: unknown, params: { output: CardProviderOutput }) => params.output.outcome === 'registered',
  isCardUnusable: (_: unknown, params: { output: CardProviderOutput }) => params.output.outcome === 'unusable',
  isProviderCancelled: (_: unknown, params: { output: CardProviderOutput }) => params.output.outcome === 'cancelled',
};

/** Guards on the one-time password's output. */
export const otpOutcomeGuards = {
  isOtpVerified: (_: unknown, params: { output: OtpOutput }) => params.output.outcome === 'verified',
  isOtpCancelled: (_: unknown, params: { output: OtpOutput }) => params.output.outcome === 'cancelled',
  isOtpLocked: (_: unknown, params: { output: OtpOutput }) => params.output.outcome === 'locked',
};

/** Guards on a rejected submit (spec section 7: no retry unless the outcome is unknown). */
export const submitErrorGuards = {
  isCardUnusableError: (_: unknown, params: { error: unknown }) => isCardUnusable(params.error),
  isOutcomeUnknown: (_: unknown, params: { error: unknown }) => isOutcomeUnknown(params.error),
};


export type LoadContractInput = { readonly sbSystemId: string; readonly serviceId: ServiceIdValue };
export type UpdateContractInput = {
  readonly sbSystemId: string;
  readonly requestKey: string;
  readonly body: UpdateContractsRequest;
};

/** The contract calls as ports (ADR 0023): each flow's setup() names them, the app provides them. */
export const loadContractPort = fromPromise<FlowContract, LoadContractInput>(() =>
  Promise.reject(new Error('loadContract must be provided by the app')),
);
export const updateContractPort = fromPromise<ContractReceipt, UpdateContractInput>(() =>
  Promise.reject(new Error('updateContract must be provided by the app')),
);

/** The events a change of payment and a resume share; each flow narrows the methods it offers. */
type PaymentFlowEvent =
  | ({ readonly type: 'payment.select' } & PaymentSelection)
  | { readonly type: 'wizard.next' }
  | { readonly type: 'wizard.back' }
  | ProviderOpenedEvent
  | { readonly type: 'provider.returned'; readonly outcome: ProviderReturn }
  | { readonly type: 'confirm.submit' }
  | OtpEvent
  | { readonly type: 'error.retry' };

type PaymentChoiceArgs = { readonly context: { readonly contract: FlowContract | null }; readonly event: PaymentFlowEvent };

/** Every guard a change of payment and a resume share: the payment choice and the outcomes of their steps. */
export const paymentFlowGuards = {
  canChooseMobileBill: ({ context, event }: PaymentChoiceArgs) => {
    assertEvent(event, 'payment.select');
    return canChooseMobileBill(loadedContract(context), event);
  },
  isNewCardChosen: ({ event }: PaymentChoiceArgs) => {
    assertEvent(event, 'payment.select');
    return event.method === PaymentMethod.NewCreditCard;
  },
  ...cardOutcomeGuards,
  ...otpOutcomeGuards,
  ...submitErrorGuards,
};

/** The actors a change of payment and a resume invoke, by the names their charts show. */
export const paymentFlowActors = {
  loadContract: loadContractPort,
  registerCard: cardProviderMachine,
  verifyContact: otpMachine,
  updateContract: updateContractPort,
};
export type PaymentFlowChildren = {
  loadContract: 'loadContract';
  registerCard: 'registerCard';
  verifyContact: 'verifyContact';
  updateContract: 'updateContract';
};

/** SCXML conditions of the shared outcome guards (ADR 0076), spread into each flow's withScxml() like the guards into setup(). */
export const cardOutcomeConds = {
  isCardRegistered: { cond: "_event.data.outcome === 'registered'" },
  isCardUnusable: { cond: "_event.data.outcome === 'unusable'" },
  isProviderCancelled: { cond: "_event.data.outcome === 'cancelled'" },
};

export const otpOutcomeConds = {
  isOtpVerified: { cond: "_event.data.outcome === 'verified'" },
  isOtpCancelled: { cond: "_event.data.outcome === 'cancelled'" },
  isOtpLocked: { cond: "_event.data.outcome === 'locked'" },
};

/** `error.execution` data is `{ errorCode }`, the code errorCodeOf reads from the rejection (null when none came back). */
export const submitErrorConds = {
  isCardUnusableError: { cond: `_event.data.errorCode === ${js(ErrorCode.CardUnusable)}` },
  isOutcomeUnknown: { cond: '_event.data.errorCode === null' },
};

/** `contract.paymentMethod === '02'`: paysByCard as an expression. */
export const paysByCardExpr = `(contract !== null && contract.paymentMethod === ${js(PaymentMethod.CreditCard)})`;

export const paymentFlowConds = {
  canChooseMobileBill: {
    cond: `_event.data.method === ${js(PaymentMethod.WithMobile)} && ${paysByCardExpr} && String(_event.data.label == null ? '' : _event.data.label).trim() !== ''`,
    reads: ['contract'],
  },
  isNewCardChosen: { cond: `_event.data.method === ${js(PaymentMethod.NewCreditCard)}` },
  ...cardOutcomeConds,
  ...otpOutcomeConds,
  ...submitErrorConds,
};

/** The card operation of cardOperationFor as an expression: the code the card provider chart receives. */
export function cardOperationExpr(resume: boolean): string {
  return resume
    ? `${paysByCardExpr} ? ${js(OperationType.CreditToCreditAndResume)} : ${js(OperationType.MobileToCreditAndResume)}`
    : `${paysByCardExpr} ? ${js(OperationType.CreditToCredit)} : ${js(OperationType.MobileToCredit)}`;
}
