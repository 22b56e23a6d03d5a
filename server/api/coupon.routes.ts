/** Coupons: judging a code on the apply page, the customer's coupon results (new and history) and the coupons in effect (active). */
import type { FastifyInstance } from 'fastify';
import { endpoints } from '../../contracts/endpoints';
import { findCustomer } from '../contracts/contract-repository';
import { NEW_RESULT_DAYS, activeCoupons, couponResults, judgeCoupon } from '../coupons/coupon-repository';
import { registerEndpoint, sessionOf } from './register-endpoint';

export function registerCouponRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.judgeCoupon, async (context) => {
    const session = sessionOf(context);
    return judgeCoupon(context.db, {
      sbSystemId: session.sbSystemId,
      couponCd: context.params.couponCd,
      serviceId: context.query.contentsServiceId,
    });
  });

  registerEndpoint(app, endpoints.getCouponResultNew, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    const since = new Date(Date.now() - NEW_RESULT_DAYS * 24 * 60 * 60_000);
    return { coupons: await couponResults(db, params.sbSystemId, { since }) };
  });

  registerEndpoint(app, endpoints.getCouponResultHistory, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    return { coupons: await couponResults(db, params.sbSystemId) };
  });

  registerEndpoint(app, endpoints.getActiveCoupons, async ({ db, params }) => {
    await findCustomer(db, params.sbSystemId);
    return { coupons: await activeCoupons(db, params.sbSystemId) };
  });
}
