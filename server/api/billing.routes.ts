/**
 * Billing history (ADR 0073): the months billed, one month's bill, and a 3G line's month as the
 * legacy system keeps it. Bills are computed on each read from the customer's own contracts; a
 * month without a bill is 404 A0404, and the summary that does not fit the line (a 3G line asking
 * for lines, another asking for the 3G summary) is E0008. The session check refuses another's id.
 */
import type { FastifyInstance } from 'fastify';
import { BillingHistoryPageSize, type LineGeneration } from '../../contracts/api/billing';

import { type BillPayment, type MonthlyBill } from '../../contracts/billing/bill-schemas';
import { endpoints } from '../../contracts/endpoints';
import { ErrorCode } from '../../contracts/error-catalogue';
import { billOf, customerBills } from '../billing/customer-bills';
import { findCustomer } from '../contracts/contract-repository';
import { AppError, notFound } from '../http/app-error';
import { businessDateOf } from '../time/business-date';
import { registerEndpoint } from './register-endpoint';

function distinctPayments(bill: MonthlyBill): BillPayment[] {
  const seen = new Map<string, BillPayment>();
  for (const line of bill.lines) seen.set(`${line.payment.method}:${line.payment.cardLast4 ?? ''}`, line.payment);
  return [...seen.values()];
}

const isLegacy = (lineGeneration: string) => lineGeneration === '3g';

export function registerBillingRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.getBillingHistory, async ({ db, env, params, query }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    const now = new Date();
    const bills = await customerBills(db, params.sbSystemId, now, businessDateOf(env, now));
    const older = query.before === undefined ? bills.bills : bills.bills.filter((bill) => bill.month < query.before!);
    const page = older.slice(0, BillingHistoryPageSize);
    const last = page.at(-1);
    return {
      asOf: bills.asOf,
      lineGeneration: customer.lineGeneration as LineGeneration,
      months: page.map((bill) => ({ month: bill.month, total: bill.total, closed: bill.month < bills.openMonth, payments: distinctPayments(bill) })),
      nextBefore: older.length > page.length && last !== undefined ? last.month : null,
    };
  });

  registerEndpoint(app, endpoints.getBillingSummary, async ({ db, env, params, body }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    if (isLegacy(customer.lineGeneration)) throw new AppError(ErrorCode.StatusForbidsProcedure);
    const now = new Date();
    const bills = await customerBills(db, params.sbSystemId, now, businessDateOf(env, now));
    const bill = billOf(bills, body.month);
    if (bill === undefined) throw notFound();
    return { ...bill, asOf: bills.asOf, closed: bill.month < bills.openMonth };
  });

  registerEndpoint(app, endpoints.getLegacyBillingSummary, async ({ db, env, params, body }) => {
    const customer = await findCustomer(db, params.sbSystemId);
    if (!isLegacy(customer.lineGeneration)) throw new AppError(ErrorCode.StatusForbidsProcedure);
    const now = new Date();
    const bills = await customerBills(db, params.sbSystemId, now, businessDateOf(env, now));
    const bill = billOf(bills, body.month);
    if (bill === undefined) throw notFound();
    return {
      asOf: bills.asOf,
      month: bill.month,
      closed: bill.month < bills.openMonth,
      // The old system keeps one amount per service line, discounts already taken off.
      services: bill.lines.map((line) => ({ serviceId: line.serviceId, serviceName: line.serviceName, amount: line.amount, payment: line.payment })),
      total: bill.total,
      taxByRate: bill.taxByRate,
    };
  });
}
