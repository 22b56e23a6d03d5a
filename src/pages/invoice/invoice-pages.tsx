/**
 * The invoice pages (docs/flows/invoice.md, ADR 0075), each a view of the invoice flow's state:
 * /Invoice (INV0001) the months an invoice can be had for; /Invoice/Services (INV0002) the chosen
 * month's invoices, per service and all together (CF04); /Invoice/Downloads (INV0003) the chosen
 * invoice in its service's variant (spec section 2, CF01 to CF04) with links that open its PDF in
 * the browser or save it (the browser fetches the PDF itself). One module for the three: they
 * load together, which keeps the first page's route table one entry shorter per page.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { match } from 'ts-pattern';
import type { SnapshotFrom } from 'xstate';
import { CfServiceScope, invoicePdfDownloadEndpoint, invoicePdfEndpoint, type InvoiceSummary } from '../../../contracts/api/invoice';
import type { CfService } from '../../../contracts/api/invoice-parameter';
import { monthLabel, taxLine } from '../../../contracts/billing/bill-labels';
import { buildPath } from '../../../contracts/endpoint';
import { formatYen } from '../../../contracts/text/yen';
import type { InvoiceEvent, InvoiceMachine } from '../../../machines/invoice/invoice.machine';
import { BusyLine } from '../service-flow/busy-line';
import { formatDate } from '../service-flow/service-copy';
import { useFlowActor, type InvoiceActor } from '../service-flow/use-flow-actor';
import './invoice.css';

export type InvoiceViewProps = {
  readonly snapshot: SnapshotFrom<InvoiceMachine>;
  readonly send: (event: InvoiceEvent) => void;
};

function useInvoiceFlow(): InvoiceViewProps {
  const actor: InvoiceActor = useFlowActor('invoice');
  const snapshot = useSelector(actor, (state) => state);
  return { snapshot, send: (event) => actor.send(event) };
}

function Switching() {
  return <BusyLine>画面を切り替えています。</BusyLine>;
}

export function InvoiceMonthsPage() {
  return <InvoiceMonthsView {...useInvoiceFlow()} />;
}

export function InvoiceMonthsView({ snapshot, send }: InvoiceViewProps) {
  return match(snapshot.value)
    .with('loading', () => <BusyLine>請求書を発行できる月を確認しています。</BusyLine>)
    .with('months', () => {
      const { months, lineGeneration, notice } = snapshot.context;
      return <InvoiceMonthList months={months} lineGeneration={lineGeneration} notice={notice} send={send} />;
    })
    .with('servicesLoading', 'services', 'downloads', 'failed', () => <Switching />)
    .exhaustive();
}

export type InvoiceMonthListProps = Pick<SnapshotFrom<InvoiceMachine>['context'], 'months' | 'lineGeneration' | 'notice'> & {
  /** Undefined while the page is not usable yet (the server's first view, ADR 0106): the months are drawn disabled. */
  readonly send: InvoiceViewProps['send'] | undefined;
};

/** The months page's body from its props: the page and the server's first view both draw it. */
export function InvoiceMonthList({ months, lineGeneration, notice, send }: InvoiceMonthListProps) {
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
                <button type="button" className="choice-list__item" disabled={send === undefined} onClick={() => send?.({ type: 'month.select', month })}>
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
}

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
  const endpoint = download ? invoicePdfDownloadEndpoint : invoicePdfEndpoint;
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
