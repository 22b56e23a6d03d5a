/**
 * The app's implementation of the invoice flow's ports (ADR 0023): GET invoice/session and
 * GET invoice/service, read afresh each time the flow asks.
 */
import { fromPromise } from 'xstate';
import type { InvoiceServiceResponse, InvoiceSessionResponse } from '../../contracts/api/invoice';
import { invoiceServiceEndpoint, invoiceSessionEndpoint } from '../../contracts/api/invoice';
import type { LoadInvoiceServicesInput } from '../../machines/invoice/invoice.machine';
import { callApi } from '../api/api-client';

export function createInvoiceActors() {
  const loadInvoiceSession = fromPromise<InvoiceSessionResponse, { readonly sbSystemId: string }>(({ input, signal }) =>
    callApi(invoiceSessionEndpoint, { params: { sbSystemId: input.sbSystemId }, signal }),
  );
  const loadInvoiceServices = fromPromise<InvoiceServiceResponse, LoadInvoiceServicesInput>(({ input, signal }) =>
    callApi(invoiceServiceEndpoint, { params: { sbSystemId: input.sbSystemId }, query: { month: input.month }, signal }),
  );
  return { loadInvoiceSession, loadInvoiceServices };
}

export type InvoiceActors = ReturnType<typeof createInvoiceActors>;
