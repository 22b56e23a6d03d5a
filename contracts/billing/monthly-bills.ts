/**
 * Monthly bills of the optional paid services, computed from each contract's timeline (its days of
 * use, plans, suspensions, payment methods and coupons) and the price list: whole calendar months,
 * no proration, discounts, then consumption tax once per rate over a set of lines. The server
 * answers them and the client parses them with bill-schemas.ts, so both read the same bill.
 * Days are "yyyy/mm/dd" calendar days in Japan time, months "yyyy/mm"; nothing here reads a clock.
 */
import { isCalendarDay } from '../api/current-date';
import { previousDay } from '../services/continued-use-benefit';
import { addMonths, firstDayOfMonth, isCalendarMonth, lastDayOfMonth, monthOf, monthsBetween } from './billing-month';
import { BillPaymentSchema, type BillDiscount, type BillLine, type MonthlyBill, type TaxByRate, type TaxRate } from './bill-schemas';
import { PriceList, pricedPlan, servicePrices } from './price-list';

export const FirstMonthFreeLabel = '初月無料';

/** One contract as it ran: what the bills are computed from. */
export type ContractTimeline = {
  readonly contractId: string;
  readonly serviceId: '223' | '231' | '237';
  /** The first day of use. */
  readonly startedOn: string;
  /** The last day of use (withdrawal); null while the contract runs. */
  readonly endedOn: string | null;
  /** Ascending by `from`; the first from `startedOn`. */
  readonly plans: readonly { readonly planId: string; readonly from: string }[];
  /** Suspended from `from` (inclusive) until `until` (exclusive, the day of resumption); null = still suspended. */
  readonly suspensions: readonly { readonly from: string; readonly until: string | null }[];
  /** Ascending by `from`; the first in effect on `startedOn`. '01' mobile bill, '02' credit card. */
  readonly payments: readonly { readonly method: '01' | '02'; readonly cardLast4: string | null; readonly from: string }[];
  readonly coupons: readonly {
    readonly couponCode: string;
    readonly couponName: string;
    readonly usedOn: string;
    /** Months of benefit, the month of `usedOn` the first. */
    readonly benefitMonths: number;
    readonly discountPercent: number;
  }[];
};

/** Months to bill, "yyyy/mm", both included. */
export type BillingRange = { readonly from: string; readonly to: string };

/**
 * The consumption tax of a set of lines (a month's bill, one service's invoice): once per rate over
 * the rate's tax-included total, rounded down; an entry only for a rate some line is at.
 */
export function taxByRate(lines: readonly Pick<BillLine, 'amount' | 'taxRate'>[]): TaxByRate[] {
  const totals = new Map<TaxRate, number>();
  for (const line of lines) totals.set(line.taxRate, (totals.get(line.taxRate) ?? 0) + line.amount);
  return [...totals]
    .sort(([a], [b]) => b - a)
    .map(([rate, totalIncludingTax]) => ({
      rate,
      totalIncludingTax,
      // Rule 6: tax computed once per rate over the tax-included total (qualified-invoice rule), rounded down.
      tax: Math.floor((totalIncludingTax * rate) / (100 + rate)),
    }));
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function fail(timeline: ContractTimeline, problem: string): never {
  throw new RangeError(`contract ${timeline.contractId}: ${problem}`);
}

function checkDay(timeline: ContractTimeline, what: string, day: string): void {
  if (!isCalendarDay(day)) fail(timeline, `${what} is not a calendar day (yyyy/mm/dd): ${day}`);
}

function checkAscending(timeline: ContractTimeline, what: string, entries: readonly { readonly from: string }[]): void {
  entries.forEach((entry, index) => {
    checkDay(timeline, `${what}[${index}].from`, entry.from);
    const before = entries[index - 1];
    if (before !== undefined && before.from >= entry.from) fail(timeline, `${what} are not ascending by from: ${before.from} then ${entry.from}`);
  });
}

/** Rejects a timeline that would give a wrong bill without a sign of it. */
function checkTimeline(timeline: ContractTimeline): void {
  if (!Object.hasOwn(PriceList, timeline.serviceId)) fail(timeline, `not a service of the price list: ${String(timeline.serviceId)}`);
  const service = servicePrices(timeline.serviceId);
  checkDay(timeline, 'startedOn', timeline.startedOn);
  if (timeline.endedOn !== null) {
    checkDay(timeline, 'endedOn', timeline.endedOn);
    if (timeline.endedOn < timeline.startedOn) fail(timeline, `ends (${timeline.endedOn}) before it starts (${timeline.startedOn})`);
  }
  checkAscending(timeline, 'plans', timeline.plans);
  if (timeline.plans[0]?.from !== timeline.startedOn) fail(timeline, `the first plan must start on startedOn (${timeline.startedOn})`);
  for (const { planId } of timeline.plans) {
    if (!service.plans.some((plan) => plan.planId === planId)) fail(timeline, `plan ${planId} is not a plan of service ${service.serviceId}`);
  }
  timeline.suspensions.forEach((suspension, index) => {
    checkDay(timeline, `suspensions[${index}].from`, suspension.from);
    if (suspension.until === null) return;
    checkDay(timeline, `suspensions[${index}].until`, suspension.until);
    // Resumed the day it was suspended is a suspension of no day, not an error.
    if (suspension.until < suspension.from) fail(timeline, `suspensions[${index}] is resumed (${suspension.until}) before it begins (${suspension.from})`);
  });
  checkAscending(timeline, 'payments', timeline.payments);
  const firstPayment = timeline.payments[0];
  if (firstPayment === undefined || firstPayment.from > timeline.startedOn) fail(timeline, `no payment method in effect on startedOn (${timeline.startedOn})`);
  timeline.payments.forEach(({ method, cardLast4 }, index) => {
    if (!BillPaymentSchema.safeParse({ method, cardLast4 }).success) {
      fail(timeline, `payments[${index}]: method ${method} with cardLast4 ${cardLast4} (a card needs 4 digits, the mobile bill null)`);
    }
  });
  if (timeline.coupons.length > 0 && !service.coupons) fail(timeline, `service ${service.serviceId} takes no coupons`);
  timeline.coupons.forEach((coupon, index) => {
    checkDay(timeline, `coupons[${index}].usedOn`, coupon.usedOn);
    if (coupon.couponName === '') fail(timeline, `coupons[${index}] has no name`);
    if (!Number.isInteger(coupon.benefitMonths) || coupon.benefitMonths < 1) {
      fail(timeline, `coupons[${index}].benefitMonths is not a whole number of months from 1: ${coupon.benefitMonths}`);
    }
    if (!Number.isInteger(coupon.discountPercent) || coupon.discountPercent < 0 || coupon.discountPercent > 100) {
      fail(timeline, `coupons[${index}].discountPercent is not a whole percent from 0 to 100: ${coupon.discountPercent}`);
    }
  });
}

/** The last day of `month` the contract is in use: started, not yet ended, not suspended; null for none. */
function lastDayOfUseIn(timeline: ContractTimeline, month: string): string | null {
  const monthStart = firstDayOfMonth(month);
  const firstCandidate = timeline.startedOn > monthStart ? timeline.startedOn : monthStart;
  const monthEnd = lastDayOfMonth(month);
  let day = timeline.endedOn !== null && timeline.endedOn < monthEnd ? timeline.endedOn : monthEnd;
  while (day >= firstCandidate) {
    const current = day;
    const suspension = timeline.suspensions.find((candidate) => candidate.from <= current && (candidate.until === null || current < candidate.until));
    if (suspension === undefined) return day;
    day = previousDay(suspension.from);
  }
  return null;
}

/** The entry of an ascending-by-`from` list in effect on `day` (the last one from that day or before). */
function inEffectOn<Entry extends { readonly from: string }>(entries: readonly Entry[], day: string): Entry {
  const entry = entries.findLast((candidate) => candidate.from <= day);
  // checkTimeline made the first entry start on or before the first day of use.
  if (entry === undefined) throw new RangeError(`nothing in effect on ${day}`);
  return entry;
}

function billLine(timeline: ContractTimeline, month: string): BillLine | null {
  // Rule 2: billed when at least one day of the month is a day of use (started, not ended, not suspended).
  const lastDayOfUse = lastDayOfUseIn(timeline, month);
  if (lastDayOfUse === null) return null;
  const service = servicePrices(timeline.serviceId);
  // Rule 3: the plan billed is the plan in effect on the month's last day of use.
  const plan = pricedPlan(timeline.serviceId, inEffectOn(timeline.plans, lastDayOfUse).planId);
  // Rule 4: the payment method is the one in effect on the month's last day of use.
  const { method, cardLast4 } = inEffectOn(timeline.payments, lastDayOfUse);
  const payment = BillPaymentSchema.parse({ method, cardLast4 });
  // Rule 1: the whole month at the plan's monthly price, never prorated by days.
  const unitPrice = plan.monthlyPrice;
  const discounts: BillDiscount[] = [];
  let left = unitPrice;
  // Rule 5a: the month containing startedOn is free for a firstMonthFree service.
  if (service.firstMonthFree && month === monthOf(timeline.startedOn)) {
    discounts.push({ label: FirstMonthFreeLabel, amount: left });
    left = 0;
  }
  for (const coupon of timeline.coupons.toSorted((a, b) => compare(a.usedOn, b.usedOn))) {
    const firstMonth = monthOf(coupon.usedOn);
    // Rule 5b: a coupon covers benefitMonths months from the month of usedOn, that month the first.
    if (month < firstMonth || month >= addMonths(firstMonth, coupon.benefitMonths)) continue;
    // Rule 5b: floor(unitPrice * discountPercent / 100), capped by what is left of the line.
    const amount = Math.min(Math.floor((unitPrice * coupon.discountPercent) / 100), left);
    discounts.push({ label: coupon.couponName, amount });
    left -= amount;
  }
  return {
    contractId: timeline.contractId,
    serviceId: timeline.serviceId,
    serviceName: service.serviceName,
    planId: plan.planId,
    planName: plan.name,
    unitPrice,
    discounts,
    amount: left,
    taxRate: service.taxRate,
    payment,
  };
}

type DatedLine = { readonly line: BillLine; readonly startedOn: string };

function byServiceThenStart(a: DatedLine, b: DatedLine): number {
  return compare(a.line.serviceId, b.line.serviceId) || compare(a.startedOn, b.startedOn) || compare(a.line.contractId, b.line.contractId);
}

/**
 * One customer's bills for the months of `range` (both included), newest month first; a month
 * without a line has no bill. RangeError for a range or a timeline that is not well formed.
 */
export function monthlyBills(timelines: readonly ContractTimeline[], range: BillingRange): MonthlyBill[] {
  for (const end of ['from', 'to'] as const) {
    if (!isCalendarMonth(range[end])) throw new RangeError(`range.${end} is not a month (yyyy/mm): ${range[end]}`);
  }
  if (range.from > range.to) throw new RangeError(`range.from (${range.from}) is after range.to (${range.to})`);
  const seen = new Set<string>();
  for (const timeline of timelines) {
    if (seen.has(timeline.contractId)) throw new RangeError(`contract ${timeline.contractId} is given twice`);
    seen.add(timeline.contractId);
    checkTimeline(timeline);
  }
  return monthsBetween(range.from, range.to)
    .reverse()
    .flatMap((month) => {
      const lines = timelines
        .flatMap((timeline) => {
          const line = billLine(timeline, month);
          return line === null ? [] : [{ line, startedOn: timeline.startedOn } satisfies DatedLine];
        })
        // Rule 7: lines by service id, then contract start.
        .sort(byServiceThenStart)
        .map(({ line }) => line);
      // Rule 7: a month with no line has no bill.
      if (lines.length === 0) return [];
      // Rule 7: total = sum of the line amounts; tax once per rate over all the bill's lines.
      return [{ month, lines, total: lines.reduce((sum, line) => sum + line.amount, 0), taxByRate: taxByRate(lines) }];
    });
}
