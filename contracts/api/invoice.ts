/**
 * The invoice calls (spec section 7) and the invoice codes (docs/decisions/0075-invoices.md):
 * GET invoice/session lists the months a qualified invoice (適格請求書) can be had for; GET
 * invoice/service lists one month's invoices, one per service (cfService CF01 to CF03) and all
 * services together (CF04); GET invoice/{cfService}/pdf opens one in the browser and
 * .../pdf/download saves it. Invoices are made from the bills of ADR 0073, for closed months only.
 */
import { z } from 'zod';
import { JstMonthSchema } from '../billing/billing-month';
import { TaxByRateSchema } from '../billing/monthly-bills';
import { ServiceId, type ServiceIdValue } from '../codes';
import { CustomerParams, NoBody, NoQuery, defineEndpoint } from '../endpoint';
import { LineGenerationSchema } from './billing';
import { JstDateSchema } from './current-date';

/** The download page's variants (spec section 2): one per service, and every service together. */
export const CfServiceSchema = z.enum(['CF01', 'CF02', 'CF03', 'CF04']);
export type CfService = z.infer<typeof CfServiceSchema>;

/** The service each variant's invoice covers; null: every service of the month. */
export const CfServiceScope: Readonly<Record<CfService, ServiceIdValue | null>> = {
  CF01: ServiceId.DataStorage,
  CF02: ServiceId.BasketLive,
  CF03: ServiceId.InStoreSupport,
  CF04: null,
};

/** The spec's invoiceParameter store: the month (contents) and the invoice (cfservice) chosen or linked to. */
export const InvoiceParameterSchema = z.object({
  contents: JstMonthSchema.nullable(),
  cfservice: CfServiceSchema.nullable(),
});
export type InvoiceParameter = z.infer<typeof InvoiceParameterSchema>;

/**
 * The invoice a link from outside names (sign-on request type 8): `?contents=2026/10&cfservice=CF02`
 * (the month also as 202610). Undefined when the link names none; 'invalid' for a value that is
 * not a month or a cfService, which the navigation refuses (E9998) without keeping anything.
 */
export function invoiceParameterOf(search: URLSearchParams): InvoiceParameter | 'invalid' | undefined {
  const contents = search.get('contents');
  const cfservice = search.get('cfservice');
  if (contents === null && cfservice === null) return undefined;
  const month = contents !== null && /^\d{6}$/.test(contents) ? `${contents.slice(0, 4)}/${contents.slice(4)}` : contents;
  const parsed = InvoiceParameterSchema.safeParse({ contents: month, cfservice });
  // A service without its month says nothing the pages can follow.
  return parsed.success && !(parsed.data.contents === null && parsed.data.cfservice !== null) ? parsed.data : 'invalid';
}

export const InvoiceSessionResponseSchema = z.object({
  lineGeneration: LineGenerationSchema,
  /** Closed months with a bill, newest first: the months an invoice can be had for. */
  months: z.array(JstMonthSchema),
});
export type InvoiceSessionResponse = z.infer<typeof InvoiceSessionResponseSchema>;

export const InvoiceMonthQuerySchema = z.object({ month: JstMonthSchema }).strict();

export const InvoiceSummarySchema = z.object({
  cfService: CfServiceSchema,
  /** 「あんしんデータボックス」, or 「オプションサービス（まとめて）」 for CF04. */
  name: z.string().min(1),
  invoiceNumber: z.string().min(1),
  issuedOn: JstDateSchema,
  total: z.number().int().nonnegative(),
  taxByRate: z.array(TaxByRateSchema),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummarySchema>;

export const InvoiceServiceResponseSchema = z.object({
  month: JstMonthSchema,
  /** Each service billed that month by cfService, then CF04 when there are two or more. */
  invoices: z.array(InvoiceSummarySchema).min(1),
});
export type InvoiceServiceResponse = z.infer<typeof InvoiceServiceResponseSchema>;

export const InvoicePdfParams = CustomerParams.extend({ cfService: CfServiceSchema }).strict();

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
