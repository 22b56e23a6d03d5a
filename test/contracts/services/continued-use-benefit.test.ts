import { describe, expect, it } from 'vitest';
import { addMonths, benefitPoints, continuedUseBenefit, previousDay } from '../../../contracts/services/continued-use-benefit';

describe('calendar arithmetic of the benefit', () => {
  it('adds months keeping the day, or the month’s last day when it is shorter', () => {
    expect(addMonths('2025/02/01', 6)).toBe('2025/08/01');
    expect(addMonths('2025/08/31', 6)).toBe('2026/02/28');
    expect(addMonths('2027/08/31', 6)).toBe('2028/02/29');
    expect(addMonths('2025/11/15', 2)).toBe('2026/01/15');
  });

  it('steps back one day across months and years', () => {
    expect(previousDay('2027/02/01')).toBe('2027/01/31');
    expect(previousDay('2026/01/01')).toBe('2025/12/31');
    expect(previousDay('2028/03/01')).toBe('2028/02/29');
  });

  it('gives 1,000 points for each full year and 500 for each half year between', () => {
    expect([6, 12, 18, 24, 30].map(benefitPoints)).toEqual([500, 1000, 500, 1000, 500]);
  });
});

describe('continuedUseBenefit', () => {
  it('grants every 6 months of use up to the business date, newest first, and heads for the next', () => {
    const benefit = continuedUseBenefit({ startedOn: '2025/02/01', lastDayOfUse: null, today: '2026/11/25' });
    expect(benefit.grants).toEqual([
      { milestoneMonths: 18, grantedOn: '2026/08/01', points: 500 },
      { milestoneMonths: 12, grantedOn: '2026/02/01', points: 1000 },
      { milestoneMonths: 6, grantedOn: '2025/08/01', points: 500 },
    ]);
    expect(benefit.totalPoints).toBe(2000);
    expect(benefit.monthsOfUse).toBe(21);
    expect(benefit.next).toEqual({ milestoneMonths: 24, grantedOn: '2027/02/01', points: 1000, periodEndsOn: '2027/01/31' });
    expect(benefit.asOf).toBe('2026/11/25');
  });

  it('grants on the day the period is complete, not the day before', () => {
    expect(continuedUseBenefit({ startedOn: '2026/05/20', lastDayOfUse: null, today: '2026/11/19' }).grants).toEqual([]);
    expect(continuedUseBenefit({ startedOn: '2026/05/20', lastDayOfUse: null, today: '2026/11/20' }).grants).toEqual([
      { milestoneMonths: 6, grantedOn: '2026/11/20', points: 500 },
    ]);
  });

  it('keeps the grant of a period used to its last day, and loses one cut short', () => {
    // A withdrawal that takes effect on the reckoning date (the period's last day).
    const kept = continuedUseBenefit({ startedOn: '2026/07/01', lastDayOfUse: '2026/12/31', today: '2026/11/25' });
    expect(kept.next).toEqual({ milestoneMonths: 6, grantedOn: '2027/01/01', points: 500, periodEndsOn: '2026/12/31' });
    // A month-end withdrawal a month before.
    const lost = continuedUseBenefit({ startedOn: '2026/07/01', lastDayOfUse: '2026/11/30', today: '2026/11/25' });
    expect(lost.next).toBeNull();
    expect(lost.grants).toEqual([]);
  });

  it('stops counting at the last day of an ended contract', () => {
    const ended = continuedUseBenefit({ startedOn: '2024/04/01', lastDayOfUse: '2025/03/15', today: '2026/11/25' });
    expect(ended.grants.map((grant) => grant.milestoneMonths)).toEqual([6]);
    expect(ended.monthsOfUse).toBe(11);
    expect(ended.next).toBeNull();
  });
});
