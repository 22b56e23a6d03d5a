/**
 * The portal's client for the card payment provider's merchant API (server to server).
 * The customer enters the card on the provider's hosted page; the portal only ever sees a
 * token result (tokenPAN, tokenPanEffectiveDate, checkRequestValidityToken, last4, brand).
 * Locally the provider is the sandbox at /sandbox/card (docs/decisions/0032-card-provider-sandbox.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { OperationTypeValue, ServiceIdValue } from '../../contracts/codes';
import { DefaultGatewayTimeoutMs, requestJson, type BaseUrl, type FetchLike } from './gateway-http';

export const MerchantKeyHeader = 'x-merchant-key';

export type CardProviderClientOptions = {
  /** The provider's API base, e.g. http://127.0.0.1:3000/sandbox/card. */
  baseUrl: BaseUrl;
  merchantKey: string;
  /** Shared secret the provider signs checkRequestValidityToken with. */
  secret: string;
  fetch?: FetchLike;
  timeoutMs?: number;
};

export type CreateCardOrderInput = {
  /**
   * The portal's key for this attempt. The provider answers a repeated create with the same key
   * with the same order, so use the per-request key of the submit, not the flow id: after a
   * cancel, the next attempt must get a fresh order.
   */
  merchantOrderId: string;
  operationType: OperationTypeValue;
  /** Where the provider sends the customer after a result (completed or rejected). */
  orderDoneUrl: string;
  /** Where the provider sends the customer who cancels. */
  cancelUrl: string;
  contentsServiceId: ServiceIdValue;
  /** What the customer is registering the card for, shown on the hosted page (Japanese). */
  description?: string;
};

const OrderId = z.string().regex(/^ord_[A-Za-z0-9_-]{16,64}$/);

export const CreatedCardOrderSchema = z.object({
  orderId: OrderId,
  redirectOrderUrl: z.url({ protocol: /^https?$/ }),
  expiresAt: z.iso.datetime(),
});
export type CreatedCardOrder = z.infer<typeof CreatedCardOrderSchema>;

export const CardOrderStatusSchema = z.enum(['pending', 'completed', 'cancelled', 'rejected', 'expired']);
export type CardOrderStatus = z.infer<typeof CardOrderStatusSchema>;

export const CardBrandSchema = z.enum(['visa', 'mastercard', 'jcb', 'amex', 'diners']);
export type CardBrand = z.infer<typeof CardBrandSchema>;

export const CardRejectReasonSchema = z.enum(['card_declined', 'authentication_failed']);

/** The provider's order as the portal reads it. Completed orders carry all token fields. */
export const CardOrderSchema = z
  .object({
    orderId: OrderId,
    merchantOrderId: z.string(),
    operationType: z.string(),
    contentsServiceId: z.string(),
    status: CardOrderStatusSchema,
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
    tokenPAN: z.string().min(1).nullable(),
    /** Last month the token may be charged, yyyymm (the card's expiry month). */
    tokenPanEffectiveDate: z
      .string()
      .regex(/^\d{4}(0[1-9]|1[0-2])$/)
      .nullable(),
    checkRequestValidityToken: z.string().min(1).nullable(),
    last4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable(),
    brand: CardBrandSchema.nullable(),
    rejectReason: CardRejectReasonSchema.nullable(),
  })
  .refine(
    (order) =>
      order.status !== 'completed' ||
      (order.tokenPAN !== null &&
        order.tokenPanEffectiveDate !== null &&
        order.checkRequestValidityToken !== null &&
        order.last4 !== null &&
        order.brand !== null),
    { message: 'a completed order carries its token result' },
  );
export type CardOrder = z.infer<typeof CardOrderSchema>;

export type CheckTokenInput = {
  orderId: string;
  tokenPAN: string;
  tokenPanEffectiveDate: string;
  checkRequestValidityToken: string;
};

export type CardProviderClient = {
  createOrder(input: CreateCardOrderInput): Promise<CreatedCardOrder>;
  getOrder(orderId: string): Promise<CardOrder>;
  /**
   * True when the provider issued this token triple for this order. Use it whenever the triple
   * comes back through the browser (applyInfo), where it could have been altered.
   */
  verifyCheckToken(input: CheckTokenInput): boolean;
};

/**
 * The provider's signature: HMAC-SHA256 with the merchant secret over
 * `orderId.tokenPAN.tokenPanEffectiveDate`, base64url without padding.
 */
export function signCheckToken(secret: string, input: Omit<CheckTokenInput, 'checkRequestValidityToken'>): string {
  return createHmac('sha256', secret)
    .update(`${input.orderId}.${input.tokenPAN}.${input.tokenPanEffectiveDate}`)
    .digest('base64url');
}

export function createCardProviderClient(options: CardProviderClientOptions): CardProviderClient {
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DefaultGatewayTimeoutMs;
  const common = {
    gateway: 'card-provider' as const,
    baseUrl: options.baseUrl,
    headers: { [MerchantKeyHeader]: options.merchantKey },
    timeoutMs,
    fetch: fetchImpl,
  };

  return {
    createOrder: (input) =>
      requestJson({ ...common, method: 'POST', path: '/api/orders', body: input, response: CreatedCardOrderSchema }),

    getOrder: (orderId) =>
      requestJson({
        ...common,
        method: 'GET',
        path: `/api/orders/${encodeURIComponent(orderId)}`,
        response: CardOrderSchema,
      }),

    verifyCheckToken(input) {
      const expected = Buffer.from(signCheckToken(options.secret, input));
      const given = Buffer.from(input.checkRequestValidityToken);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
