/**
 * /Invoice (INV0001): the months a qualified invoice can be had for, newest first (closed months
 * only, ADR 0075). A 3G line's invoices come on paper; a link that named a month without an
 * invoice lands here with a notice.
 */
import { Link } from '@tanstack/react-router';
import { match } from 'ts-pattern';
import { monthLabel } from '../../../contracts/billing/bill-labels';
import { BusyLine } from '../service-flow/busy-line';
import { Switching, useInvoiceFlow, type InvoiceViewProps } from './invoice-flow';

export function InvoiceMonthsPage() {
  return <InvoiceMonthsView {...useInvoiceFlow()} />;
}

export function InvoiceMonthsView({ snapshot, send }: InvoiceViewProps) {
  return match(snapshot.value)
    .with('loading', () => <BusyLine>請求書を発行できる月を確認しています。</BusyLine>)
    .with('months', () => {
      const { months, lineGeneration, notice } = snapshot.context;
      return (
        <>
          {notice === 'monthUnavailable' ? (
            <p className="alert" role="status">
              ご指定の月の請求書はありません。請求書は、ご利用月が終わって金額が確定した月から発行します。
            </p>
          ) : null}
          {lineGeneration === '3g' ? (
            <p>3G回線のお客さまの請求書は、郵送でお届けしています。ご利用料金の月ごとの合計は「ご利用料金の履歴」でご確認いただけます。</p>
          ) : months.length === 0 ? (
            <p>発行できる請求書はまだありません。オプションサービスのご利用月が終わると、翌月1日に発行します。</p>
          ) : (
            <>
              <p className="lead">ご利用月を選んでください。オプションサービスの適格請求書（インボイス）をPDFで表示・ダウンロードできます。</p>
              <ul className="choice-list">
                {months.map((month) => (
                  <li key={month}>
                    <button type="button" className="choice-list__item" onClick={() => send({ type: 'month.select', month })}>
                      {monthLabel(month)}ご利用分
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
          <div className="button-row">
            <Link to="/OptionServices/BillingHistory" className="button button--secondary button--block">
              ご利用料金の履歴を見る
            </Link>
          </div>
        </>
      );
    })
    .with('servicesLoading', 'services', 'downloads', 'failed', () => <Switching />)
    .exhaustive();
}
