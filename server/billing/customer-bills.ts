/**
 * A customer's monthly bills as of the business date: computed on every read from the contracts
 * (ADR 0073), from the month of the first contract to the business month, which is still open.
 */
import { monthOf } from '../../contracts/billing/billing-month';
import { monthlyBills } from '../../contracts/billing/monthly-bills';
import { type MonthlyBill } from '../../contracts/billing/bill-schemas';
import type { Db } from '../db/client';
import { contractTimelines } from './contract-timelines';

export type CustomerBills = {
  /** The business date ("yyyy/mm/dd") the bills are as of. */
  readonly asOf: string;
  /** The month that has not closed yet: its bill is an estimate. */
  readonly openMonth: string;
  /** Newest first. */
  readonly bills: readonly MonthlyBill[];
};

export async function customerBills(db: Db, sbSystemId: string, now: Date, businessDate: string): Promise<CustomerBills> {
  const timelines = await contractTimelines(db, sbSystemId, now);
  const openMonth = monthOf(businessDate);
  const firstMonth = timelines.map((timeline) => monthOf(timeline.startedOn)).sort()[0];
  const bills = firstMonth === undefined || firstMonth > openMonth ? [] : monthlyBills(timelines, { from: firstMonth, to: openMonth });
  return { asOf: businessDate, openMonth, bills };
}

/** The bill of one month, or undefined when the month has none. */
export function billOf(bills: CustomerBills, month: string): MonthlyBill | undefined {
  return bills.bills.find((bill) => bill.month === month);
}
