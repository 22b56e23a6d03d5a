/**
 * The card provider's orders. In production this is the provider's own database; the sandbox
 * keeps them in its own table (docs/decisions/0032-card-provider-sandbox.md), so an order
 * survives a restart of the portal and any of its processes serves the order's pages, as a real
 * provider's would. No card number is ever stored: a completed order holds a random token, the
 * expiry month, last4 and brand.
 *
 * Every change of state is conditional on the order still being pending, so a double submit
 * that two processes serve changes it once.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardProviderOrders } from '../../db/schema';
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
  /** The secret of the hosted page's address (payPath); only the merchant is given it. */
  payToken: string;
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
  db: Db;
  secret: string;
  ttlMs: number;
  now: () => Date;
  /** Orders are forgotten this long after creation (idempotency keys are freed with them). */
  retentionMs?: number;
};

type Row = typeof cardProviderOrders.$inferSelect;

function orderOf(row: Row): Order {
  return {
    merchantOrderId: row.merchantOrderId,
    operationType: row.operationType as OperationType,
    orderDoneUrl: row.orderDoneUrl,
    cancelUrl: row.cancelUrl,
    contentsServiceId: row.contentsServiceId,
    description: row.description,
    orderId: row.orderId,
    payToken: row.payToken,
    status: row.status,
    createdAt: row.createdAt.getTime(),
    expiresAt: row.expiresAt.getTime(),
    challenge: (row.challenge as PendingChallenge | null) ?? null,
    token:
      row.tokenPan === null || row.tokenPanEffectiveDate === null || row.checkRequestValidityToken === null
        ? null
        : { tokenPAN: row.tokenPan, tokenPanEffectiveDate: row.tokenPanEffectiveDate, checkRequestValidityToken: row.checkRequestValidityToken },
    last4: row.last4,
    brand: row.brand as CardBrand | null,
    rejectReason: row.rejectReason as RejectReason | null,
  };
}

export class CardOrderStore {
  private readonly db: Db;
  private readonly retentionMs: number;

  constructor(private readonly options: OrderStoreOptions) {
    this.db = options.db;
    this.retentionMs = options.retentionMs ?? 24 * 60 * 60 * 1000;
  }

  /** Idempotent per merchantOrderId: the same request answers the same order, another one conflicts. */
  async create(request: OrderRequest): Promise<CreateResult> {
    const now = this.options.now().getTime();
    await this.db.delete(cardProviderOrders).where(lt(cardProviderOrders.createdAt, new Date(now - this.retentionMs)));
    const inserted = await this.db
      .insert(cardProviderOrders)
      .values({
        ...request,
        orderId: `ord_${randomBytes(16).toString('base64url')}`,
        payToken: `pay_${randomBytes(24).toString('base64url')}`,
        status: 'pending',
        createdAt: new Date(now),
        expiresAt: new Date(now + this.options.ttlMs),
      })
      .onConflictDoNothing({ target: cardProviderOrders.merchantOrderId })
      .returning();
    const created = inserted[0];
    if (created !== undefined) return { kind: 'created', order: orderOf(created) };
    const [existing] = await this.db.select().from(cardProviderOrders).where(eq(cardProviderOrders.merchantOrderId, request.merchantOrderId));
    if (existing === undefined) return { kind: 'conflict' };
    const order = await this.current(existing);
    return sameRequest(order, request) ? { kind: 'replayed', order } : { kind: 'conflict' };
  }

  /** The order as of now, by the merchant's handle: a pending order past its time is expired from then on. */
  async get(orderId: string): Promise<Order | undefined> {
    const [row] = await this.db.select().from(cardProviderOrders).where(eq(cardProviderOrders.orderId, orderId));
    return row === undefined ? undefined : this.current(row);
  }

  /** The order whose hosted page this is. */
  async getByPayToken(payToken: string): Promise<Order | undefined> {
    const [row] = await this.db.select().from(cardProviderOrders).where(eq(cardProviderOrders.payToken, payToken));
    return row === undefined ? undefined : this.current(row);
  }

  private async current(row: Row): Promise<Order> {
    if (row.status !== 'pending' || this.options.now().getTime() < row.expiresAt.getTime()) return orderOf(row);
    await this.transition(row.orderId, { status: 'expired', challenge: null });
    return orderOf({ ...row, status: 'expired', challenge: null });
  }

  /** Issues the token, if the order is still pending; false when another request finished it first. */
  complete(order: Order, card: PendingChallenge): Promise<boolean> {
    const tokenPAN = `tok_${randomBytes(18).toString('base64url')}`;
    const tokenPanEffectiveDate = `${card.expiryYear}${String(card.expiryMonth).padStart(2, '0')}`;
    const checkRequestValidityToken = createHmac('sha256', this.options.secret)
      .update(`${order.orderId}.${tokenPAN}.${tokenPanEffectiveDate}`)
      .digest('base64url');
    return this.transition(order.orderId, {
      status: 'completed',
      tokenPan: tokenPAN,
      tokenPanEffectiveDate,
      checkRequestValidityToken,
      last4: card.last4,
      brand: card.brand,
      challenge: null,
    });
  }

  reject(order: Order, card: PendingChallenge, reason: RejectReason): Promise<boolean> {
    return this.transition(order.orderId, { status: 'rejected', rejectReason: reason, last4: card.last4, brand: card.brand, challenge: null });
  }

  challenge(order: Order, card: PendingChallenge): Promise<boolean> {
    return this.transition(order.orderId, { challenge: card });
  }

  cancel(order: Order): Promise<boolean> {
    return this.transition(order.orderId, { status: 'cancelled', challenge: null });
  }

  private async transition(orderId: string, change: Partial<typeof cardProviderOrders.$inferInsert>): Promise<boolean> {
    const changed = await this.db
      .update(cardProviderOrders)
      .set(change)
      .where(and(eq(cardProviderOrders.orderId, orderId), eq(cardProviderOrders.status, 'pending')))
      .returning({ orderId: cardProviderOrders.orderId });
    return changed.length > 0;
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
