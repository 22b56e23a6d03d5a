/**
 * What names an invoice (docs/decisions/0075-invoices.md): the download page's variant (cfService)
 * and the spec's invoiceParameter store (contents = the month, cfservice = the variant), with the
 * reading of a link that names one. Its own small module: the navigation checks it on every
 * /Invoice load, and the first page's bundle must not carry the billing code.
 */
import { z } from 'zod/mini';
import { JstMonthSchema } from './jst-month';

/** The download page's variants (spec section 2): one per service, and every service together. */
export const CfServiceSchema = z.enum(['CF01', 'CF02', 'CF03', 'CF04']);
export type CfService = z.infer<typeof CfServiceSchema>;

/** The spec's invoiceParameter store: the month (contents) and the invoice (cfservice) chosen or linked to. */
export const InvoiceParameterSchema = z.object({
  contents: z.nullable(JstMonthSchema),
  cfservice: z.nullable(CfServiceSchema),
});
export type InvoiceParameter = z.infer<typeof InvoiceParameterSchema>;

/**
 * The invoice a link from outside names (sign-on request type 8): `?contents=2026/10&cfservice=CF02`
 * (the month also as 202610). Undefined when the link names none; 'invalid' for a value that is
 * not a month or a cfService, which the navigation refuses (E9998) without keeping anything.
 * (src/navigation/rule-parameters.ts lists the two names among the parameters the rules act on.)
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

