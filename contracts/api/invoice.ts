/**
 * The invoice calls (spec section 7) and the invoice codes (docs/decisions/0075-invoices.md):
 * GET invoice/session lists the months a qualified invoice (適格請求書) can be had for; GET
 * invoice/service lists one month's invoices, one per service (cfService CF01 to CF03) and all
 * services together (CF04); GET invoice/{cfService}/pdf opens one in the browser and
 * .../pdf/download saves it. Invoices are made from the bills of ADR 0073, for closed months only.
 */
import { z } from 'zod/mini';
import { JstMonthSchema } from './jst-month';

import { TaxByRateSchema } from '../billing/bill-schemas';
import { ServiceId, type ServiceIdValue } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { LineGenerationSchema } from './billing';
import { CfServiceSchema, type CfService } from './invoice-parameter';
import { JstDateSchema } from './current-date';

/** The service each variant's invoice covers; null: every service of the month. */
export const CfServiceScope: Readonly<Record<CfService, ServiceIdValue | null>> = {
  CF01: ServiceId.DataStorage,
  CF02: ServiceId.BasketLive,
  CF03: ServiceId.InStoreSupport,
  CF04: null,
};

export const InvoiceSessionResponseSchema = z.object({
  lineGeneration: LineGenerationSchema,
  /** Closed months with a bill, newest first: the months an invoice can be had for. */
  months: z.array(JstMonthSchema),
});
export type InvoiceSessionResponse = z.infer<typeof InvoiceSessionResponseSchema>;

export const InvoiceMonthQuerySchema = z.strictObject({ month: JstMonthSchema });

export const InvoiceSummarySchema = z.object({
  cfService: CfServiceSchema,
  /** 「あんしんデータボックス」, or 「オプションサービス（まとめて）」 for CF04. */
  name: z.string().check(z.minLength(1)),
  invoiceNumber: z.string().check(z.minLength(1)),
  issuedOn: JstDateSchema,
  total: z.int().check(z.nonnegative()),
  taxByRate: z.array(TaxByRateSchema),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceServiceResponseSchema = z.object({
  month: JstMonthSchema,
  /** Each service billed that month by cfService, then CF04 when there are two or more. */
  invoices: z.array(InvoiceSummarySchema).check(z.minLength(1)),
});
export type InvoiceServiceResponse = z.infer<typeof InvoiceServiceResponseSchema>;

export const InvoicePdfParams = z.strictObject({ ...CustomerParams.shape, cfService: CfServiceSchema });

export const invoiceSessionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/invoice/session',
  retry: true,
  summary: '請求書を発行できる月（確定した月・新しい順）',
  params: CustomerParams,
  query: NoQuery,
  body: NoBody,
  response: InvoiceSessionResponseSchema,
});

export const invoiceServiceEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/invoice/service',
  retry: true,
  summary: 'ある月の請求書（サービスごと・まとめて）',
  params: CustomerParams,
  query: InvoiceMonthQuerySchema,
  body: NoBody,
  response: InvoiceServiceResponseSchema,
});

/** The PDF's bytes (a Node Buffer on the server). */
const PdfSchema = z.custom<Uint8Array>((value) => value instanceof Uint8Array, 'a PDF file');

export const invoicePdfEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/invoice/{cfService}/pdf',
  retry: true,
  file: { contentType: 'application/pdf' },
  summary: '適格請求書のPDF（ブラウザで表示）',
  params: InvoicePdfParams,
  query: InvoiceMonthQuerySchema,
  body: NoBody,
  response: PdfSchema,
});

export const invoicePdfDownloadEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/customer/{sbSystemId}/invoice/{cfService}/pdf/download',
  retry: true,
  file: { contentType: 'application/pdf' },
  summary: '適格請求書のPDF（ダウンロード）',
  params: InvoicePdfParams,
  query: InvoiceMonthQuerySchema,
  body: NoBody,
  response: PdfSchema,
});
