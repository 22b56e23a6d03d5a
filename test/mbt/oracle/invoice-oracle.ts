/**
 * The invoice flow as docs/flows/invoice.md ("請求書のマシン invoice", "ストア invoiceParameter") and
 * spec section 3 (invoiceParameter) state it: the link's month and invoice are followed only when
 * the lists have them (else the customer chooses, told so), a choice is only one the list shows,
 * Back drops the last choice, and each month's invoices are read for the month chosen.
 */
import type { Invocation } from '../../../scripts/mbt/path-replay';
import type { FlowOracle, OracleEvent, SpecTransition } from './path-oracle';
import { output, showsNotice } from './shared-rules';
import { flowPages } from './spec-pages';

export type InvoiceFacts = {
  /** The month asked for (by the link, then by the customer); null when none. */
  readonly month: string | null;
  /** The invoice (CF01-CF04) asked for; null when none. */
  readonly invoice: string | null;
  readonly months: readonly string[];
  readonly invoices: readonly string[];
};

type Rule = SpecTransition<InvoiceFacts>;

const listedMonths = (event: OracleEvent) => output(event).months as string[];
const listedInvoices = (event: OracleEvent) => (output(event).invoices as { cfService: string }[]).map((entry) => entry.cfService);

const noNotice = (after: { context: unknown }) => {
  const notice = (after.context as { notice?: unknown }).notice;
  return notice === null ? undefined : `no notice is due, the page shows ${JSON.stringify(notice)}`;
};

const transitions: Rule[] = [
  {
    rule: 'docs/flows/invoice.md loading: a month the link named and the list has goes to its invoices',
    from: 'loading',
    on: 'xstate.done.actor.loadInvoiceSession',
    when: (f, e) => f.month !== null && listedMonths(e).includes(f.month),
    to: 'servicesLoading',
    then: (f, e) => ({ ...f, months: listedMonths(e) }),
  },
  {
    rule: 'docs/flows/invoice.md loading: a month the link named that has no invoice: the customer chooses, told 「ご指定の月の請求書はありません。」',
    from: 'loading',
    on: 'xstate.done.actor.loadInvoiceSession',
    when: (f) => f.month !== null,
    to: 'months',
    then: (f, e) => ({ ...f, months: listedMonths(e), month: null, invoice: null }),
    shows: showsNotice('monthUnavailable'),
  },
  {
    rule: 'docs/flows/invoice.md loading: without a month named, the customer chooses the month',
    from: 'loading',
    on: 'xstate.done.actor.loadInvoiceSession',
    to: 'months',
    then: (f, e) => ({ ...f, months: listedMonths(e), invoice: null }),
    shows: noNotice,
  },
  { rule: 'docs/flows/invoice.md: a failed read of the months goes to the error page', from: 'loading', on: 'xstate.error.actor.loadInvoiceSession', to: 'failed' },
  {
    rule: 'docs/flows/invoice.md months: only a month of the list may be chosen (isListedMonth)',
    from: 'months',
    on: 'month.select',
    when: (f, e) => f.months.includes(e.month as string),
    to: 'servicesLoading',
    then: (f, e) => ({ ...f, month: e.month as string, invoice: null }),
  },
  {
    rule: 'docs/flows/invoice.md servicesLoading: an invoice the link named and the month has is shown',
    from: 'servicesLoading',
    on: 'xstate.done.actor.loadInvoiceServices',
    when: (f, e) => f.invoice !== null && listedInvoices(e).includes(f.invoice),
    to: 'downloads',
    then: (f, e) => ({ ...f, invoices: listedInvoices(e) }),
  },
  {
    rule: 'docs/flows/invoice.md servicesLoading: an invoice the link named that the month lacks: the customer chooses, told so',
    from: 'servicesLoading',
    on: 'xstate.done.actor.loadInvoiceServices',
    when: (f) => f.invoice !== null,
    to: 'services',
    then: (f, e) => ({ ...f, invoices: listedInvoices(e), invoice: null }),
    shows: showsNotice('invoiceUnavailable'),
  },
  {
    rule: 'docs/flows/invoice.md servicesLoading: without an invoice named, the customer chooses the invoice',
    from: 'servicesLoading',
    on: 'xstate.done.actor.loadInvoiceServices',
    to: 'services',
    then: (f, e) => ({ ...f, invoices: listedInvoices(e) }),
    shows: noNotice,
  },
  { rule: 'docs/flows/invoice.md: a failed read of the month\'s invoices goes to the error page', from: 'servicesLoading', on: 'xstate.error.actor.loadInvoiceServices', to: 'failed' },
  {
    rule: 'docs/flows/invoice.md services: only an invoice of the month may be chosen (isListedInvoice)',
    from: 'services',
    on: 'invoice.select',
    when: (f, e) => f.invoices.includes(e.cfService as string),
    to: 'downloads',
    then: (f, e) => ({ ...f, invoice: e.cfService as string }),
  },
  {
    rule: 'docs/flows/invoice.md services: Back returns to the months and drops the month chosen',
    from: 'services',
    on: 'wizard.back',
    to: 'months',
    then: (f) => ({ ...f, month: null, invoice: null, invoices: [] }),
  },
  {
    rule: 'docs/flows/invoice.md downloads: Back returns to the month\'s invoices and drops the invoice chosen',
    from: 'downloads',
    on: 'wizard.back',
    to: 'services',
    then: (f) => ({ ...f, invoice: null }),
  },
];

/** Section 7 GET invoice/service?month=: the invoices read are those of the month asked for. */
function readsTheMonth(invocation: Invocation, facts: InvoiceFacts): string | undefined {
  if (invocation.src !== 'loadInvoiceServices') return undefined;
  const month = (invocation.input as { month: unknown }).month;
  return month === facts.month ? undefined : `section 7 invoice/service: the invoices of ${String(facts.month)} are read, the machine read ${String(month)}`;
}

export const invoiceOracle: FlowOracle<InvoiceFacts> = {
  flowId: 'invoice',
  pages: flowPages.invoice ?? { steps: {}, entry: [] },
  initial: (input) => {
    const parameter = (input as { invoiceParameter?: { contents: string | null; cfservice: string | null } }).invoiceParameter;
    return { step: 'loading', facts: { month: parameter?.contents ?? null, invoice: parameter?.cfservice ?? null, months: [], invoices: [] } };
  },
  transitions,
  invocation: readsTheMonth,
};
