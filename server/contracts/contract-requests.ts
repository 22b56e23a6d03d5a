/**
 * Registration and contract updates of every optional service (contracts/lifecycle.ts,
 * service-policy.ts for what differs per service; docs/decisions/0064-service-requests-and-plan-change.md).
 * Each request is decided and written in ONE transaction that holds the
 * customer's row: the lifecycle check (anything unlawful, or a restricted line, is E0008 and
 * changes nothing), the verified one-time password where the flow requires it (ADR 0025), the
 * contract row, one history row with the request type, and what the request uses up (the card
 * order, the coupon, the OTP). A card triple from the browser is checked with the provider first.
 */
import { and, eq } from 'drizzle-orm';
import { cancelOptions, type ContractReceipt, type RegisterServiceRequest, type UpdateContractsRequest } from '../../contracts/api/service-requests';
import {
  ContractStatus,
  LineStatus,
  OperationType,
  PaymentMethod,
  RequestType,
  type ContractStatusValue,
  type OperationTypeValue,
  type RequestTypeValue,
  type ServiceIdValue,
} from '../../contracts/codes';
import { ErrorCode } from '../../contracts/error-catalogue';
import { isPaymentChangeRequestType, nextStatus, nextStatusOnResume, type ServiceState } from '../../contracts/lifecycle';
import { planChangeQuote } from '../../contracts/services/plan-change';
import { useCoupon, judgeCoupon } from '../coupons/coupon-repository';
import type { Db, Effect } from '../db/client';
import { contractHistory, serviceContracts } from '../db/schema';
import type { CardProviderClient } from '../gateways/card-provider-client';
import { AppError, invalidRequest, type Issue } from '../http/app-error';
import { consumeVerifiedOtp } from '../otp/otp-store';
import { currentJstMonth } from '../payments/card-expiry';
import { consumePaymentOrder, verifySubmittedCard, type TokenTriple, type VerifiedCard } from '../payments/payment-orders';
import { endOfJstMonth, formatJstDate, startOfJstDay } from '../time/jst';
import { benefitOf, currentContract, findCustomer, listContracts, type ContractRow, type CustomerRow } from './contract-repository';
import { lockCustomer } from './customer-lock';
import { applyDuePlanChanges } from './due-plan-changes';
import { isWithdrawalDue } from './due-withdrawals';
import { actionOf, keepsStoredData, offers, planOf } from './service-policy';
import { dropStorage, startStorage } from './storage-usage-repository';
import { ResumeHistoryType } from './history-types';

/** `effect` runs the decision and its writes in one transaction (with the idempotent answer). */
export type SubmitDeps = { db: Db; effect: Effect; cardProvider: CardProviderClient };
export type Submitter = { sbSystemId: string; sessionId: string; requestKey: string | undefined };

const forbidden = () => new AppError(ErrorCode.StatusForbidsProcedure);

type Tokens = { tokenPAN: string | null; tokenPanEffectiveDate: string | null; checkRequestValidityToken: string | null };

function tripleOf(tokens: Tokens): TokenTriple | 'none' | 'partial' {
  const { tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken } = tokens;
  if (tokenPAN === null && tokenPanEffectiveDate === null && checkRequestValidityToken === null) return 'none';
  if (tokenPAN === null || tokenPanEffectiveDate === null || checkRequestValidityToken === null) return 'partial';
  return { tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken };
}

const tokenIssue = (message: string): Issue[] => [{ path: 'body.tokenPAN', message }];

const receipt = (serviceId: ServiceIdValue, status: ContractStatusValue, effective: Date, now: Date): ContractReceipt => ({
  serviceId,
  status,
  effectiveDate: formatJstDate(effective).replaceAll('/', '-'),
  acceptedAt: now.toISOString(),
});

function stateOf(contract: ContractRow | undefined): ServiceState {
  return contract ? contract.status : 'none';
}

/** The customer's live contract of this service, if any (withdrawn ones are history). */
function liveContract(rows: readonly ContractRow[], serviceId: ServiceIdValue): ContractRow | undefined {
  const contract = currentContract(rows, serviceId);
  return contract && contract.status !== ContractStatus.Withdrawn ? contract : undefined;
}

async function readState(db: Db, customer: CustomerRow, serviceId: ServiceIdValue): Promise<{ rows: ContractRow[]; contract: ContractRow | undefined }> {
  const rows = await listContracts(db, customer.sbSystemId);
  return { rows, contract: currentContract(rows, serviceId) };
}

type Payment =
  | { method: typeof PaymentMethod.WithMobile }
  | { method: typeof PaymentMethod.CreditCard; token: string; last4: string; effectiveDate: string; order: VerifiedCard | null };

function paymentColumns(payment: Payment) {
  return payment.method === PaymentMethod.WithMobile
    ? { paymentMethod: PaymentMethod.WithMobile, cardToken: null, cardLast4: null, cardTokenEffectiveDate: null }
    : { paymentMethod: PaymentMethod.CreditCard, cardToken: payment.token, cardLast4: payment.last4, cardTokenEffectiveDate: payment.effectiveDate };
}

/** The card another of the customer's live contracts pays with ("registered card", value 02). */
function registeredCard(rows: readonly ContractRow[], now: Date): Payment | undefined {
  const row = rows
    .filter((candidate) => candidate.status !== ContractStatus.Withdrawn && candidate.paymentMethod === PaymentMethod.CreditCard)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  if (!row || row.cardToken === null || row.cardLast4 === null || row.cardTokenEffectiveDate === null) return undefined;
  if (row.cardTokenEffectiveDate < currentJstMonth(now)) throw new AppError(ErrorCode.CardUnusable);
  return { method: PaymentMethod.CreditCard, token: row.cardToken, last4: row.cardLast4, effectiveDate: row.cardTokenEffectiveDate, order: null };
}

function cardPayment(card: VerifiedCard): Payment {
  return { method: PaymentMethod.CreditCard, token: card.tokenPAN, last4: card.last4, effectiveDate: card.tokenPanEffectiveDate, order: card };
}

export async function registerServiceContract(deps: SubmitDeps, who: Submitter, body: RegisterServiceRequest, now: Date = new Date()): Promise<ContractReceipt> {
  const { serviceId } = body;
  const triple = tripleOf(body);
  if (triple === 'partial') throw invalidRequest(tokenIssue('カード情報が揃っていません。'));
  const byMobile = body.requestType === RequestType.RegisterByMobile;
  const newCard = body.paymentMethodValue === PaymentMethod.NewCreditCard;
  if (byMobile !== (body.paymentMethodValue === PaymentMethod.WithMobile)) {
    throw invalidRequest([{ path: 'body.paymentMethodValue', message: '申込種別と支払方法が一致しません。' }]);
  }
  if (newCard !== (triple !== 'none')) {
    throw invalidRequest(tokenIssue(newCard ? '新しいカードのカード情報がありません。' : 'この支払方法にカード情報は指定できません。'));
  }

  // Refuse early what the lifecycle forbids, before asking the card provider anything.
  const lawful = (customer: CustomerRow, contract: ContractRow | undefined) =>
    offers(serviceId, 'apply') && customer.lineStatus !== LineStatus.Restricted && nextStatus(stateOf(contract), body.requestType) !== undefined;
  const before = await findCustomer(deps.db, who.sbSystemId);
  if (!lawful(before, (await readState(deps.db, before, serviceId)).contract)) throw forbidden();

  const card =
    triple === 'none'
      ? null
      : await verifySubmittedCard(deps.db, deps.cardProvider, {
          sbSystemId: who.sbSystemId,
          serviceId,
          operations: [OperationType.Registration],
          tokens: triple,
        }, now);

  return deps.effect(async (tx) => {
    const customer = await lockCustomer(tx, who.sbSystemId);
    const { rows, contract } = await readState(tx, customer, serviceId);
    if (!lawful(customer, contract)) throw forbidden();
    const state = stateOf(contract);

    let payment: Payment;
    if (byMobile) payment = { method: PaymentMethod.WithMobile };
    else if (card !== null) payment = cardPayment(card);
    else {
      const registered = registeredCard(rows, now);
      if (!registered) throw forbidden();
      payment = registered;
    }

    await consumeVerifiedOtp(tx, who, now);

    if (body.couponCode !== null) {
      const judged = await judgeCoupon(tx, { sbSystemId: who.sbSystemId, couponCd: body.couponCode, serviceId }, now);
      if (judged.result !== 'OK') throw new AppError(ErrorCode.CouponInvalid);
    }

    const [created] = await tx
      .insert(serviceContracts)
      .values({
        sbSystemId: who.sbSystemId,
        serviceId,
        planId: body.planId,
        status: ContractStatus.Active,
        ...paymentColumns(payment),
        startedAt: now,
        updatedAt: now,
      })
      .returning({ id: serviceContracts.id });
    if (!created) throw new Error('contract insert returned no row');

    await tx.insert(contractHistory).values({
      contractId: created.id,
      sbSystemId: who.sbSystemId,
      requestType: body.requestType,
      operation: card?.operationType ?? null,
      beforeStatus: state,
      afterStatus: ContractStatus.Active,
      beforePaymentMethod: null,
      afterPaymentMethod: payment.method,
      afterCardLast4: paymentColumns(payment).cardLast4,
      beforePlanId: null,
      afterPlanId: body.planId,
      at: now,
      requestKey: who.requestKey ?? null,
    });
    if (body.couponCode !== null) await useCoupon(tx, { sbSystemId: who.sbSystemId, couponCd: body.couponCode, contractId: created.id }, now);
    if (keepsStoredData(serviceId)) await startStorage(tx, created.id, now);
    if (card !== null) await consumePaymentOrder(tx, card.orderId, created.id, now);
    return receipt(serviceId, ContractStatus.Active, now, now);
  });
}

const CancelTypes: readonly RequestTypeValue[] = [
  RequestType.Withdrawal,
  RequestType.WithdrawalReservationMonthEnd,
  RequestType.WithdrawalReservationCancel,
  RequestType.WithdrawalReservationReckoningDate,
];

/** The card operations whose order may pay for this change. */
function operationsFor(requestType: RequestTypeValue, resume: boolean): OperationTypeValue[] {
  if (requestType === RequestType.CreditToCredit) return [resume ? OperationType.CreditToCreditAndResume : OperationType.CreditToCredit];
  if (requestType === RequestType.MobileToCredit) return [resume ? OperationType.MobileToCreditAndResume : OperationType.MobileToCredit];
  return [];
}

/** The payment method a change needs the contract to have now. */
const RequiredCurrentMethod: Partial<Record<RequestTypeValue, string>> = {
  [RequestType.CreditToCredit]: PaymentMethod.CreditCard,
  [RequestType.CreditToMobile]: PaymentMethod.CreditCard,
  [RequestType.MobileToCredit]: PaymentMethod.WithMobile,
};

/**
 * The state after the request, or undefined when the lifecycle does not allow it. A reservation
 * whose date has come has ended, even before the job records it (due-withdrawals.ts).
 */
function decide(contract: ContractRow | undefined, requestType: RequestTypeValue | null, resume: boolean, now: Date): ContractStatusValue | undefined {
  if (!contract || contract.status === ContractStatus.Withdrawn || isWithdrawalDue(contract, now)) return undefined;
  if (!offers(ServiceIdOf(contract), actionOf(requestType, resume))) return undefined;
  const state = contract.status;
  if (requestType !== null) {
    const needed = RequiredCurrentMethod[requestType];
    if (needed !== undefined && contract.paymentMethod !== needed) return undefined;
    if (CancelTypes.includes(requestType) && !cancelOptions(ServiceIdOf(contract), state).includes(requestType)) return undefined;
  }
  if (resume) return nextStatusOnResume(state, requestType);
  return requestType === null ? undefined : nextStatus(state, requestType);
}

const ServiceIdOf = (contract: ContractRow) => contract.serviceId as ServiceIdValue;

/** The plan columns after a plan change (request type 20) and the day it takes effect. */
type PlanOutcome = { planId: string; pendingPlanId: string | null; pendingPlanAt: Date | null; effectiveAt: Date };

/**
 * Upgrades take effect now; downgrades wait for the 1st of next month on the contract (planChangeQuote,
 * the function the confirmation page shows); choosing the current plan while a downgrade waits
 * withdraws it. Anything else about the choice is bad input.
 */
function changePlan(contract: ContractRow, nextPlanId: string, today: Today): PlanOutcome {
  const current = planOf(ServiceIdOf(contract), contract.planId);
  const next = planOf(ServiceIdOf(contract), nextPlanId);
  if (current === undefined || next === undefined) throw forbidden();
  const planIssue = (message: string) => invalidRequest([{ path: 'body.planId', message }]);
  if (next.planId === current.planId) {
    if (contract.pendingPlanId === null) throw planIssue('現在ご契約中のプランです。別のプランを選んでください。');
    return { planId: current.planId, pendingPlanId: null, pendingPlanAt: null, effectiveAt: today.now };
  }
  if (next.planId === contract.pendingPlanId) throw planIssue('このプランへの変更はすでに予約されています。');
  const quote = planChangeQuote(current, next, today.businessDate);
  if (quote.direction === 'down') {
    const effectiveAt = startOfJstDay(quote.effectiveDate);
    return { planId: current.planId, pendingPlanId: next.planId, pendingPlanAt: effectiveAt, effectiveAt };
  }
  return { planId: next.planId, pendingPlanId: null, pendingPlanAt: null, effectiveAt: today.now };
}

/**
 * The end of the reckoning date a request type 06 withdrawal takes effect at: the last day of the
 * contract's current continued-use benefit period (docs/decisions/0072-in-store-support.md).
 */
function reckoningDateEnd(contract: ContractRow, businessDate: string): Date {
  const next = benefitOf(contract, businessDate)?.next;
  if (next === undefined || next === null) throw forbidden();
  return new Date(startOfJstDay(next.grantedOn).getTime() - 1000);
}

/** The business day a request is decided on, with the clock ("yyyy/mm/dd", server/time/business-date.ts). */
export type Today = { now: Date; businessDate: string };

export async function updateServiceContract(deps: SubmitDeps, who: Submitter, body: UpdateContractsRequest, today: Today): Promise<ContractReceipt> {
  const { now } = today;
  const { requestType, resume, serviceId } = body;
  if (!resume && requestType === null) {
    throw invalidRequest([{ path: 'body.requestType', message: '申込種別を指定してください。' }]);
  }
  const triple = tripleOf(body);
  if (triple === 'partial') throw invalidRequest(tokenIssue('カード情報が揃っていません。'));
  const needsCard = requestType === RequestType.CreditToCredit || requestType === RequestType.MobileToCredit;
  if (needsCard !== (triple !== 'none')) {
    throw invalidRequest(tokenIssue(needsCard ? '新しいカードのカード情報がありません。' : 'このお手続きにカード情報は指定できません。'));
  }
  const withdrawing =
    requestType === RequestType.Withdrawal ||
    requestType === RequestType.WithdrawalReservationMonthEnd ||
    requestType === RequestType.WithdrawalReservationReckoningDate;
  if (!withdrawing && body.survey.length > 0) {
    throw invalidRequest([{ path: 'body.survey', message: '解約のお手続き以外にアンケートの回答は指定できません。' }]);
  }
  if (requestType === RequestType.CreditToMobile && (body.paymentMethodLabel ?? '') === '') {
    throw invalidRequest([{ path: 'body.paymentMethodLabel', message: '支払方法を指定してください。' }]);
  }
  const changingPlan = requestType === RequestType.ChangePaymentPlan;
  if (changingPlan && resume) throw invalidRequest([{ path: 'body.resume', message: 'プラン変更と利用再開は同時にお手続きできません。' }]);

  const before = await findCustomer(deps.db, who.sbSystemId);
  const lawful = (customer: CustomerRow, contract: ContractRow | undefined) =>
    customer.lineStatus !== LineStatus.Restricted && decide(contract, requestType, resume, now) !== undefined;
  if (!lawful(before, liveContract((await readState(deps.db, before, serviceId)).rows, serviceId))) throw forbidden();

  const card =
    triple === 'none' || requestType === null
      ? null
      : await verifySubmittedCard(deps.db, deps.cardProvider, {
          sbSystemId: who.sbSystemId,
          serviceId,
          operations: operationsFor(requestType, resume),
          tokens: triple,
        }, now);

  return deps.effect(async (tx) => {
    const customer = await lockCustomer(tx, who.sbSystemId);
    // A downgrade whose day has come is the contract's plan before anything else is decided.
    await applyDuePlanChanges(tx, now, who.sbSystemId);
    const { rows } = await readState(tx, customer, serviceId);
    const contract = liveContract(rows, serviceId);
    const after = customer.lineStatus === LineStatus.Restricted ? undefined : decide(contract, requestType, resume, now);
    if (contract === undefined || after === undefined) throw forbidden();
    // The flow started from another contract (ended and applied for again meanwhile): not this one's request.
    if (body.serviceContractId !== undefined && body.serviceContractId !== contract.id) throw forbidden();
    // Every request but a plan change names the plan the customer has.
    if (!changingPlan && body.planId !== contract.planId) {
      throw invalidRequest([{ path: 'body.planId', message: 'ご契約中のプランと一致しません。' }]);
    }

    // ADR 0025: a charge starts again or its payment changes -> a verified contact first.
    const chargeAffecting = resume || isPaymentChangeRequestType(requestType);
    if (chargeAffecting) await consumeVerifiedOtp(tx, who, now);

    let payment: Payment | undefined;
    if (card !== null) payment = cardPayment(card);
    else if (requestType === RequestType.CreditToMobile) payment = { method: PaymentMethod.WithMobile };

    let withdrawalAt = contract.withdrawalAt;
    if (requestType === RequestType.Withdrawal) withdrawalAt = now;
    // The month of the business date (ADR 0067), as the reckoning date below: on a host with a dummy date the two agree.
    if (requestType === RequestType.WithdrawalReservationMonthEnd) withdrawalAt = endOfJstMonth(startOfJstDay(today.businessDate));
    if (requestType === RequestType.WithdrawalReservationReckoningDate) withdrawalAt = reckoningDateEnd(contract, today.businessDate);
    if (requestType === RequestType.WithdrawalReservationCancel) withdrawalAt = null;

    // A contract that ends takes no pending plan with it.
    const plan: PlanOutcome = changingPlan
      ? changePlan(contract, body.planId, today)
      : withdrawing
        ? { planId: contract.planId, pendingPlanId: null, pendingPlanAt: null, effectiveAt: now }
        : { planId: contract.planId, pendingPlanId: contract.pendingPlanId, pendingPlanAt: contract.pendingPlanAt, effectiveAt: now };

    const updated = await tx
      .update(serviceContracts)
      .set({
        status: after,
        ...(payment === undefined ? {} : paymentColumns(payment)),
        withdrawalAt,
        planId: plan.planId,
        pendingPlanId: plan.pendingPlanId,
        pendingPlanAt: plan.pendingPlanAt,
        ...(resume ? { suspendedAt: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(serviceContracts.id, contract.id), eq(serviceContracts.status, contract.status)))
      .returning({ id: serviceContracts.id });
    if (updated.length === 0) throw forbidden();

    await tx.insert(contractHistory).values({
      contractId: contract.id,
      sbSystemId: who.sbSystemId,
      requestType: requestType ?? ResumeHistoryType,
      operation: card?.operationType ?? null,
      cancelSurvey: withdrawing ? body.survey : null,
      beforeStatus: contract.status,
      afterStatus: after,
      beforePaymentMethod: contract.paymentMethod,
      afterPaymentMethod: payment?.method ?? contract.paymentMethod,
      afterCardLast4: payment === undefined ? contract.cardLast4 : paymentColumns(payment).cardLast4,
      beforePlanId: contract.planId,
      afterPlanId: changingPlan ? body.planId : contract.planId,
      at: now,
      effectiveAt: changingPlan ? plan.effectiveAt : null,
      requestKey: who.requestKey ?? null,
    });
    if (requestType === RequestType.Withdrawal && keepsStoredData(serviceId)) await dropStorage(tx, contract.id);
    if (card !== null) await consumePaymentOrder(tx, card.orderId, contract.id, now);
    const reserving = requestType === RequestType.WithdrawalReservationMonthEnd || requestType === RequestType.WithdrawalReservationReckoningDate;
    const effective = changingPlan ? plan.effectiveAt : reserving && withdrawalAt ? withdrawalAt : now;
    return receipt(serviceId, after, effective, now);
  });
}
