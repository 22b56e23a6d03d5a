import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { firstOfNextMonth, offeredPlanIds, planChangeQuote, type QuotablePlan } from '../../../contracts/services/plan-change';

const plan = (planId: string, monthlyPrice: number): QuotablePlan => ({ planId, monthlyPrice });
const standard = plan('232', 990);
const light = plan('232-1', 550);
const premium = plan('232-2', 1650);

const pad = (value: number) => String(value).padStart(2, '0');
const toDay = (date: Date) => `${date.getUTCFullYear()}/${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}`;
const dayArb = fc
  .date({ min: new Date(Date.UTC(2000, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true })
  .map(toDay);
const planArb = fc.record({ planId: fc.string({ minLength: 1, maxLength: 6 }), monthlyPrice: fc.integer({ min: 0, max: 100_000 }) });
const parse = (day: string) => {
  const [y, m, d] = day.split('/').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

describe('planChangeQuote', () => {
  it('takes an upgrade effect on the business date, with the signed difference', () => {
    expect(planChangeQuote(standard, premium, '2026/11/24')).toEqual({
      current: standard,
      next: premium,
      direction: 'up',
      monthlyDifference: 660,
      effectiveDate: '2026/11/24',
    });
  });

  it('takes a downgrade effect on the 1st of next month, across the year end', () => {
    expect(planChangeQuote(standard, light, '2026/11/24')).toMatchObject({ direction: 'down', monthlyDifference: -440, effectiveDate: '2026/12/01' });
    expect(planChangeQuote(premium, light, '2026/12/31')).toMatchObject({ direction: 'down', effectiveDate: '2027/01/01' });
    expect(planChangeQuote(premium, light, '2026/12/01')).toMatchObject({ effectiveDate: '2027/01/01' });
  });

  it('quotes the current plan again as "same", at once and at no difference', () => {
    expect(planChangeQuote(light, light, '2028/02/29')).toMatchObject({ direction: 'same', monthlyDifference: 0, effectiveDate: '2028/02/29' });
  });

  it('rejects a business date that is not a yyyy/mm/dd calendar day', () => {
    for (const bad of ['2026-11-24', '2026/11/24 10:00:00', '2026/02/30', '2027/02/29', '2026/13/01', '2026/00/10', '']) {
      expect(() => planChangeQuote(standard, premium, bad), bad).toThrow(RangeError);
    }
  });

  test.prop([planArb, planArb, dayArb])('the difference is next minus current and fixes the direction', (current, next, day) => {
    const quote = planChangeQuote(current, next, day);
    expect(quote.monthlyDifference).toBe(next.monthlyPrice - current.monthlyPrice);
    expect(quote.direction).toBe(quote.monthlyDifference > 0 ? 'up' : quote.monthlyDifference < 0 ? 'down' : 'same');
  });

  test.prop([planArb, planArb, dayArb])('changing back is the mirror image: opposite direction, negated difference', (a, b, day) => {
    const there = planChangeQuote(a, b, day);
    const back = planChangeQuote(b, a, day);
    // Summed rather than negated: for equal prices -0 and 0 are the same yen (Object.is tells them apart).
    expect(back.monthlyDifference + there.monthlyDifference).toBe(0);
    expect(back.direction).toBe({ up: 'down', down: 'up', same: 'same' }[there.direction]);
  });

  test.prop([planArb, planArb, dayArb])('only a downgrade waits, and then exactly until the next month begins', (current, next, day) => {
    const quote = planChangeQuote(current, next, day);
    if (quote.direction !== 'down') {
      expect(quote.effectiveDate).toBe(day);
      return;
    }
    const waited = (parse(quote.effectiveDate) - parse(day)) / 86_400_000;
    expect(quote.effectiveDate.endsWith('/01')).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(1);
    expect(waited).toBeLessThanOrEqual(31);
    expect(parse(quote.effectiveDate) - 86_400_000 >= parse(day)).toBe(true);
    // The day before the effective date is still in the business date's month.
    expect(toDay(new Date(parse(quote.effectiveDate) - 86_400_000)).slice(0, 7)).toBe(day.slice(0, 7));
  });
});

describe('firstOfNextMonth', () => {
  test.prop([dayArb])('is always a later 1st in the following calendar month', (day) => {
    const first = firstOfNextMonth(day);
    expect(first).toMatch(/^\d{4}\/\d{2}\/01$/);
    const [y, m] = day.split('/').map(Number) as [number, number];
    expect(first.slice(0, 7)).toBe(m === 12 ? `${y + 1}/01` : `${y}/${pad(m + 1)}`);
  });
});

describe('offeredPlanIds', () => {
  const lineup = ['232', '232-1', '232-2', '232-3', '232-4'];

  it('offers every other plan, never the current one when nothing is pending', () => {
    expect(offeredPlanIds(lineup, '232', null)).toEqual(['232-1', '232-2', '232-3', '232-4']);
  });

  it('offers the current plan back (cancelling the pending change) but not the pending plan again', () => {
    expect(offeredPlanIds(lineup, '232', { planId: '232-1', effectiveDate: '2026/12/01' })).toEqual(['232', '232-2', '232-3', '232-4']);
  });

  test.prop([fc.constantFrom(...lineup), fc.option(fc.constantFrom(...lineup), { nil: null })])(
    'never offers the plan the contract would end up on anyway',
    (current, pendingPlanId) => {
      const pending = pendingPlanId === null || pendingPlanId === current ? null : { planId: pendingPlanId, effectiveDate: '2026/12/01' };
      const offered = offeredPlanIds(lineup, current, pending);
      expect(offered).not.toContain(pending?.planId ?? current);
      expect(offered).toHaveLength(lineup.length - 1);
    },
  );
});
