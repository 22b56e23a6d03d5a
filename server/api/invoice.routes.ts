/**
 * Qualified invoices (docs/decisions/0075-invoices.md): the months an invoice can be had for, a
 * month's invoices, and each as a PDF to open or to save. Only closed months of the customer's own
 * bills: another customer's id is refused by the session check (A0403), a month without a closed
 * bill or a service not billed in it is 404 A0404, malformed input 400 A0400, a 3G line E0008
 * (its invoices come on paper, ADR 0073).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { CfService } from '../../contracts/api/invoice-parameter';
import type { LineGeneration } from '../../contracts/api/billing';
import { monthLabel } from '../../contracts/billing/bill-labels';
import { endpoints } from '../../contracts/endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { billOf, customerBills, type CustomerBills } from '../billing/customer-bills';
import { findCustomer } from '../contracts/contract-repository';
import type { Db } from '../db/client';
import type { Env } from '../env';
import { AppError, notFound } from '../http/app-error';
import { invoiceDocument, invoiceLines, invoiceName, invoiceNumberOf, invoicesOf, issuedOnOf } from '../invoices/invoice-document';
import { renderInvoicePdf } from '../invoices/invoice-pdf';
import { businessDateOf } from '../time/business-date';
import { registerEndpoint } from './register-endpoint';
import { taxByRate } from '../../contracts/billing/monthly-bills';

/** A closed month's invoice does not change: the browser may keep it a day, for this customer only. */
const PdfCacheControl = 'private, max-age=86400';

async function invoiceBills(db: Db, env: Env, sbSystemId: string): Promise<{ bills: CustomerBills; customer: Awaited<ReturnType<typeof findCustomer>> }> {
  const customer = await findCustomer(db, sbSystemId);
  if (customer.lineGeneration === '3g') throw new AppError(ErrorCode.StatusForbidsProcedure);
  const now = new Date();
  return { customer, bills: await customerBills(db, sbSystemId, now, businessDateOf(env, now)) };
}

/** The bill of a closed month; 404 for the open month and for a month without a bill. */
function closedBill(bills: CustomerBills, month: string) {
  const bill = month < bills.openMonth ? billOf(bills, month) : undefined;
  if (bill === undefined) throw notFound();
  return bill;
}

/** "請求書_2026年10月_バスケットLIVE.pdf" for people, an ASCII name for old clients (RFC 6266, RFC 8187). */
function contentDisposition(kind: 'inline' | 'attachment', month: string, cfService: CfService, invoiceNumber: string): string {
  const name = `請求書_${monthLabel(month)}_${invoiceName(cfService)}.pdf`;
  return `${kind}; filename="${invoiceNumber}.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function sendPdf(
  context: { db: Db; env: Env; reply: FastifyReply; params: { sbSystemId: string; cfService: CfService }; query: { month: string } },
  kind: 'inline' | 'attachment',
): Promise<Buffer> {
  const { db, env, reply, params, query } = context;
  const { bills, customer } = await invoiceBills(db, env, params.sbSystemId);
  const bill = closedBill(bills, query.month);
  if (invoiceLines(bill, params.cfService).length === 0 || !invoicesOf(bill).includes(params.cfService)) throw notFound();
  const document = invoiceDocument({
    bill,
    cfService: params.cfService,
    sbSystemId: params.sbSystemId,
    recipientName: `${customer.lastNameKanji} ${customer.firstNameKanji}`,
  });
  const pdf = await renderInvoicePdf(document);
  reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition(kind, bill.month, params.cfService, document.invoiceNumber))
    .header('cache-control', PdfCacheControl)
    .header('vary', 'Cookie');
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

export function registerInvoiceRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getInvoiceSession, async ({ db, env, params }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    const lineGeneration = customer.lineGeneration as LineGeneration;
    if (lineGeneration === '3g') return { lineGeneration, months: [] };
    const now = new Date();
    const bills = await customerBills(db, params.sbSystemId, now, businessDateOf(env, now));
    return { lineGeneration, months: bills.bills.filter((bill) => bill.month < bills.openMonth).map((bill) => bill.month) };
  });

  registerEndpoint(app, endpoints.getInvoiceServices, async ({ db, env, params, query }) => {
    const { bills } = await invoiceBills(db, env, params.sbSystemId);
    const bill = closedBill(bills, query.month);
    return {
      month: bill.month,
      invoices: invoicesOf(bill).map((cfService) => {
        const lines = invoiceLines(bill, cfService);
        return {
          cfService,
          name: invoiceName(cfService),
          invoiceNumber: invoiceNumberOf(params.sbSystemId, bill.month, cfService),
          issuedOn: issuedOnOf(bill.month),
          total: lines.reduce((sum, line) => sum + line.amount, 0),
          taxByRate: taxByRate(lines),
        };
      }),
    };
  });

  registerEndpoint(app, endpoints.getInvoicePdf, (context) => sendPdf(context, 'inline'));
  registerEndpoint(app, endpoints.downloadInvoicePdf, (context) => sendPdf(context, 'attachment'));
}
