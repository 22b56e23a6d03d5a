/** GET coupon/active: the customer's coupon benefits running now (the incentive, ADR 0091). */
import { couponActiveEndpoint } from '../../../contracts/api/coupon';
import { queryOptionsFor } from '../query-options';

export const activeCouponsQueryOptions = () => queryOptionsFor(couponActiveEndpoint, {});
