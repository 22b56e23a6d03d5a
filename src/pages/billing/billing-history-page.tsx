/**
 * /OptionServices/BillingHistory (OPT0002): the option services' bills month by month, newest
 * first, computed by the server from the contracts (ADR 0073). The route's loader asks for the
 * newest months, which come with the HTML when the server drew the page (ADR 0106); if they cannot
 * be read the page still shows, and asks again. A month opens to its lines (POST billing/summary),
 * or on a 3G line to its amounts per service (POST 3g/billing/summary). Twelve months at a time,
 * the chart over the newest twelve.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BilledMonth, BillingHistoryResponse, BillingSummaryResponse, LegacyBillingSummaryResponse } from '../../../contracts/api/billing';
import { lineLabel, monthLabel, paymentLabel, taxLine } from '../../../contracts/billing/bill-labels';
import { formatYen } from '../../../contracts/text/yen';
import { billingHistoryQueryOptions } from '../../api/queries/billing-history.query';
import { billingSummaryQueryOptions, legacyBillingSummaryQueryOptions } from '../../api/queries/billing-summary.query';
import { routedPage } from '../page-views';
import { BillingChart } from './billing-chart';
import './billing.css';

type LineGeneration = BillingHistoryResponse['lineGeneration'];

export function BillingHistoryPage() {
  const first = useQuery(billingHistoryQueryOptions());
  const [olderPages, setOlderPages] = useState<readonly string[]>([]);
  return (
    <BillingHistoryView
      first={first.data}
      olderPages={olderPages}
      onMore={(before) => setOlderPages((pages) => (pages.includes(before) ? pages : [...pages, before]))}
    />
  );
}

export type BillingHistoryViewProps = {
  /** The newest page; undefined until it has arrived. */
  readonly first: BillingHistoryResponse | undefined;
  /** The `before` of each older page the customer asked for. */
  readonly olderPages: readonly string[];
  /** Asks for the twelve months before `before`; undefined while the page is not usable yet (the server's first view). */
  readonly onMore: ((before: string) => void) | undefined;
};

export function BillingHistoryView({ first, olderPages, onMore }: BillingHistoryViewProps) {
  const invoices = routedPage('/Invoice') !== undefined;
  return (
    <>
      <p className="lead">オプションサービスのご利用料金です。金額はすべて税込です。日割りはありません。</p>
      {first === undefined ? (
        <p className="note" role="status">
          ご利用料金を読み込んでいます…
        </p>
      ) : first.months.length === 0 ? (
        <p>ご利用料金の履歴はありません。オプションサービスをお申し込みいただくと、翌月からここに表示します。</p>
      ) : (
        <>
          {first.lineGeneration === '3g' ? (
            <p className="note">
              3G回線のご利用料金は、これまでのシステムでサービスごとの合計を表示します。請求書は郵送でお届けしています。
            </p>
          ) : null}
          <BillingChart months={first.months} />
          <h2>月ごとのご利用料金</h2>
          <MonthList months={first.months} lineGeneration={first.lineGeneration} />
          {olderPages.map((before, index) => (
            <OlderPage
              key={before}
              before={before}
              lineGeneration={first.lineGeneration}
              last={index === olderPages.length - 1}
              onMore={onMore}
            />
          ))}
          {olderPages.length === 0 && first.nextBefore !== null ? <MoreButton before={first.nextBefore} onMore={onMore} /> : null}
        </>
      )}
      <div className="button-row">
        {invoices && first?.lineGeneration !== '3g' ? (
          <Link to="/Invoice" className="button button--block">
            請求書を見る・ダウンロードする
          </Link>
        ) : null}
        <Link to="/OptionServices" className="button button--secondary button--block">
          オプションサービスへ戻る
        </Link>
      </div>
    </>
  );
}

function MoreButton({ before, onMore }: { readonly before: string; readonly onMore: ((before: string) => void) | undefined }) {
  return (
    <button type="button" className="button button--secondary button--block" disabled={onMore === undefined} onClick={() => onMore?.(before)}>
      さらに前の12か月を見る
    </button>
  );
}

function OlderPage(props: { readonly before: string; readonly lineGeneration: LineGeneration; readonly last: boolean; readonly onMore: ((before: string) => void) | undefined }) {
  const page = useQuery(billingHistoryQueryOptions(props.before));
  if (page.data === undefined) {
    return (
      <p className="note" role="status">
        読み込んでいます…
      </p>
    );
  }
  return (
    <>
      <MonthList months={page.data.months} lineGeneration={props.lineGeneration} />
      {props.last && page.data.nextBefore !== null ? <MoreButton before={page.data.nextBefore} onMore={props.onMore} /> : null}
    </>
  );
}

function MonthList({ months, lineGeneration }: { readonly months: readonly BilledMonth[]; readonly lineGeneration: LineGeneration }) {
  return (
    <ul className="billing-months">
      {months.map((month) => (
        <li key={month.month}>
          <MonthItem month={month} lineGeneration={lineGeneration} />
        </li>
      ))}
    </ul>
  );
}

function MonthItem({ month, lineGeneration }: { readonly month: BilledMonth; readonly lineGeneration: LineGeneration }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="billing-month" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <span>
          {monthLabel(month.month)}ご利用分{month.closed ? '' : '（確定前）'}
        </span>
        <span className="billing-month__total">{formatYen(month.total)}</span>
        <span className="billing-month__payments">{month.payments.map(paymentLabel).join('・')}</span>
      </summary>
      {open ? lineGeneration === '3g' ? <LegacyMonthDetail month={month.month} /> : <MonthDetail month={month.month} /> : null}
    </details>
  );
}

function Loading() {
  return (
    <p className="note" role="status">
      明細を読み込んでいます…
    </p>
  );
}

function MonthDetail({ month }: { readonly month: string }) {
  const summary = useQuery(billingSummaryQueryOptions(month));
  return summary.data === undefined ? <Loading /> : <BillLines bill={summary.data} />;
}

function LegacyMonthDetail({ month }: { readonly month: string }) {
  const summary = useQuery(legacyBillingSummaryQueryOptions(month));
  return summary.data === undefined ? <Loading /> : <LegacyLines bill={summary.data} />;
}

function Totals({ bill }: { readonly bill: Pick<BillingSummaryResponse, 'total' | 'taxByRate' | 'closed'> }) {
  return (
    <>
      <tr className="billing-total">
        <th scope="row">合計（税込）</th>
        <td>{formatYen(bill.total)}</td>
      </tr>
      {bill.taxByRate.map((entry) => (
        <tr key={entry.rate}>
          <td colSpan={2}>{taxLine(entry)}</td>
        </tr>
      ))}
    </>
  );
}

export function BillLines({ bill }: { readonly bill: BillingSummaryResponse }) {
  return (
    <>
      <table className="billing-table">
        <caption className="visually-hidden">{monthLabel(bill.month)}ご利用分の明細</caption>
        <thead>
          <tr>
            <th scope="col">内容</th>
            <th scope="col">金額（税込）</th>
          </tr>
        </thead>
        <tbody>
          {bill.lines.map((line) => (
            <LineRows key={line.contractId} line={line} />
          ))}
          <Totals bill={bill} />
        </tbody>
      </table>
      {bill.closed ? null : <p className="note">今月分は確定前の見込みです。月末までのお手続きで変わることがあります。</p>}
    </>
  );
}

function LineRows({ line }: { readonly line: BillingSummaryResponse['lines'][number] }) {
  return (
    <>
      <tr>
        <th scope="row">
          {lineLabel(line)}
          <br />
          <span className="note">{paymentLabel(line.payment)}</span>
        </th>
        <td>{formatYen(line.unitPrice)}</td>
      </tr>
      {line.discounts.map((discount) => (
        <tr key={discount.label} className="billing-line__discount">
          <td>{discount.label}</td>
          <td>{discount.amount === 0 ? formatYen(0) : `−${formatYen(discount.amount)}`}</td>
        </tr>
      ))}
    </>
  );
}

export function LegacyLines({ bill }: { readonly bill: LegacyBillingSummaryResponse }) {
  return (
    <table className="billing-table">
      <caption className="visually-hidden">{monthLabel(bill.month)}ご利用分（サービスごとの合計）</caption>
      <thead>
        <tr>
          <th scope="col">サービス</th>
          <th scope="col">金額（税込）</th>
        </tr>
      </thead>
      <tbody>
        {bill.services.map((service) => (
          <tr key={service.serviceId}>
            <th scope="row">
              {service.serviceName}
              <br />
              <span className="note">{paymentLabel(service.payment)}</span>
            </th>
            <td>{formatYen(service.amount)}</td>
          </tr>
        ))}
        <Totals bill={bill} />
      </tbody>
    </table>
  );
}
