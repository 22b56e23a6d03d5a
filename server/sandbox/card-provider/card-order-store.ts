/**
 * The card provider's orders. In production this is the provider's own database; the sandbox
 * keeps them in a Map owned by one plugin instance (docs/decisions/0032-card-provider-sandbox.md),
 * so they vanish on restart like an abandoned session at a real provider would. No card number
 * is ever stored: a completed order holds a random token, the expiry month, last4 and brand.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { CardBrand } from './card-input';

export const OperationTypes = ['10', '20', '40', '60', '70'] as const;
export type OperationType = (typeof OperationTypes)[number];

export type OrderStatus = 'pending' | 'completed' | 'cancelled' | 'rejected' | 'expired';
export type RejectReason = 'card_declined' | 'authentication_failed';

export type OrderRequest = {
  merchantOrderId: string;
  operationType: OperationType;
  orderDoneUrl: string;
  cancelUrl: string;
  contentsServiceId: string;
  description: string | null;
};

/** A card that passed the form and waits for the cardholder's 3-D Secure authentication. */
export type PendingChallenge = { last4: string; brand: CardBrand; expiryYear: number; expiryMonth: number };

export type TokenResult = {
  tokenPAN: string;
  tokenPanEffectiveDate: string;
  checkRequestValidityToken: string;
};

export type Order = OrderRequest & {
  orderId: string;
  status: OrderStatus;
  createdAt: number;
  expiresAt: number;
  challenge: PendingChallenge | null;
  token: TokenResult | null;
  last4: string | null;
  brand: CardBrand | null;
  rejectReason: RejectReason | null;
};

export type CreateResult = { kind: 'created' | 'replayed'; order: Order } | { kind: 'conflict' };

export type OrderStoreOptions = {
  secret: string;
  ttlMs: number;
  now: () => Date;
  /** Orders are forgotten this long after creation (idempotency keys are freed with them). */
  retentionMs?: number;
  maxOrders?: number;
};

export class CardOrderStore {
  private readonly orders = new Map<string, Order>();
  private readonly byMerchantOrderId = new Map<string, string>();
  private readonly retentionMs: number;
  private readonly maxOrders: number;

  constructor(private readonly options: OrderStoreOptions) {
    this.retentionMs = options.retentionMs ?? 24 * 60 * 60 * 1000;
    this.maxOrders = options.maxOrders ?? 10_000;
  }

  /** Idempotent per merchantOrderId: the same request answers the same order, another one conflicts. */
  create(request: OrderRequest): CreateResult {
    this.purge();
    const existingId = this.byMerchantOrderId.get(request.merchantOrderId);
    const existing = existingId === undefined ? undefined : this.get(existingId);
    if (existing !== undefined) {
      return sameRequest(existing, request) ? { kind: 'replayed', order: existing } : { kind: 'conflict' };
    }
    const now = this.options.now().getTime();
    const order: Order = {
      ...request,
      orderId: `ord_${randomBytes(16).toString('base64url')}`,
      status: 'pending',
      createdAt: now,
      expiresAt: now + this.options.ttlMs,
      challenge: null,
      token: null,
      last4: null,
      brand: null,
      rejectReason: null,
    };
    this.orders.set(order.orderId, order);
    this.byMerchantOrderId.set(order.merchantOrderId, order.orderId);
    return { kind: 'created', order };
  }

  /** The order as of now: a pending order past its time is expired from then on. */
  get(orderId: string): Order | undefined {
    const order = this.orders.get(orderId);
    if (order !== undefined && order.status === 'pending' && this.options.now().getTime() >= order.expiresAt) {
      order.status = 'expired';
      order.challenge = null;
    }
    return order;
  }

  /** Issues the token; the caller has checked that the order is pending. */
  complete(order: Order, card: PendingChallenge): void {
    const tokenPAN = `tok_${randomBytes(18).toString('base64url')}`;
    const tokenPanEffectiveDate = `${card.expiryYear}${String(card.expiryMonth).padStart(2, '0')}`;
    const checkRequestValidityToken = createHmac('sha256', this.options.secret)
      .update(`${order.orderId}.${tokenPAN}.${tokenPanEffectiveDate}`)
      .digest('base64url');
    order.status = 'completed';
    order.token = { tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken };
    order.last4 = card.last4;
    order.brand = card.brand;
    order.challenge = null;
  }

  reject(order: Order, card: PendingChallenge, reason: RejectReason): void {
    order.status = 'rejected';
    order.rejectReason = reason;
    order.last4 = card.last4;
    order.brand = card.brand;
    order.challenge = null;
  }

  challenge(order: Order, card: PendingChallenge): void {
    order.challenge = card;
  }

  cancel(order: Order): void {
    order.status = 'cancelled';
    order.challenge = null;
  }

  private purge(): void {
    const cutoff = this.options.now().getTime() - this.retentionMs;
    for (const order of this.orders.values()) {
      // Map iteration is in insertion order, so the oldest come first.
      if (order.createdAt > cutoff && this.orders.size < this.maxOrders) break;
      this.orders.delete(order.orderId);
      if (this.byMerchantOrderId.get(order.merchantOrderId) === order.orderId) {
        this.byMerchantOrderId.delete(order.merchantOrderId);
      }
    }
  }
}

function sameRequest(order: Order, request: OrderRequest): boolean {
  return (
    order.operationType === request.operationType &&
    order.orderDoneUrl === request.orderDoneUrl &&
    order.cancelUrl === request.cancelUrl &&
    order.contentsServiceId === request.contentsServiceId &&
    order.description === request.description
  );
}

/** The merchant API's view of an order: a token result, never anything that identifies the card. */
export function orderJson(order: Order) {
  return {
    orderId: order.orderId,
    merchantOrderId: order.merchantOrderId,
    operationType: order.operationType,
    contentsServiceId: order.contentsServiceId,
    status: order.status,
    createdAt: new Date(order.createdAt).toISOString(),
    expiresAt: new Date(order.expiresAt).toISOString(),
    tokenPAN: order.token?.tokenPAN ?? null,
    tokenPanEffectiveDate: order.token?.tokenPanEffectiveDate ?? null,
    checkRequestValidityToken: order.token?.checkRequestValidityToken ?? null,
    last4: order.last4,
    brand: order.brand,
    rejectReason: order.rejectReason,
  };
}
