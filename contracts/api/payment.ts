/**
 * Payment methods and the card provider round trip (spec sections 3, 4, 7): the method list,
 * creating a provider session, and verifying its outcome with the server.
 */
import { z } from 'zod/mini';
import { OperationTypeSchema, PaymentMethod, ServiceIdSchema } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';

export const PaymentMethodEntrySchema = z.object({
  value: z.enum([PaymentMethod.NewCreditCard, PaymentMethod.WithMobile, PaymentMethod.CreditCard]),
  label: z.string(),
  details: z.array(z.string()),
});
export type PaymentMethodEntry = z.infer<typeof PaymentMethodEntrySchema>;

/** The card's expiry month as the provider issues it: yyyymm, e.g. 203012 (ADR 0032). */
export const TokenPanEffectiveDateSchema = z.string().check(z.regex(/^\d{4}(0[1-9]|1[0-2])$/));

/** Card token values the provider hands back (spec section 3, applyInfo); never persisted. */
export const CardTokenSchema = z.object({
  tokenPAN: z.string().check(z.minLength(1)),
  tokenPanEffectiveDate: TokenPanEffectiveDateSchema,
  checkRequestValidityToken: z.string().check(z.minLength(1)),
  /** Masking shows only the last 4 digits (spec section 5). */
  last4: z.string().check(z.regex(/^[0-9]{4}$/)),
});
export type CardToken = z.infer<typeof CardTokenSchema>;

/** What the server knows about a provider order; the portal never trusts the return URL. */
export const ProviderOrderStatus = {
  Completed: 'completed',
  Cancelled: 'cancelled',
  Rejected: 'rejected',
  Pending: 'pending',
  /** A pending order abandoned for 30 minutes at the provider (ADR 0032): W0007. */
  Expired: 'expired',
} as const;
export const ProviderOrderSchema = z.discriminatedUnion('status', [
  z.object({ orderId: z.string(), status: z.literal(ProviderOrderStatus.Completed), card: CardTokenSchema }),
  z.object({ orderId: z.string(), status: z.literal(ProviderOrderStatus.Cancelled) }),
  z.object({ orderId: z.string(), status: z.literal(ProviderOrderStatus.Rejected) }),
  z.object({ orderId: z.string(), status: z.literal(ProviderOrderStatus.Pending) }),
  z.object({ orderId: z.string(), status: z.literal(ProviderOrderStatus.Expired) }),
]);
export type ProviderOrder = z.infer<typeof ProviderOrderSchema>;

export const PaymentMethodsQuerySchema = z.strictObject({ contentsServiceId: z.optional(ServiceIdSchema), orderId: z.optional(z.string().check(z.minLength(1))) });
export type PaymentMethodsQuery = z.infer<typeof PaymentMethodsQuerySchema>;

export const PaymentMethodsResponseSchema = z.object({
  /** Sorted by value (spec section 3). */
  paymentMethodList: z.array(PaymentMethodEntrySchema),
  /** Present when the query names an orderId: the provider outcome as the server recorded it. */
  order: z.optional(ProviderOrderSchema),
});
export type PaymentMethodsResponse = z.infer<typeof PaymentMethodsResponseSchema>;

export const PaymentInformationRequestSchema = z.strictObject({ operationType: OperationTypeSchema, orderDoneUrl: z.url(), cancelUrl: z.url() });
export type PaymentInformationRequest = z.infer<typeof PaymentInformationRequestSchema>;

export const PaymentInformationHeadersSchema = z.object({ contentsserviceid: ServiceIdSchema });

export const PaymentInformationResponseSchema = z.object({
  redirectOrderUrl: z.url(),
  /** Ours: names the provider order so the return can be verified (GET payment/methods?orderId). */
  orderId: z.string().check(z.minLength(1)),
});
export type PaymentInformationResponse = z.infer<typeof PaymentInformationResponseSchema>;

export const paymentMethodsEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/payment/methods',
  retry: true,
  summary: 'お支払い方法の一覧とカード決済の結果',
  params: CustomerParams,
  query: PaymentMethodsQuerySchema,
  body: NoBody,
  response: PaymentMethodsResponseSchema,
});

export const paymentInformationEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/customer/{sbSystemId}/payment/information',
  retry: true,
  summary: 'カード決済事業者の画面の準備',
  params: CustomerParams,
  query: NoQuery,
  body: PaymentInformationRequestSchema,
  headers: PaymentInformationHeadersSchema,
  response: PaymentInformationResponseSchema,
});
