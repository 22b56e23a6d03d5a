import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BilledMonth, BillingHistoryResponse } from '../../../contracts/api/billing';
import { BillingHistoryView } from '../../../src/pages/billing/billing-history-page';
import { renderPage } from '../anshin-data-box/support';

afterEach(cleanup);

const month = (value: string, total: number, closed = true): BilledMonth => ({ month: value, total, closed, payments: [{ method: '01', cardLast4: null }] });

const history = (months: BilledMonth[], extra: Partial<BillingHistoryResponse> = {}): BillingHistoryResponse => ({
  asOf: '2026/11/25',
  lineGeneration: '4g',
  months,
  nextBefore: null,
  ...extra,
});

describe('ご利用料金の履歴', () => {
  it('届くまでは読み込み中と伝え、月がなければ履歴がないと伝えること', async () => {
    await renderPage(<BillingHistoryView first={undefined} olderPages={[]} onMore={() => undefined} />);
    expect(screen.getByRole('status').textContent).toContain('ご利用料金を読み込んでいます');
    cleanup();
    await renderPage(<BillingHistoryView first={history([])} olderPages={[]} onMore={() => undefined} />);
    expect(await screen.findByText(/ご利用料金の履歴はありません。/)).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
  });

  it('グラフと同じ金額を表でも示し、今月は確定前と記し、前の12か月を求められること', async () => {
    const onMore = vi.fn();
    await renderPage(
      <BillingHistoryView first={history([month('2026/11', 1100, false), month('2026/10', 1100), month('2026/09', 880)], { nextBefore: '2026/09' })} olderPages={[]} onMore={onMore} />,
    );
    const figures = screen.getByRole('table', { name: '直近3か月のご利用料金（税込）' });
    expect(within(figures).getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ご利用月ご利用料金（税込）',
      '2026年11月（確定前）1,100円',
      '2026年10月1,100円',
      '2026年9月880円',
    ]);
    expect(screen.getByText('点線の棒は確定前の今月分です。')).toBeTruthy();
    screen.getByRole('button', { name: 'さらに前の12か月を見る' }).click();
    expect(onMore).toHaveBeenCalledWith('2026/09');
  });

  it('3G回線では請求書が郵送であることを伝え、請求書への導線を出さないこと', async () => {
    await renderPage(<BillingHistoryView first={history([month('2026/10', 550)], { lineGeneration: '3g' })} olderPages={[]} onMore={() => undefined} />);
    expect(screen.getByText(/請求書は郵送でお届けしています。/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: '請求書を見る・ダウンロードする' })).toBeNull();
  });
});
