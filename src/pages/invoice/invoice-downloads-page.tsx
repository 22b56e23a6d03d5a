/**
 * /Invoice/Downloads (INV0003): the chosen invoice, in its service's variant (spec section 2:
 * one download page variant per service, CF01 to CF04), with links that open its PDF in the
 * browser or save it. The browser fetches the PDF itself (ADR 0075).
 */
import { match } from 'ts-pattern';
import { CfServiceScope, type CfService, type InvoiceSummary } from '../../../contracts/api/invoice';
import { monthLabel, taxLine } from '../../../contracts/billing/bill-labels';
import { buildPath } from '../../../contracts/endpoint';
import { endpoints } from '../../../contracts/endpoints';
import { formatYen } from '../../../contracts/text/number-format';
import { formatDate } from '../service-flow/service-copy';
import { Switching, useInvoiceFlow, type InvoiceViewProps } from './invoice-flow';

/** What each variant says about the invoice it offers. */
function variantNote(cfService: CfService): string {
  return match(cfService)
    .with('CF01', () => 'あんしんデータボックスの月額料金の請求書です。初月無料やクーポンの割引も記載しています。')
    .with('CF02', () => 'バスケットLIVEの月額料金の請求書です。その月にお支払いいただくプランの料金と割引を記載しています。')
    .with('CF03', () => 'スマホ設定サポート定額の月額料金の請求書です。ショップでの有料メニューは、ショップで発行する領収書をご確認ください。')
    .with('CF04', () => 'この月のオプションサービスをすべて記載した請求書です。サービスごとの請求書と金額は同じです。')
    .exhaustive();
}

function pdfUrl(sbSystemId: string, invoice: InvoiceSummary, month: string, download: boolean): string {
  const endpoint = download ? endpoints.downloadInvoicePdf : endpoints.getInvoicePdf;
  return `${buildPath(endpoint.path, { sbSystemId, cfService: invoice.cfService })}?${new URLSearchParams({ month }).toString()}`;
}

export function InvoiceDownloadsPage() {
  return <InvoiceDownloadsView {...useInvoiceFlow()} />;
}

export function InvoiceDownloadsView({ snapshot, send }: InvoiceViewProps) {
  return match(snapshot.value)
    .with('downloads', () => {
      const { invoices, invoiceParameter, sbSystemId } = snapshot.context;
      const month = invoiceParameter.contents ?? '';
      const invoice = invoices.find((entry) => entry.cfService === invoiceParameter.cfservice);
      if (invoice === undefined) return <Switching />;
      const scope = CfServiceScope[invoice.cfService];
      return (
        <>
          <section className="card" aria-labelledby="invoice-summary" data-variant={invoice.cfService} data-service={scope ?? 'all'}>
            <h2 id="invoice-summary">
              {monthLabel(month)}ご利用分 {invoice.name}
            </h2>
            <p>{variantNote(invoice.cfService)}</p>
            <dl className="definition-list">
              <dt>請求書番号</dt>
              <dd>{invoice.invoiceNumber}</dd>
              <dt>発行日</dt>
              <dd>{formatDate(invoice.issuedOn)}</dd>
              <dt>ご請求金額（税込）</dt>
              <dd>{formatYen(invoice.total)}</dd>
              {invoice.taxByRate.map((entry) => (
                <dd key={entry.rate}>{taxLine(entry)}</dd>
              ))}
            </dl>
          </section>
          <p className="note">PDFの表示には、PDFを表示できるアプリまたはブラウザが必要です。</p>
          <div className="button-row">
            <a className="button button--block" href={pdfUrl(sbSystemId, invoice, month, false)} target="_blank" rel="noopener">
              PDFを表示する（新しいタブ）
            </a>
            <a className="button button--secondary button--block" href={pdfUrl(sbSystemId, invoice, month, true)} download>
              PDFをダウンロードする
            </a>
            <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'wizard.back' })}>
              請求書の選択に戻る
            </button>
          </div>
        </>
      );
    })
    .with('loading', 'months', 'servicesLoading', 'services', 'failed', () => <Switching />)
    .exhaustive();
}
