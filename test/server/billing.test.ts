/**
 * Billing history on the server (docs/decisions/0073-billing-model.md): the bills are computed
 * from the seeded contract histories on the business date, pinned here to 2026/11/25. demo17 has
 * three services with a first free month, a payment change, a suspension and a resume with a new
 * card, a half-price coupon, an upgrade, a downgrade and a withdrawal; demo18 is on a 3G line.
 */
import { describe, expect, it } from 'vitest';
import {
  BillingHistoryResponseSchema,
  BillingSummaryResponseSchema,
  LegacyBillingSummaryResponseSchema,
} from '../../contracts/api/billing';
import { expectAuthChecks } from './support/auth-matrix';
import { call, snapshotOf, signedInAppForFile, type Answer } from './support/anshin-kit';

const kit = signedInAppForFile(['demo01', 'demo02', 'demo17', 'demo18'], { env: { BUSINESS_DATE: '2026/11/25' } });
const user = kit.user;

const history = async (id: string, query?: string) => {
  const response = await call(kit.test, user(id), 'GET', '/billing/history', query === undefined ? {} : { query });
  expect(response.statusCode, response.body).toBe(200);
  return BillingHistoryResponseSchema.parse(response.json());
};
const summary = (id: string, payload: unknown, path = '/billing/summary') => call(kit.test, user(id), 'POST', path, { payload });

/** demo17's totals, newest first, as ADR 0073's rules give them (worked out by hand in the ADR). */
const demo17Totals: [string, number][] = [
  ['2026/11', 1100], ['2026/10', 1100], ['2026/09', 1100], ['2026/08', 2090], ['2026/07', 2090], ['2026/06', 2090],
  ['2026/05', 880], ['2026/04', 1265], ['2026/03', 1265], ['2026/02', 1265], ['2026/01', 1100], ['2025/12', 1100],
  ['2025/11', 1100], ['2025/10', 550], ['2025/09', 0],
];

describe('GET /api/customer/{sbSystemId}/billing/history', () => {
  it('月ごとの合計を新しい順に12か月ずつ返し、今月だけが未確定であること', async () => {
    const first = await history('demo17');
    expect(first.asOf).toBe('2026/11/25');
    expect(first.lineGeneration).toBe('4g');
    expect(first.months.map((month) => [month.month, month.total])).toEqual(demo17Totals.slice(0, 12));
    expect(first.months.map((month) => month.closed)).toEqual([false, ...Array<boolean>(11).fill(true)]);
    expect(first.nextBefore).toBe('2025/12');
    const second = await history('demo17', 'before=2025/12');
    expect(second.months.map((month) => [month.month, month.total])).toEqual(demo17Totals.slice(12));
    expect(second.nextBefore).toBeNull();
  });

  it('支払い方法はその月に使われたものを1回ずつ挙げること', async () => {
    const { months } = await history('demo17');
    const of = (month: string) => months.find((entry) => entry.month === month)?.payments;
    expect(of('2026/11')).toEqual([{ method: '02', cardLast4: '7878' }, { method: '01', cardLast4: null }]);
    expect(of('2026/04')).toEqual([{ method: '02', cardLast4: '5454' }, { method: '01', cardLast4: null }]);
    expect(of('2025/12')).toEqual([{ method: '01', cardLast4: null }]);
  });

  it('契約のないお客さまは月がなく、携帯電話料金だけのお客さまはその月々であること', async () => {
    expect(await history('demo01')).toMatchObject({ months: [], nextBefore: null });
    const demo02 = await history('demo02');
    expect(demo02.months[0]).toEqual({ month: '2026/11', total: 550, closed: false, payments: [{ method: '01', cardLast4: null }] });
    // Data storage since 2025/06 with the application month free: 2025/06 is billed at 0 yen.
    expect((await history('demo02', 'before=2025/07')).months).toEqual([{ month: '2025/06', total: 0, closed: true, payments: [{ method: '01', cardLast4: null }] }]);
  });

  it('他のお客さまのIDやセッションなしは拒否されること', async () => {
    await expectAuthChecks(kit.test, user('demo17'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/billing/history` }));
  });

  it('月の形でない before や知らない項目は400 A0400になること', async () => {
    for (const query of ['before=2026-11', 'before=2026/13', 'page=2']) {
      const response = await call(kit.test, user('demo17'), 'GET', '/billing/history', { query });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
  });
});

describe('POST /api/customer/{sbSystemId}/billing/summary', () => {
  it('その月の明細を、割引・プラン・支払い方法・税率ごとの消費税とともに返すこと', async () => {
    const response = await summary('demo17', { month: '2026/02' });
    expect(response.statusCode, response.body).toBe(200);
    const bill = BillingSummaryResponseSchema.parse(response.json());
    expect(bill).toMatchObject({ month: '2026/02', closed: true, total: 1265, taxByRate: [{ rate: 10, totalIncludingTax: 1265, tax: 115 }] });
    expect(bill.lines.map((line) => [line.serviceId, line.planId, line.unitPrice, line.discounts, line.amount, line.payment])).toEqual([
      ['223', '225', 550, [], 550, { method: '01', cardLast4: null }],
      ['231', '232-4', 330, [{ label: 'バスケットLIVE 3か月半額クーポン', amount: 165 }], 165, { method: '01', cardLast4: null }],
      ['237', '238', 550, [], 550, { method: '01', cardLast4: null }],
    ]);
  });

  it('利用停止の月は請求がなく、アップグレードの月は新しいプラン、ダウングレードは1日からであること', async () => {
    const may = BillingSummaryResponseSchema.parse((await summary('demo17', { month: '2026/05' })).json());
    expect(may.lines.map((line) => line.serviceId)).toEqual(['231', '237']);
    const june = BillingSummaryResponseSchema.parse((await summary('demo17', { month: '2026/06' })).json());
    expect(june.lines.find((line) => line.serviceId === '231')).toMatchObject({ planId: '232', unitPrice: 990 });
    expect(june.lines.find((line) => line.serviceId === '223')?.payment).toEqual({ method: '02', cardLast4: '7878' });
    const september = BillingSummaryResponseSchema.parse((await summary('demo17', { month: '2026/09' })).json());
    expect(september.lines.map((line) => [line.serviceId, line.planId])).toEqual([['223', '225'], ['231', '232-1']]);
  });

  it('請求のない月は404 A0404、月の形でない値は400 A0400で、何も変えないこと', async () => {
    const before = await snapshotOf(kit.test, user('demo17').sbSystemId);
    for (const month of ['2025/08', '2026/12']) {
      const response = await summary('demo17', { month });
      expect(response.statusCode, month).toBe(404);
      expect(response.json<Answer>().errorCode).toBe('A0404');
    }
    for (const payload of [{ month: '2026-02' }, { month: '2026/00' }, {}, { month: '2026/02', extra: 1 }]) {
      const response = await summary('demo17', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json<Answer>().errorCode).toBe('A0400');
    }
    expect(await snapshotOf(kit.test, user('demo17').sbSystemId)).toEqual(before);
  });

  it('他のお客さまのIDは拒否されること', async () => {
    await expectAuthChecks(kit.test, user('demo17'), user('demo02'), (id) => ({
      method: 'POST',
      url: `/api/customer/${id}/billing/summary`,
      payload: { month: '2026/02' },
    }));
  });

  it('3G回線のお客さまには明細ではなくE0008を返すこと', async () => {
    const response = await summary('demo18', { month: '2026/10' });
    expect(response.statusCode).toBe(409);
    expect(response.json<Answer>().errorCode).toBe('E0008');
  });
});

describe('POST /api/customer/{sbSystemId}/3g/billing/summary', () => {
  it('3G回線の月をサービスごとの合計で返し、履歴も3G回線と示すこと', async () => {
    expect((await history('demo18')).lineGeneration).toBe('3g');
    const response = await summary('demo18', { month: '2026/10' }, '/3g/billing/summary');
    expect(response.statusCode, response.body).toBe(200);
    expect(LegacyBillingSummaryResponseSchema.parse(response.json())).toEqual({
      asOf: '2026/11/25',
      month: '2026/10',
      closed: true,
      services: [{ serviceId: '223', serviceName: 'あんしんデータボックス', amount: 550, payment: { method: '01', cardLast4: null } }],
      total: 550,
      taxByRate: [{ rate: 10, totalIncludingTax: 550, tax: 50 }],
    });
  });

  it('3Gでない回線にはE0008を返すこと', async () => {
    const response = await summary('demo17', { month: '2026/10' }, '/3g/billing/summary');
    expect(response.statusCode).toBe(409);
    expect(response.json<Answer>().errorCode).toBe('E0008');
  });
});
