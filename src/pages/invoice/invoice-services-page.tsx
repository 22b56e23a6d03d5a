/**
 * /Invoice/Services (INV0002): the chosen month's invoices, one per service billed and, when
 * there are two or more, all of them together (CF04, ADR 0075).
 */
import { match } from 'ts-pattern';
import { monthLabel } from '../../../contracts/billing/bill-labels';
import { formatYen } from '../../../contracts/text/number-format';
import { BusyLine } from '../service-flow/busy-line';
import { Switching, useInvoiceFlow, type InvoiceViewProps } from './invoice-flow';

export function InvoiceServicesPage() {
  return <InvoiceServicesView {...useInvoiceFlow()} />;
}

export function InvoiceServicesView({ snapshot, send }: InvoiceViewProps) {
  return match(snapshot.value)
    .with('servicesLoading', () => <BusyLine>請求書を確認しています。</BusyLine>)
    .with('services', () => {
      const { invoices, invoiceParameter, notice } = snapshot.context;
      return (
        <>
          {notice === 'invoiceUnavailable' ? (
            <p className="alert" role="status">
              ご指定のサービスの請求書はこの月にはありません。この月の請求書から選んでください。
            </p>
          ) : null}
          <h2>{monthLabel(invoiceParameter.contents ?? '')}ご利用分の請求書</h2>
          <ul className="choice-list">
            {invoices.map((invoice) => (
              <li key={invoice.cfService}>
                <button type="button" className="choice-list__item" onClick={() => send({ type: 'invoice.select', cfService: invoice.cfService })}>
                  <span>{invoice.name}</span>
                  <span className="choice-list__amount">{formatYen(invoice.total)}</span>
                </button>
              </li>
            ))}
          </ul>
          <p className="note">金額は税込です。「まとめて」は、この月のオプションサービスをすべて1通にした請求書です。</p>
          <div className="button-row">
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
              ご利用月の選択に戻る
            </button>
          </div>
        </>
      );
    })
    .with('loading', 'months', 'downloads', 'failed', () => <Switching />)
    .exhaustive();
}
