/**
 * Registry entry of the invoice flow: months, a month's invoices, one invoice; and the links from
 * outside that name a month and an invoice, which the customer has or has not.
 */
import type { SnapshotFrom } from 'xstate';
import type { InvoiceSummary } from '../../contracts/api/invoice';
import { atStep, unless } from '../mbt/invariant-helpers';
import { failures, modelEvents } from '../model-fixtures';
import type { MachineEntry } from '../registry';
import { invoiceMachine, type InvoiceFlowInput } from './invoice.machine';

type InvoiceSnapshot = SnapshotFrom<typeof invoiceMachine>;

/** An invoice as GET invoice/service lists it. */
export const invoiceSummary = (cfService: InvoiceSummary['cfService'], total: number): InvoiceSummary => ({
  cfService,
  name: cfService,
  invoiceNumber: `INV-202610-1000000017-${cfService}`,
  issuedOn: '2026/11/01',
  total,
  taxByRate: [{ rate: 10, totalIncludingTax: total, tax: Math.floor((total * 10) / 110) }],
});

const input: InvoiceFlowInput = { sbSystemId: '1000000017' };

export const invoiceEntry: MachineEntry = {
  id: 'invoice',
  title: '請求書（月・サービスの選択、表示とダウンロード）',
  machine: invoiceMachine,
  input,
  variants: [
    { title: '外部のリンクで月と請求書を指定', input: { ...input, invoiceParameter: { contents: '2026/10', cfservice: 'CF02' } } },
    { title: '外部のリンクで請求書のない月を指定', input: { ...input, invoiceParameter: { contents: '2026/11', cfservice: 'CF01' } } },
  ],
  events: modelEvents(
    { type: 'xstate.done.actor.loadInvoiceSession', output: { lineGeneration: '4g', months: ['2026/10', '2026/09'] } },
    { type: 'xstate.done.actor.loadInvoiceSession', output: { lineGeneration: '3g', months: [] } },
    { type: 'xstate.error.actor.loadInvoiceSession', error: failures.unknown },
    { type: 'month.select', month: '2026/10' },
    // A month the list does not have (a stale page): nothing happens.
    { type: 'month.select', month: '2026/11' },
    { type: 'xstate.done.actor.loadInvoiceServices', output: { month: '2026/10', invoices: [invoiceSummary('CF01', 550), invoiceSummary('CF02', 990), invoiceSummary('CF04', 1540)] } },
    { type: 'xstate.done.actor.loadInvoiceServices', output: { month: '2026/10', invoices: [invoiceSummary('CF01', 550)] } },
    { type: 'xstate.error.actor.loadInvoiceServices', error: failures.unknown },
    { type: 'invoice.select', cfService: 'CF02' },
    { type: 'invoice.select', cfService: 'CF03' },
    { type: 'wizard.back' },
  ),
  serializeState: (raw) => {
    const snapshot = raw as InvoiceSnapshot;
    const { context } = snapshot;
    return JSON.stringify({
      value: snapshot.value,
      parameter: context.invoiceParameter,
      months: context.months.length,
      invoices: context.invoices.map((entry) => entry.cfService),
      notice: context.notice,
    });
  },
  invariants: [
    {
      id: 'invoice.parameter-follows-page',
      description: 'サービスの選択では月が、表示・ダウンロードでは月と請求書が invoiceParameter にあり、それぞれ一覧にあること',
      check: (raw) => {
        const snapshot = raw as InvoiceSnapshot;
        const { invoiceParameter, months, invoices } = snapshot.context;
        if (atStep(snapshot, ['services', 'servicesLoading']) && (invoiceParameter.contents === null || !months.includes(invoiceParameter.contents))) {
          return `month ${String(invoiceParameter.contents)} not among ${months.join(',')}`;
        }
        return unless(
          !atStep(snapshot, ['downloads']) || invoices.some((entry) => entry.cfService === invoiceParameter.cfservice),
          `invoice ${String(invoiceParameter.cfservice)} not among the month's invoices`,
        );
      },
    },
    {
      id: 'invoice.months-page-clean',
      description: '月の選択の画面では、まだ月も請求書も選ばれていないこと',
      check: (raw) => {
        const snapshot = raw as InvoiceSnapshot;
        const { contents, cfservice } = snapshot.context.invoiceParameter;
        return unless(!atStep(snapshot, ['months']) || (contents === null && cfservice === null), `contents ${String(contents)}, cfservice ${String(cfservice)}`);
      },
    },
  ],
};
