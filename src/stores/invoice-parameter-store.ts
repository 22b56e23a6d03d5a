/** The invoice parameter carried into the invoice pages (spec section 3, "invoiceParameter"). */
import { z } from 'zod';
import { createPersistedStore } from './store-core';

export const InvoiceParameterStateSchema = z.object({
  contents: z.string().nullable(),
  cfservice: z.string().nullable(),
});
export type InvoiceParameterState = z.infer<typeof InvoiceParameterStateSchema>;

export const invoiceParameterStore = createPersistedStore({
  name: 'invoice-parameter',
  version: 1,
  schema: InvoiceParameterStateSchema,
  defaults: (): InvoiceParameterState => ({ contents: null, cfservice: null }),
});
