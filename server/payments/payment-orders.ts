/**
 * The portal's side of the card provider round trip (docs/decisions/0036-payment-round-trip.md):
 * create an order at the provider and remember it against the customer, read its outcome from
 * the provider (never from the return URL), and check a token triple that comes back through the
 * browser before a registration or update may use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull } from 'drizzle-orm';
import { ServiceNames } from '../../contracts/api/service-contracts';
import { ProviderOrderStatus, type ProviderOrder } from '../../contracts/api/payment';
import {
  OperationType,
  PaymentMethod,
  requestTypeForOperation,
  type OperationTypeValue,
  type ServiceIdValue,
} from '../../contracts/codes';
import { ErrorCode } from '../../contracts/error-catalogue';
import { allowedActionsFor, type ServiceState } from '../../contracts/lifecycle';
import type { Db } from '../db/client';
import { paymentOrders } from '../db/schema';
import type { CardOrder, CardProviderClient } from '../gateways/card-provider-client';
import { isGatewayError } from '../gateways/gateway-error';
import { AppError, invalidRequest, notFound } from '../http/app-error';
import { currentJstMonth } from './card-expiry';

export type PaymentOrderRow = typeof paymentOrders.$inferSelect;

/** The provider forgets orders after a day; an order older than that cannot be used. */
export const ORDER_USABLE_MS = 24 * 60 * 60_000;

/**
 * Whether the customer may start this card operation now: 10 needs a service that can be applied
 * for, 20/40 a payment change of a card/mobile-bill contract, 60/70 a resume of one.
 */
export function operationAllowed(
  serviceId: ServiceIdValue,
  state: ServiceState,
  paymentMethod: string | null,
  operation: OperationTypeValue,
): boolean {
  const actions = allowedActionsFor(serviceId, state);
  switch (operation) {
    case OperationType.Registration:
      return actions.includes('apply');
    case OperationType.CreditToCredit:
      return actions.includes('changePayment') && paymentMethod === PaymentMethod.CreditCard;
    case OperationType.MobileToCredit:
      return actions.includes('changePayment') && paymentMethod === PaymentMethod.WithMobile;
    case OperationType.CreditToCreditAndResume:
      return actions.includes('resume') && paymentMethod === PaymentMethod.CreditCard;
    case OperationType.MobileToCreditAndResume:
      return actions.includes('resume') && paymentMethod === PaymentMethod.WithMobile;
  }
}

/**
 * The provider's merchantOrderId: derived from the customer and the call's per-request key, so a
 * retried call gets the same order back, and a new attempt (new key) a fresh one.
 */
export function merchantOrderIdFor(sbSystemId: string, requestKey: string | undefined): string {
  const seed = requestKey === undefined ? randomBytes(16).toString('hex') : `${sbSystemId}:${requestKey}`;
  return `po_${createHash('sha256').update(seed).digest('base64url').slice(0, 40)}`;
}

export type CreateOrderInput = {
  sbSystemId: string;
  sessionId: string;
  requestKey: string | undefined;
  serviceId: ServiceIdValue;
  operationType: OperationTypeValue;
  orderDoneUrl: string;
  cancelUrl: string;
};

export async function createPaymentOrder(
  db: Db,
  provider: CardProviderClient,
  input: CreateOrderInput,
  now: Date = new Date(),
): Promise<{ orderId: string; redirectOrderUrl: string }> {
  const merchantOrderId = merchantOrderIdFor(input.sbSystemId, input.requestKey);
  let created;
  try {
    created = await provider.createOrder({
      merchantOrderId,
      operationType: input.operationType,
      orderDoneUrl: input.orderDoneUrl,
      cancelUrl: input.cancelUrl,
      contentsServiceId: input.serviceId,
      description: `${ServiceNames[input.serviceId]}のお支払い`,
    });
  } catch (error) {
    // The same per-request key with other parameters: the provider refuses, and so do we.
    if (isGatewayError(error) && error.code === 'merchant_order_conflict') throw new AppError(ErrorCode.IdempotencyMismatch);
    throw error;
  }
  await db
    .insert(paymentOrders)
    .values({
      orderId: created.orderId,
      sbSystemId: input.sbSystemId,
      sessionId: input.sessionId,
      merchantOrderId,
      contentsServiceId: input.serviceId,
      operationType: input.operationType,
      requestType: requestTypeForOperation(input.operationType),
      status: ProviderOrderStatus.Pending,
      createdAt: now,
      expiresAt: new Date(created.expiresAt),
    })
    .onConflictDoNothing();
  return { orderId: created.orderId, redirectOrderUrl: created.redirectOrderUrl };
}

/** The provider's order, or 'gone' when the provider no longer knows it (forgotten after a day). */
async function readProviderOrder(provider: CardProviderClient, orderId: string): Promise<CardOrder | 'gone'> {
  try {
    return await provider.getOrder(orderId);
  } catch (error) {
    if (isGatewayError(error) && error.status === 404) return 'gone';
    throw error;
  }
}

/** The triple the provider issued is signed by the provider; a completed order that is not is refused. */
function completedCard(provider: CardProviderClient, order: CardOrder) {
  const { tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken, last4 } = order;
  if (tokenPAN === null || tokenPanEffectiveDate === null || checkRequestValidityToken === null || last4 === null) return undefined;
  if (!provider.verifyCheckToken({ orderId: order.orderId, tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken })) return undefined;
  return { tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken, last4 };
}

/**
 * The outcome of one of the customer's orders as the provider reports it, recorded on the row.
 * Another customer's order, or one the portal never created, is 404 A0404.
 */
export async function verifyPaymentOrder(
  db: Db,
  provider: CardProviderClient,
  sbSystemId: string,
  orderId: string,
  now: Date = new Date(),
): Promise<ProviderOrder> {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.orderId, orderId), eq(paymentOrders.sbSystemId, sbSystemId)))
    .limit(1);
  if (!row) throw notFound();
  const order = await readProviderOrder(provider, orderId);
  if (order !== 'gone' && order.merchantOrderId !== row.merchantOrderId) throw new Error('card provider answered another order');

  let answer: ProviderOrder;
  let card: ReturnType<typeof completedCard>;
  if (order === 'gone') answer = { orderId, status: ProviderOrderStatus.Expired };
  else if (order.status === ProviderOrderStatus.Completed) {
    card = completedCard(provider, order);
    if (card === undefined) throw new Error('card provider answered a completed order without a valid token');
    answer = { orderId, status: ProviderOrderStatus.Completed, card };
  } else answer = { orderId, status: order.status };

  await db
    .update(paymentOrders)
    .set({
      status: answer.status,
      checkedAt: now,
      ...(card === undefined
        ? {}
        : { tokenPan: card.tokenPAN, tokenPanEffectiveDate: card.tokenPanEffectiveDate, cardLast4: card.last4 }),
    })
    .where(eq(paymentOrders.orderId, orderId));
  return answer;
}

export type TokenTriple = { tokenPAN: string; tokenPanEffectiveDate: string; checkRequestValidityToken: string };
export type VerifiedCard = { orderId: string; operationType: OperationTypeValue; tokenPAN: string; tokenPanEffectiveDate: string; last4: string };

/**
 * The card behind a token triple the browser sent back: it must verify against one of this
 * customer's unused orders for the operations this submit allows, and the provider must still
 * report that order completed with exactly this token. Forged or foreign -> 400 A0400; refused at
 * the provider or expired (card or order) -> W0008 / W0007.
 */
export async function verifySubmittedCard(
  db: Db,
  provider: CardProviderClient,
  input: { sbSystemId: string; serviceId: ServiceIdValue; operations: readonly OperationTypeValue[]; tokens: TokenTriple },
  now: Date = new Date(),
): Promise<VerifiedCard> {
  const candidates = await db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.sbSystemId, input.sbSystemId),
        eq(paymentOrders.contentsServiceId, input.serviceId),
        inArray(paymentOrders.operationType, [...input.operations]),
        isNull(paymentOrders.consumedAt),
        gt(paymentOrders.createdAt, new Date(now.getTime() - ORDER_USABLE_MS)),
      ),
    )
    .orderBy(desc(paymentOrders.createdAt))
    .limit(20);
  const match = candidates.find((row) => provider.verifyCheckToken({ orderId: row.orderId, ...input.tokens }));
  if (!match) throw invalidRequest([{ path: 'body.checkRequestValidityToken', message: 'カード情報を確認できませんでした。' }]);

  const order = await readProviderOrder(provider, match.orderId);
  if (order === 'gone' || order.status === ProviderOrderStatus.Expired) throw new AppError(ErrorCode.InactivityTimeout);
  if (order.status === ProviderOrderStatus.Rejected) throw new AppError(ErrorCode.CardUnusable);
  const card = order.status === ProviderOrderStatus.Completed ? completedCard(provider, order) : undefined;
  if (
    card === undefined ||
    card.tokenPAN !== input.tokens.tokenPAN ||
    card.tokenPanEffectiveDate !== input.tokens.tokenPanEffectiveDate ||
    order.merchantOrderId !== match.merchantOrderId
  ) {
    throw invalidRequest([{ path: 'body.tokenPAN', message: 'カード情報を確認できませんでした。' }]);
  }
  // The token may be charged through the end of its month only.
  if (card.tokenPanEffectiveDate < currentJstMonth(now)) throw new AppError(ErrorCode.CardUnusable);
  return {
    orderId: match.orderId,
    operationType: match.operationType as OperationTypeValue,
    tokenPAN: card.tokenPAN,
    tokenPanEffectiveDate: card.tokenPanEffectiveDate,
    last4: card.last4,
  };
}

/** Marks the order used by a contract, inside the submit's transaction; a second use is E9998. */
export async function consumePaymentOrder(tx: Db, orderId: string, contractId: string, now: Date = new Date()): Promise<void> {
  const used = await tx
    .update(paymentOrders)
    .set({ consumedAt: now, contractId })
    .where(and(eq(paymentOrders.orderId, orderId), isNull(paymentOrders.consumedAt)))
    .returning({ orderId: paymentOrders.orderId });
  if (used.length === 0) throw new AppError(ErrorCode.InvalidAccess);
}
