import { z } from 'zod/mini';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { addMonths, firstDayOfMonth, isCalendarMonth, lastDayOfMonth, monthOf, monthsBetween } from '../../../contracts/billing/billing-month';
import { monthlyBills, taxByRate, type ContractTimeline } from '../../../contracts/billing/monthly-bills';
import { BillLineSchema, MonthlyBillSchema, type BillLine, type MonthlyBill } from '../../../contracts/billing/bill-schemas';
import { PriceList, pricedPlan } from '../../../contracts/billing/price-list';
import { AnshinDataBox } from '../../../contracts/services/anshin-data-box';
import { BasketLivePlans } from '../../../contracts/services/basket-live';
import { InStoreSupportPlans } from '../../../contracts/services/in-store-support';

const mobileBill = { method: '01', cardLast4: null } as const;

/** A basket live contract on スタンダード (990 yen) paid with the mobile bill, started on `startedOn`. */
function timeline(startedOn: string, overrides: Partial<ContractTimeline> = {}): ContractTimeline {
  return {
    contractId: 'C1',
    serviceId: '231',
    startedOn,
    endedOn: null,
    plans: [{ planId: '232', from: startedOn }],
    suspensions: [],
    payments: [{ ...mobileBill, from: startedOn }],
    coupons: [],
    ...overrides,
  };
}

function anshin(startedOn: string, overrides: Partial<ContractTimeline> = {}): ContractTimeline {
  return timeline(startedOn, { serviceId: '223', plans: [{ planId: '225', from: startedOn }], ...overrides });
}

/** The bills of one contract as month -> its only line. */
function linesByMonth(contract: ContractTimeline, from: string, to: string): Partial<Record<string, BillLine>> {
  return Object.fromEntries(monthlyBills([contract], { from, to }).map((bill) => [bill.month, bill.lines[0]]));
}

const amounts = (bills: MonthlyBill[]) => Object.fromEntries(bills.map((bill) => [bill.month, bill.total]));

describe('billing months', () => {
  it('reads the month of a day and the first and last day of a month, leap years included', () => {
    expect(monthOf('2026/11/24')).toBe('2026/11');
    expect(firstDayOfMonth('2026/11')).toBe('2026/11/01');
    expect(lastDayOfMonth('2026/11')).toBe('2026/11/30');
    expect(lastDayOfMonth('2026/12')).toBe('2026/12/31');
    expect(lastDayOfMonth('2027/02')).toBe('2027/02/28');
    expect(lastDayOfMonth('2028/02')).toBe('2028/02/29');
  });

  it('adds months across year ends, both ways', () => {
    expect(addMonths('2026/11', 2)).toBe('2027/01');
    expect(addMonths('2026/01', -1)).toBe('2025/12');
    expect(addMonths('2026/03', -15)).toBe('2024/12');
    expect(addMonths('2026/03', 0)).toBe('2026/03');
  });

  it('lists the months between two months, both included, and none for a reversed pair', () => {
    expect(monthsBetween('2026/11', '2027/02')).toEqual(['2026/11', '2026/12', '2027/01', '2027/02']);
    expect(monthsBetween('2026/11', '2026/11')).toEqual(['2026/11']);
    expect(monthsBetween('2026/11', '2026/10')).toEqual([]);
  });

  it('rejects what is not a month or a calendar day', () => {
    for (const bad of ['2026/13', '2026/00', '2026/1', '2026-11', '2026/11/01', '']) {
      expect(isCalendarMonth(bad), bad).toBe(false);
      expect(() => addMonths(bad, 1), bad).toThrow(RangeError);
      expect(() => lastDayOfMonth(bad), bad).toThrow(RangeError);
    }
    expect(() => monthOf('2026/02/30')).toThrow(RangeError);
    expect(() => addMonths('2026/01', 1.5)).toThrow(RangeError);
  });
});

describe('price list', () => {
  it('takes every plan and price from the service definitions', () => {
    expect(PriceList['223'].plans.map((plan) => plan.monthlyPrice)).toEqual(AnshinDataBox.plans.map((plan) => plan.monthlyPrice));
    expect(PriceList['231'].plans.map(({ planId, monthlyPrice }) => [planId, monthlyPrice])).toEqual(BasketLivePlans.map(({ planId, monthlyPrice }) => [planId, monthlyPrice]));
    expect(PriceList['237'].plans.map(({ planId, monthlyPrice }) => [planId, monthlyPrice])).toEqual(InStoreSupportPlans.map(({ planId, monthlyPrice }) => [planId, monthlyPrice]));
  });

  it('frees the first month of data storage only, and puts every service at 10%', () => {
    expect(Object.values(PriceList).map(({ serviceId, firstMonthFree, taxRate }) => [serviceId, firstMonthFree, taxRate])).toEqual([
      ['223', true, 10],
      ['231', false, 10],
      ['237', false, 10],
    ]);
  });

  it('rejects a plan the service does not have', () => {
    expect(pricedPlan('231', '232-2')).toEqual({ planId: '232-2', name: 'プレミアム', monthlyPrice: 1650 });
    expect(() => pricedPlan('231', '225')).toThrow(RangeError);
    expect(() => pricedPlan('999', '225')).toThrow(RangeError);
  });
});

describe('taxByRate', () => {
  it('takes the tax out of a tax-included total, rounded down', () => {
    expect(taxByRate([{ amount: 990, taxRate: 10 }])).toEqual([{ rate: 10, totalIncludingTax: 990, tax: 90 }]);
    expect(taxByRate([{ amount: 1, taxRate: 10 }])).toEqual([{ rate: 10, totalIncludingTax: 1, tax: 0 }]);
    expect(taxByRate([{ amount: 0, taxRate: 10 }])).toEqual([{ rate: 10, totalIncludingTax: 0, tax: 0 }]);
  });

  it('computes the tax once over the total of a rate, not line by line', () => {
    expect(taxByRate([{ amount: 550, taxRate: 10 }, { amount: 1650, taxRate: 10 }])).toEqual([{ rate: 10, totalIncludingTax: 2200, tax: 200 }]);
    // Line by line this would be 0 + 0.
    expect(taxByRate([{ amount: 5, taxRate: 10 }, { amount: 6, taxRate: 10 }])).toEqual([{ rate: 10, totalIncludingTax: 11, tax: 1 }]);
  });

  it('has an entry only for the rates some line is at, the highest first', () => {
    expect(taxByRate([])).toEqual([]);
    expect(taxByRate([{ amount: 1080, taxRate: 8 }, { amount: 110, taxRate: 10 }])).toEqual([
      { rate: 10, totalIncludingTax: 110, tax: 10 },
      { rate: 8, totalIncludingTax: 1080, tax: 80 },
    ]);
  });
});

describe('monthlyBills', () => {
  it('bills the application month of basket live in full, with nothing before it', () => {
    const bills = monthlyBills([timeline('2026/11/24')], { from: '2026/10', to: '2026/12' });
    expect(bills.map((bill) => bill.month)).toEqual(['2026/12', '2026/11']);
    expect(bills[1]).toEqual({
      month: '2026/11',
      lines: [
        {
          contractId: 'C1',
          serviceId: '231',
          serviceName: PriceList['231'].serviceName,
          planId: '232',
          planName: 'スタンダード',
          unitPrice: 990,
          discounts: [],
          amount: 990,
          taxRate: 10,
          payment: { method: '01', cardLast4: null },
        },
      ],
      total: 990,
      taxByRate: [{ rate: 10, totalIncludingTax: 990, tax: 90 }],
    });
    expect(z.array(MonthlyBillSchema).parse(bills)).toEqual(bills);
  });

  it('frees the month data storage starts in and bills it from the next month', () => {
    const lines = linesByMonth(anshin('2026/11/24'), '2026/11', '2027/01');
    expect(lines['2026/11']).toMatchObject({ unitPrice: 550, discounts: [{ label: '初月無料', amount: 550 }], amount: 0 });
    expect(lines['2026/12']).toMatchObject({ unitPrice: 550, discounts: [], amount: 550 });
    expect(monthlyBills([anshin('2026/11/24')], { from: '2026/11', to: '2026/11' })[0]).toMatchObject({
      total: 0,
      taxByRate: [{ rate: 10, totalIncludingTax: 0, tax: 0 }],
    });
  });

  it('bills an upgrade at the new price in the month it is made', () => {
    const upgraded = timeline('2026/05/01', { plans: [{ planId: '232', from: '2026/05/01' }, { planId: '232-2', from: '2026/06/15' }] });
    const lines = linesByMonth(upgraded, '2026/05', '2026/07');
    expect([lines['2026/05']?.planId, lines['2026/05']?.amount]).toEqual(['232', 990]);
    expect([lines['2026/06']?.planId, lines['2026/06']?.planName, lines['2026/06']?.amount]).toEqual(['232-2', 'プレミアム', 1650]);
    expect(lines['2026/07']?.amount).toBe(1650);
  });

  it('bills a downgrade from the month it starts on the 1st of', () => {
    const downgraded = timeline('2026/05/10', { plans: [{ planId: '232-2', from: '2026/05/10' }, { planId: '232-1', from: '2026/07/01' }] });
    expect(amounts(monthlyBills([downgraded], { from: '2026/05', to: '2026/08' }))).toEqual({ '2026/05': 1650, '2026/06': 1650, '2026/07': 550, '2026/08': 550 });
  });

  it('bills the month a contract is cancelled at its end, and not the next', () => {
    const cancelled = timeline('2026/05/10', { endedOn: '2026/11/30' });
    expect(amounts(monthlyBills([cancelled], { from: '2026/10', to: '2027/01' }))).toEqual({ '2026/11': 990, '2026/10': 990 });
  });

  it('bills in full the month a contract is cancelled in the middle of', () => {
    const cancelled = timeline('2026/05/10', { endedOn: '2026/11/10' });
    expect(amounts(monthlyBills([cancelled], { from: '2026/11', to: '2026/12' }))).toEqual({ '2026/11': 990 });
    // Started and ended the same day: one day of use is a month billed.
    expect(amounts(monthlyBills([timeline('2026/11/24', { endedOn: '2026/11/24' })], { from: '2026/11', to: '2026/12' }))).toEqual({ '2026/11': 990 });
  });

  it('does not bill a month suspended from its first to its last day, and bills the months it is partly used', () => {
    // Suspended on 20 August, resumed on 5 October: September has no day of use.
    const suspended = timeline('2026/05/10', { suspensions: [{ from: '2026/08/20', until: '2026/10/05' }] });
    expect(amounts(monthlyBills([suspended], { from: '2026/08', to: '2026/11' }))).toEqual({ '2026/11': 990, '2026/10': 990, '2026/08': 990 });
  });

  it('takes the day of resumption as a day of use and the 1st as one too', () => {
    const resumedOnTheLastDay = timeline('2026/05/10', { suspensions: [{ from: '2026/09/01', until: '2026/09/30' }] });
    expect(amounts(monthlyBills([resumedOnTheLastDay], { from: '2026/09', to: '2026/09' }))).toEqual({ '2026/09': 990 });
    const resumedOnTheNextFirst = timeline('2026/05/10', { suspensions: [{ from: '2026/09/01', until: '2026/10/01' }] });
    expect(amounts(monthlyBills([resumedOnTheNextFirst], { from: '2026/09', to: '2026/10' }))).toEqual({ '2026/10': 990 });
    // Suspended and resumed the same day: no day is suspended.
    const sameDay = timeline('2026/05/10', { endedOn: '2026/09/30', suspensions: [{ from: '2026/09/30', until: '2026/09/30' }] });
    expect(amounts(monthlyBills([sameDay], { from: '2026/09', to: '2026/09' }))).toEqual({ '2026/09': 990 });
    const suspendedOnTheSecond = timeline('2026/05/10', { suspensions: [{ from: '2026/09/02', until: null }] });
    expect(amounts(monthlyBills([suspendedOnTheSecond], { from: '2026/09', to: '2026/12' }))).toEqual({ '2026/09': 990 });
  });

  it('bills nothing while a suspension runs, and bills again from the month of resumption', () => {
    const still = timeline('2026/05/10', { suspensions: [{ from: '2026/07/15', until: null }] });
    expect(Object.keys(amounts(monthlyBills([still], { from: '2026/06', to: '2026/12' })))).toEqual(['2026/07', '2026/06']);
    const twice = timeline('2026/05/10', {
      suspensions: [
        { from: '2026/06/01', until: '2026/06/20' },
        { from: '2026/06/20', until: '2026/08/03' },
      ],
    });
    expect(Object.keys(amounts(monthlyBills([twice], { from: '2026/05', to: '2026/08' })))).toEqual(['2026/08', '2026/05']);
  });

  it('takes half the price off for the three months of a half-price coupon, the month of use the first', () => {
    const coupon = { couponCode: 'BASKET3M', couponName: 'バスケットLIVE 3か月半額', usedOn: '2026/11/24', benefitMonths: 3, discountPercent: 50 };
    const lines = linesByMonth(timeline('2026/11/24', { coupons: [coupon] }), '2026/11', '2027/03');
    expect(Object.fromEntries(Object.entries(lines).map(([month, line]) => [month, [line?.discounts, line?.amount]]))).toEqual({
      '2026/11': [[{ label: 'バスケットLIVE 3か月半額', amount: 495 }], 495],
      '2026/12': [[{ label: 'バスケットLIVE 3か月半額', amount: 495 }], 495],
      '2027/01': [[{ label: 'バスケットLIVE 3か月半額', amount: 495 }], 495],
      '2027/02': [[], 990],
      '2027/03': [[], 990],
    });
  });

  it('makes a month free with a one-month coupon of 100%', () => {
    const coupon = { couponCode: 'BASKET1M', couponName: 'バスケットLIVE 初月0円', usedOn: '2026/11/24', benefitMonths: 1, discountPercent: 100 };
    expect(amounts(monthlyBills([timeline('2026/11/24', { coupons: [coupon] })], { from: '2026/11', to: '2026/12' }))).toEqual({ '2026/12': 990, '2026/11': 0 });
  });

  it('rounds a coupon discount down to the yen', () => {
    const coupon = { couponCode: 'THIRD', couponName: '33%引き', usedOn: '2026/11/24', benefitMonths: 1, discountPercent: 33 };
    // 990 * 33% = 326.7
    expect(linesByMonth(timeline('2026/11/24', { coupons: [coupon] }), '2026/11', '2026/11')['2026/11']).toMatchObject({
      discounts: [{ label: '33%引き', amount: 326 }],
      amount: 664,
    });
  });

  it('never takes a line below 0 when the first month is free and a coupon runs too', () => {
    const coupon = { couponCode: 'ANSHIN2026', couponName: 'あんしんデータボックス 2か月半額', usedOn: '2026/11/24', benefitMonths: 2, discountPercent: 50 };
    const lines = linesByMonth(anshin('2026/11/24', { coupons: [coupon] }), '2026/11', '2027/01');
    expect(lines['2026/11']).toMatchObject({
      discounts: [
        { label: '初月無料', amount: 550 },
        { label: 'あんしんデータボックス 2か月半額', amount: 0 },
      ],
      amount: 0,
    });
    expect(lines['2026/12']).toMatchObject({ discounts: [{ label: 'あんしんデータボックス 2か月半額', amount: 275 }], amount: 275 });
    expect(lines['2027/01']).toMatchObject({ discounts: [], amount: 550 });
    const stacked = timeline('2026/11/24', {
      coupons: [
        { couponCode: 'A', couponName: '70%引き', usedOn: '2026/11/24', benefitMonths: 1, discountPercent: 70 },
        { couponCode: 'B', couponName: '50%引き', usedOn: '2026/11/25', benefitMonths: 1, discountPercent: 50 },
      ],
    });
    expect(linesByMonth(stacked, '2026/11', '2026/11')['2026/11']).toMatchObject({
      discounts: [
        { label: '70%引き', amount: 693 },
        { label: '50%引き', amount: 297 },
      ],
      amount: 0,
    });
  });

  it('shows the payment method in effect on the last day of use of the month', () => {
    const changed = timeline('2026/05/10', { payments: [{ ...mobileBill, from: '2026/05/10' }, { method: '02', cardLast4: '4242', from: '2026/06/15' }] });
    const lines = linesByMonth(changed, '2026/05', '2026/06');
    expect(lines['2026/05']?.payment).toEqual({ method: '01', cardLast4: null });
    expect(lines['2026/06']?.payment).toEqual({ method: '02', cardLast4: '4242' });
    // Cancelled on 10 June: the card from 15 June never paid for a day of use.
    const cancelledFirst = { ...changed, endedOn: '2026/06/10' };
    expect(linesByMonth(cancelledFirst, '2026/06', '2026/06')['2026/06']?.payment).toEqual({ method: '01', cardLast4: null });
    // Suspended from 20 June: the last day of use is 19 June, not the month's last day.
    const suspendedFirst = timeline('2026/05/10', {
      suspensions: [{ from: '2026/06/20', until: null }],
      payments: [{ ...mobileBill, from: '2026/05/10' }, { method: '02', cardLast4: '1111', from: '2026/06/25' }],
      plans: [{ planId: '232', from: '2026/05/10' }, { planId: '232-3', from: '2026/06/25' }],
    });
    expect(linesByMonth(suspendedFirst, '2026/06', '2026/06')['2026/06']).toMatchObject({ planId: '232', payment: { method: '01', cardLast4: null } });
  });

  it('puts one customer’s lines of a month in one bill by service, then contract start, newest month first', () => {
    const contracts: ContractTimeline[] = [
      timeline('2026/09/01', { contractId: 'late-basket', plans: [{ planId: '232-4', from: '2026/09/01' }] }),
      anshin('2026/03/03', { contractId: 'anshin' }),
      timeline('2026/08/10', { contractId: 'early-basket', endedOn: '2026/10/31' }),
      timeline('2026/07/01', { contractId: 'support', serviceId: '237', plans: [{ planId: '239', from: '2026/07/01' }] }),
    ];
    const bills = monthlyBills(contracts, { from: '2026/06', to: '2026/11' });
    expect(bills.map((bill) => [bill.month, bill.lines.map((line) => line.contractId)])).toEqual([
      ['2026/11', ['anshin', 'late-basket', 'support']],
      ['2026/10', ['anshin', 'early-basket', 'late-basket', 'support']],
      ['2026/09', ['anshin', 'early-basket', 'late-basket', 'support']],
      ['2026/08', ['anshin', 'early-basket', 'support']],
      ['2026/07', ['anshin', 'support']],
      ['2026/06', ['anshin']],
    ]);
    // 550 + 990 + 330 + 1100
    expect(bills[1]).toMatchObject({ total: 2970, taxByRate: [{ rate: 10, totalIncludingTax: 2970, tax: 270 }] });
  });

  it('leaves out the months without a line, and gives no bill at all without a contract', () => {
    const gap = timeline('2026/01/15', { suspensions: [{ from: '2026/02/01', until: '2026/05/01' }], endedOn: '2026/06/30' });
    expect(monthlyBills([gap], { from: '2025/12', to: '2026/08' }).map((bill) => bill.month)).toEqual(['2026/06', '2026/05', '2026/01']);
    expect(monthlyBills([], { from: '2026/01', to: '2026/12' })).toEqual([]);
  });

  it('rejects a range that is not two months in order', () => {
    for (const range of [
      { from: '2026/13', to: '2026/12' },
      { from: '2026/01', to: '2026-12' },
      { from: '2026/1', to: '2026/12' },
      { from: '2026/01/01', to: '2026/12' },
      { from: '2026/12', to: '2026/01' },
    ]) {
      expect(() => monthlyBills([], range), JSON.stringify(range)).toThrow(RangeError);
    }
  });

  it('rejects a timeline that would give a wrong bill without a sign of it', () => {
    const start = '2026/05/10';
    const bad: [string, ContractTimeline, RegExp][] = [
      ['plan of another service', timeline(start, { plans: [{ planId: '225', from: start }] }), /plan 225 is not a plan of service 231/],
      ['plans not ascending', timeline(start, { plans: [{ planId: '232', from: start }, { planId: '232-2', from: '2026/07/01' }, { planId: '232-1', from: '2026/06/01' }] }), /not ascending/],
      ['two plans from one day', timeline(start, { plans: [{ planId: '232', from: start }, { planId: '232-2', from: start }] }), /not ascending/],
      ['first plan not from the start', timeline(start, { plans: [{ planId: '232', from: '2026/05/11' }] }), /first plan/],
      ['no plan', timeline(start, { plans: [] }), /first plan/],
      ['not a calendar day', timeline('2026/02/30'), /startedOn is not a calendar day/],
      ['ends before it starts', timeline(start, { endedOn: '2026/05/09' }), /ends .* before it starts/],
      ['resumed before suspended', timeline(start, { suspensions: [{ from: '2026/06/10', until: '2026/06/09' }] }), /suspensions\[0\]/],
      ['no payment from the start', timeline(start, { payments: [{ ...mobileBill, from: '2026/05/11' }] }), /no payment method/],
      ['card without its digits', timeline(start, { payments: [{ method: '02', cardLast4: null, from: start }] }), /payments\[0\]/],
      ['coupon on a service without coupons', timeline(start, {
        serviceId: '237',
        plans: [{ planId: '238', from: start }],
        coupons: [{ couponCode: 'X', couponName: 'X', usedOn: start, benefitMonths: 1, discountPercent: 10 }],
      }), /takes no coupons/],
      ['over 100%', timeline(start, { coupons: [{ couponCode: 'X', couponName: 'X', usedOn: start, benefitMonths: 1, discountPercent: 150 }] }), /discountPercent/],
      ['no benefit month', timeline(start, { coupons: [{ couponCode: 'X', couponName: 'X', usedOn: start, benefitMonths: 0, discountPercent: 50 }] }), /benefitMonths/],
    ];
    for (const [name, contract, message] of bad) {
      expect(() => monthlyBills([contract], { from: '2026/05', to: '2026/12' }), name).toThrow(RangeError);
      expect(() => monthlyBills([contract], { from: '2026/05', to: '2026/12' }), name).toThrow(message);
    }
    expect(() => monthlyBills([timeline(start), timeline(start)], { from: '2026/05', to: '2026/12' })).toThrow(/given twice/);
  });

  it('sends a card line only with the card’s last four digits', () => {
    const line = linesByMonth(timeline('2026/05/10'), '2026/05', '2026/05')['2026/05'];
    expect(BillLineSchema.safeParse({ ...line, payment: { method: '02', cardLast4: null } }).success).toBe(false);
    expect(BillLineSchema.safeParse({ ...line, payment: { method: '01', cardLast4: '4242' } }).success).toBe(false);
    expect(BillLineSchema.safeParse({ ...line, payment: { method: '02', cardLast4: '4242' } }).success).toBe(true);
  });
});

describe('monthlyBills on any timelines', () => {
  const origin = Date.UTC(2025, 0, 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  const dayAt = (offset: number) => {
    const date = new Date(origin + offset * 86_400_000);
    return `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
  };
  const range = { from: '2024/12', to: '2027/08' };

  const couponArb = fc.record({ usedOn: fc.integer({ min: 0, max: 90 }), benefitMonths: fc.integer({ min: 1, max: 6 }), discountPercent: fc.integer({ min: 0, max: 100 }) });
  const timelineArb = fc.constantFrom('223', '231', '237').chain((serviceId) =>
    fc
      .record({
        start: fc.integer({ min: 0, max: 700 }),
        length: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        planChanges: fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 3 }),
        planIds: fc.array(fc.constantFrom(...PriceList[serviceId].plans.map((plan) => plan.planId)), { minLength: 4, maxLength: 4 }),
        suspensions: fc.array(fc.record({ from: fc.integer({ min: -20, max: 500 }), length: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }) }), { maxLength: 3 }),
        paymentChanges: fc.uniqueArray(fc.integer({ min: 1, max: 400 }), { maxLength: 2 }),
        cards: fc.array(fc.option(fc.constantFrom('4242', '1111'), { nil: null }), { minLength: 3, maxLength: 3 }),
        coupons: fc.array(couponArb, { maxLength: PriceList[serviceId].coupons ? 3 : 0 }),
      })
      .map((drawn): Omit<ContractTimeline, 'contractId'> => ({
        serviceId,
        startedOn: dayAt(drawn.start),
        endedOn: drawn.length === null ? null : dayAt(drawn.start + drawn.length),
        plans: [0, ...drawn.planChanges.toSorted((a, b) => a - b)].map((offset, index) => ({ planId: drawn.planIds[index] ?? '', from: dayAt(drawn.start + offset) })),
        suspensions: drawn.suspensions.map(({ from, length }) => ({
          from: dayAt(drawn.start + from),
          until: length === null ? null : dayAt(drawn.start + from + length),
        })),
        payments: [0, ...drawn.paymentChanges.toSorted((a, b) => a - b)].map((offset, index) => {
          const card = drawn.cards[index] ?? null;
          return { method: card === null ? '01' : '02', cardLast4: card, from: dayAt(drawn.start + offset) };
        }),
        coupons: drawn.coupons.map((coupon, index) => ({ couponCode: `C${index}`, couponName: `クーポン${index}`, ...coupon, usedOn: dayAt(drawn.start + coupon.usedOn) })),
      })),
  );
  const customerArb = fc.array(timelineArb, { maxLength: 4 }).map((drawn) => drawn.map((contract, index): ContractTimeline => ({ ...contract, contractId: `K${index}` })));

  const isDayOfUse = (contract: ContractTimeline, day: string) =>
    contract.startedOn <= day &&
    (contract.endedOn === null || day <= contract.endedOn) &&
    !contract.suspensions.some((suspension) => suspension.from <= day && (suspension.until === null || day < suspension.until));
  const daysOf = (month: string) =>
    Array.from({ length: Number(lastDayOfMonth(month).slice(8)) }, (_, index) => `${month}/${pad(index + 1)}`);

  test.prop([customerArb])('each line is between 0 and its unit price, and a bill totals its lines', (contracts) => {
    const bills = monthlyBills(contracts, range);
    expect(z.array(MonthlyBillSchema).parse(bills)).toEqual(bills);
    for (const bill of bills) {
      for (const line of bill.lines) {
        expect(line.amount).toBeGreaterThanOrEqual(0);
        expect(line.amount).toBeLessThanOrEqual(line.unitPrice);
        expect(line.amount).toBe(line.unitPrice - line.discounts.reduce((sum, discount) => sum + discount.amount, 0));
      }
      const total = bill.lines.reduce((sum, line) => sum + line.amount, 0);
      expect(bill.total).toBe(total);
      expect(bill.taxByRate).toEqual([{ rate: 10, totalIncludingTax: total, tax: Math.floor(total / 11) }]);
    }
    const months = bills.map((bill) => bill.month);
    expect(months).toEqual(months.toSorted().reverse());
    expect(new Set(months).size).toBe(months.length);
  });

  test.prop([customerArb])('bills a contract for a month exactly when a day of it is a day of use, at the plan of the last such day', (contracts) => {
    const bills = new Map(monthlyBills(contracts, range).map((bill) => [bill.month, bill]));
    for (const month of monthsBetween(range.from, range.to)) {
      for (const contract of contracts) {
        const lastDayOfUse = daysOf(month).findLast((day) => isDayOfUse(contract, day));
        const line = bills.get(month)?.lines.find((candidate) => candidate.contractId === contract.contractId);
        expect(line === undefined, `${contract.contractId} ${month}`).toBe(lastDayOfUse === undefined);
        if (line === undefined || lastDayOfUse === undefined) continue;
        expect(line.planId).toBe(contract.plans.findLast((plan) => plan.from <= lastDayOfUse)?.planId);
      }
    }
  });
});
