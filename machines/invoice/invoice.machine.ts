/**
 * Invoices (docs/flows/invoice.md, docs/decisions/0075-invoices.md): choose a month, then one of
 * its invoices (a service, or all together), then open or save its PDF. The machine's
 * `invoiceParameter` context is the spec's store (section 3: contents = the month, cfservice =
 * the invoice), kept with the flow's snapshot across reloads. A link from outside (sign-on request
 * type 8) may name both; they arrive as the flow's input and lead straight to that invoice when the
 * customer has it, or to the choice before it with a notice when not.
 *
 * loading -> months -> servicesLoading -> services -> downloads
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { LineGeneration } from '../../contracts/api/billing';
import type { InvoiceServiceResponse, InvoiceSessionResponse, InvoiceSummary } from '../../contracts/api/invoice';
import type { CfService, InvoiceParameter } from '../../contracts/api/invoice-parameter';
import type { ErrorCodeValue } from '../../contracts/error-catalogue';
import { errorCodeOf } from '../flow-errors';
import { pageMeta, readPage, type FlowTag, type StateMeta } from '../flow-meta';
import { withScxml } from '../scxml-semantics';

const MonthsPage = '/Invoice';
const ServicesPage = '/Invoice/Services';
const DownloadsPage = '/Invoice/Downloads';
const ErrorPage = '/Error';

export type InvoiceFlowInput = {
  readonly sbSystemId: string;
  /** What a link from outside asked for (the navigation's invoice-parameter check kept it). */
  readonly invoiceParameter?: InvoiceParameter | null;
};

/** Why the customer sees a choice rather than the invoice a link asked for. */
export type InvoiceNotice = 'monthUnavailable' | 'invoiceUnavailable' | null;

export type InvoiceContext = {
  sbSystemId: string;
  invoiceParameter: InvoiceParameter;
  lineGeneration: LineGeneration | null;
  months: string[];
  invoices: InvoiceSummary[];
  notice: InvoiceNotice;
  errorCode: ErrorCodeValue | null;
};

export type InvoiceEvent = { type: 'month.select'; month: string } | { type: 'invoice.select'; cfService: CfService } | { type: 'wizard.back' };

export type LoadInvoiceServicesInput = { readonly sbSystemId: string; readonly month: string };

export const invoiceMachine = withScxml(setup({
  types: {
    meta: {} as StateMeta,
    input: {} as InvoiceFlowInput,
    context: {} as InvoiceContext,
    events: {} as InvoiceEvent,
    tags: {} as FlowTag,
    children: {} as { loadInvoiceSession: 'loadInvoiceSession'; loadInvoiceServices: 'loadInvoiceServices' },
  },
  // Stryker disable StringLiteral,BlockStatement: placeholders the app always replaces (machine.provide): their message and their body never run
  actors: {
    loadInvoiceSession: fromPromise<InvoiceSessionResponse, { readonly sbSystemId: string }>(() => {
      throw new Error('loadInvoiceSession is provided by the app');
    }),
    loadInvoiceServices: fromPromise<InvoiceServiceResponse, LoadInvoiceServicesInput>(() => {
      throw new Error('loadInvoiceServices is provided by the app');
    }),
  },
  // Stryker restore StringLiteral,BlockStatement
  actions: {
    storeSession: assign((_, params: { session: InvoiceSessionResponse }) => ({
      lineGeneration: params.session.lineGeneration,
      months: params.session.months,
    })),
    storeInvoices: assign((_, params: { invoices: InvoiceSummary[] }) => ({ invoices: params.invoices })),
    /** A month the link asked for that has no invoice: say so, and let the customer choose. */
    dropUnavailableMonth: assign(({ context }) => ({
      notice: context.invoiceParameter.contents === null ? null : ('monthUnavailable' as const),
      invoiceParameter: { contents: null, cfservice: null },
    })),
    dropUnavailableInvoice: assign(({ context }) => ({
      notice: context.invoiceParameter.cfservice === null ? null : ('invoiceUnavailable' as const),
      invoiceParameter: { ...context.invoiceParameter, cfservice: null },
    })),
    chooseMonth: assign(({ event }) => {
      assertEvent(event, 'month.select');
      // No invoices to clear: the month choice is entered only with none (the first load, or clearMonth).
      return { invoiceParameter: { contents: event.month, cfservice: null }, notice: null };
    }),
    chooseInvoice: assign(({ context, event }) => {
      assertEvent(event, 'invoice.select');
      return { invoiceParameter: { ...context.invoiceParameter, cfservice: event.cfService }, notice: null };
    }),
    clearMonth: assign({ invoiceParameter: { contents: null, cfservice: null }, invoices: [], notice: null }),
    clearInvoice: assign(({ context }) => ({ invoiceParameter: { ...context.invoiceParameter, cfservice: null }, notice: null })),
    storeError: assign((_, params: { errorCode: ErrorCodeValue | null }) => ({ errorCode: params.errorCode })),
  },
  guards: {
    isRequestedMonthListed: ({ context }, params: { months: string[] }) => params.months.some((month) => month === context.invoiceParameter.contents),
    isRequestedInvoiceListed: ({ context }, params: { invoices: InvoiceSummary[] }) =>
      params.invoices.some((invoice) => invoice.cfService === context.invoiceParameter.cfservice),
    isListedMonth: ({ context, event }) => {
      assertEvent(event, 'month.select');
      return context.months.includes(event.month);
    },
    isListedInvoice: ({ context, event }) => {
      assertEvent(event, 'invoice.select');
      return context.invoices.some((invoice) => invoice.cfService === event.cfService);
    },
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({
    sbSystemId: input.sbSystemId,
    invoiceParameter: input.invoiceParameter ?? { contents: null, cfservice: null },
    lineGeneration: null,
    // Stryker disable next-line ArrayDeclaration: never read: the session's answer replaces it before the month choice shows it
    months: [],
    // Stryker disable next-line ArrayDeclaration: never read: a month's answer replaces it before the invoice choice shows it
    invoices: [],
    notice: null,
    errorCode: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      meta: pageMeta(MonthsPage, ['SPEC-7.invoice-session', 'SPEC-3.invoice-parameter']),
      invoke: {
        id: 'loadInvoiceSession',
        src: 'loadInvoiceSession',
        input: ({ context }) => ({ sbSystemId: context.sbSystemId }),
        onDone: [
          {
            guard: { type: 'isRequestedMonthListed', params: ({ event }) => ({ months: event.output.months }) },
            target: 'servicesLoading',
            actions: { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
          },
          {
            target: 'months',
            actions: [{ type: 'storeSession', params: ({ event }) => ({ session: event.output }) }, 'dropUnavailableMonth'],
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) } },
      },
    },
    months: {
      ...readPage(MonthsPage, ['SPEC-2.invoice-routes', 'DEC.invoice-closed-months']),
      on: { 'month.select': { guard: 'isListedMonth', target: 'servicesLoading', actions: 'chooseMonth' } },
    },
    servicesLoading: {
      tags: ['busy'],
      meta: pageMeta(ServicesPage, ['SPEC-7.invoice-service']),
      invoke: {
        id: 'loadInvoiceServices',
        src: 'loadInvoiceServices',
        // Stryker disable next-line StringLiteral: never read: servicesLoading is entered only with a month (isRequestedMonthListed, chooseMonth)
        input: ({ context }) => ({ sbSystemId: context.sbSystemId, month: context.invoiceParameter.contents ?? '' }),
        onDone: [
          {
            guard: { type: 'isRequestedInvoiceListed', params: ({ event }) => ({ invoices: event.output.invoices }) },
            target: 'downloads',
            actions: { type: 'storeInvoices', params: ({ event }) => ({ invoices: event.output.invoices }) },
          },
          {
            target: 'services',
            actions: [{ type: 'storeInvoices', params: ({ event }) => ({ invoices: event.output.invoices }) }, 'dropUnavailableInvoice'],
          },
        ],
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ errorCode: errorCodeOf(event.error) }) } },
      },
    },
    services: {
      ...readPage(ServicesPage, ['SPEC-2.invoice-routes', 'SPEC-3.invoice-parameter', 'DEC.invoice-variants']),
      on: {
        'invoice.select': { guard: 'isListedInvoice', target: 'downloads', actions: 'chooseInvoice' },
        'wizard.back': { target: 'months', actions: 'clearMonth' },
      },
    },
    downloads: {
      ...readPage(DownloadsPage, ['SPEC-2.invoice-routes', 'DEC.invoice-variants']),
      on: { 'wizard.back': { target: 'services', actions: 'clearInvoice' } },
    },
    failed: {
      type: 'final',
      tags: ['persistable'],
      meta: pageMeta(ErrorPage, ['SPEC-8.error-page']),
    },
  },
}), {
  guards: {
    isRequestedMonthListed: {
      cond: 'invoiceParameter.contents !== null && _event.data.months.indexOf(invoiceParameter.contents) >= 0',
      reads: ['invoiceParameter'],
    },
    isRequestedInvoiceListed: {
      cond: '_event.data.invoices.some(function (invoice) { return invoice.cfService === invoiceParameter.cfservice; })',
      reads: ['invoiceParameter'],
    },
    isListedMonth: { cond: 'months.indexOf(_event.data.month) >= 0', reads: ['months'] },
    isListedInvoice: { cond: 'invoices.some(function (invoice) { return invoice.cfService === _event.data.cfService; })', reads: ['invoices'] },
  },
  actions: {
    storeSession: [['months', '_event.data.months']],
    storeInvoices: [['invoices', '_event.data.invoices']],
    dropUnavailableMonth: [['invoiceParameter', '{ contents: null, cfservice: null }']],
    dropUnavailableInvoice: [['invoiceParameter.cfservice', 'null']],
    chooseMonth: [['invoiceParameter', '{ contents: _event.data.month, cfservice: null }']],
    chooseInvoice: [['invoiceParameter.cfservice', '_event.data.cfService']],
    clearMonth: [
      ['invoiceParameter', '{ contents: null, cfservice: null }'],
      ['invoices', '[]'],
    ],
    clearInvoice: [['invoiceParameter.cfservice', 'null']],
  },
});

export type InvoiceMachine = typeof invoiceMachine;
