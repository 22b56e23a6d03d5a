/**
 * The last 12 months' totals as bars, with the same figures in a table for screen readers and for
 * anyone who wants the numbers. Plain SVG: twelve bars need no chart library (ADR 0073).
 */
import type { BilledMonth } from '../../../contracts/api/billing';
import { monthLabel } from '../../../contracts/billing/bill-labels';
import { formatYen } from '../../../contracts/text/yen';

const Width = 360;
const Height = 176;
const Baseline = 136;
const Top = 16;

/**
 * Under each bar its month; under each January the year as well, and under the first bar when no
 * January follows closely (two year labels side by side would overlap).
 */
function labels(months: readonly BilledMonth[], index: number): { month: string; year: string | null } {
  const [year, monthOfYear] = months[index]!.month.split('/') as [string, string];
  const januarySoon = months.slice(1, 3).some((month) => month.month.endsWith('/01'));
  const showYear = monthOfYear === '01' || (index === 0 && !januarySoon);
  return { month: `${Number(monthOfYear)}月`, year: showYear ? `${year}年` : null };
}

export function BillingChart({ months }: { readonly months: readonly BilledMonth[] }) {
  const oldestFirst = [...months].reverse();
  const highest = Math.max(1, ...oldestFirst.map((month) => month.total));
  const slot = Width / Math.max(oldestFirst.length, 1);
  const barWidth = Math.min(20, slot * 0.6);
  return (
    <figure className="billing-chart" aria-labelledby="billing-chart-caption">
      <figcaption id="billing-chart-caption">直近{oldestFirst.length}か月のご利用料金（税込）</figcaption>
      {oldestFirst.some((month) => !month.closed) ? <p className="note">点線の棒は確定前の今月分です。</p> : null}
      <svg viewBox={`0 0 ${Width} ${Height}`} aria-hidden="true" focusable="false" className="billing-chart__bars">
        <line x1="0" x2={Width} y1={Baseline} y2={Baseline} className="billing-chart__axis" />
        {oldestFirst.map((month, index) => {
          const height = ((Baseline - Top) * month.total) / highest;
          const x = slot * index + (slot - barWidth) / 2;
          return (
            <g key={month.month}>
              <rect
                x={x}
                y={Baseline - height}
                width={barWidth}
                height={height}
                className={month.closed ? 'billing-chart__bar' : 'billing-chart__bar billing-chart__bar--open'}
              />
              <text x={x + barWidth / 2} y={Baseline + 16} textAnchor="middle" className="billing-chart__label">
                {labels(oldestFirst, index).month}
              </text>
              {labels(oldestFirst, index).year === null ? null : (
                <text x={x + barWidth / 2} y={Baseline + 32} textAnchor="middle" className="billing-chart__label">
                  {labels(oldestFirst, index).year}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <details className="billing-chart__figures">
        <summary>グラフの金額を表で見る</summary>
        <table className="billing-table">
          <caption className="visually-hidden">直近{oldestFirst.length}か月のご利用料金（税込）</caption>
          <thead>
            <tr>
              <th scope="col">ご利用月</th>
              <th scope="col">ご利用料金（税込）</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">
                  {monthLabel(month.month)}
                  {month.closed ? '' : '（確定前）'}
                </th>
                <td>{formatYen(month.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
