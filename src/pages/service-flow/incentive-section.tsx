/**
 * The incentive on a service's Service/Detail page (spec section 2's "fetching an incentive",
 * ADR 0091): the coupon benefits of this service that run now, with their last day. The
 * navigation rules start the fetch without waiting for it; the page paints without it and shows
 * the section when (and if) it arrives. A failed fetch shows nothing: the page does not need it.
 */
import { useQuery } from '@tanstack/react-query';
import type { ServiceIdValue } from '../../../contracts/codes';
import { activeCouponsQueryOptions } from '../../api/queries/active-coupons.query';
import { formatDate } from './service-copy';

export function IncentiveSection({ serviceId }: { readonly serviceId: ServiceIdValue }) {
  const { data } = useQuery(activeCouponsQueryOptions());
  const coupons = data?.coupons.filter((coupon) => coupon.serviceId === serviceId) ?? [];
  if (coupons.length === 0) return null;
  return (
    <section className="card incentive" aria-labelledby="detail-incentive">
      <h2 id="detail-incentive">適用中の特典</h2>
      <ul>
        {coupons.map((coupon) => (
          <li key={`${coupon.couponCd}-${coupon.appliedAt}`}>
            {coupon.couponName}（{formatDate(coupon.benefitEndsAt)}まで）
          </li>
        ))}
      </ul>
    </section>
  );
}
