/**
 * The invoice a link from outside named (spec section 3, "invoiceParameter"), kept across the
 * sign-on round trip (request type 8) until the invoice flow starts and takes it as its input;
 * from then on the flow's snapshot holds the store (machines/invoice/invoice.machine.ts).
 */
import { InvoiceParameterSchema, type InvoiceParameter } from '../../contracts/api/invoice-parameter';
import { createPersistedStore } from './store-core';

export const invoiceParameterStore = createPersistedStore({
  name: 'invoice-parameter',
  version: 2,
  schema: InvoiceParameterSchema,
  defaults: (): InvoiceParameter => ({ contents: null, cfservice: null }),
});

/** The linked invoice, once: the store is empty again after. */
export function takeInvoiceParameter(): InvoiceParameter | null {
  const parameter = invoiceParameterStore.get();
  if (parameter.contents === null && parameter.cfservice === null) return null;
  invoiceParameterStore.reset();
  return parameter;
}
