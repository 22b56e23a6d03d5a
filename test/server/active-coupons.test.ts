/**
 * GET coupon/active (docs/decisions/0070-active-coupons.md): the coupons whose benefit runs now,
 * from the coupon uses in the database; the benefit counts the month of use as its first month
 * and ends with the contract.
 */
import { describe, expect, it } from 'vitest';
import { ActiveCouponListResponseSchema } from '../../contracts/api/coupon';
import { activeCoupons, benefitEnd } from '../../server/coupons/coupon-repository';
import { endOfJstMonth } from '../../server/time/jst';
import { expectAuthChecks } from './support/auth-matrix';
import { call, registerByMobileRequest, updateRequestBase, verifyContact, type Answer, signedInAppForFile } from './support/anshin-kit';

const kit = signedInAppForFile(['demo02', 'demo03', 'demo15']);
const user = kit.user;

const activeOf = async (id: string) => ActiveCouponListResponseSchema.parse((await call(kit.test, user(id), 'GET', '/coupon/active')).json()).coupons;

async function applyWith(id: string, couponCode: string, planId = '232') {
  await verifyContact(kit.test, kit.origin, user(id));
  const response = await call(kit.test, user(id), 'POST', '/service', {
    payload: { ...registerByMobileRequest, serviceId: '231', planId, couponCode },
    headers: { 'x-request-key': `active-coupon-${id}` },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('benefitEnd', () => {
  it('利用した月を1か月目として、最後の月の末日23:59:59（日本時間）までであること', () => {
    const used = new Date('2026-11-15T10:00:00+09:00');
    expect(benefitEnd(used, 1).toISOString()).toBe(new Date('2026-11-30T23:59:59+09:00').toISOString());
    expect(benefitEnd(used, 3).toISOString()).toBe(new Date('2027-01-31T23:59:59+09:00').toISOString());
    // 31 Dec 23:30 UTC is already 1 Jan in Japan: the benefit month is January.
    expect(benefitEnd(new Date('2026-12-31T23:30:00Z'), 1).toISOString()).toBe(new Date('2027-01-31T23:59:59+09:00').toISOString());
  });
});

describe('GET coupon/active', () => {
  it('申し込みに使ったクーポンが特典期間中として出て、期間が過ぎると出ないこと', async () => {
    expect(await activeOf('demo02')).toEqual([]);
    await applyWith('demo02', 'BASKET3M', '232-2');
    const [active] = await activeOf('demo02');
    expect(active).toMatchObject({ couponCd: 'BASKET3M', serviceId: '231' });
    expect(active?.benefitEndsAt).toBe(benefitEnd(new Date(active?.appliedAt ?? ''), 3).toISOString());
    // After the third month the benefit has run out.
    const afterBenefit = new Date(new Date(active?.benefitEndsAt ?? '').getTime() + 1000);
    expect(await activeCoupons(kit.test.db, user('demo02').sbSystemId, afterBenefit)).toEqual([]);
    expect(await activeCoupons(kit.test.db, user('demo02').sbSystemId, endOfJstMonth(new Date()))).toHaveLength(1);
  });

  it('クーポンを使った契約を解約すると、特典期間中でも出ないこと', async () => {
    await applyWith('demo03', 'BASKET1M');
    expect((await activeOf('demo03')).map((coupon) => coupon.couponCd)).toEqual(['BASKET1M']);
    const withdrawn = await call(kit.test, user('demo03'), 'POST', '/update/contracts', {
      payload: { ...updateRequestBase, serviceId: '231', planId: '232', requestType: '03' },
      headers: { 'x-request-key': 'active-coupon-demo03-withdraw' },
    });
    expect(withdrawn.json<Answer>().status).toBe('withdrawn');
    expect(await activeOf('demo03')).toEqual([]);
  });

  it('セッションとお客さまIDを確認し、別のお客さまのクーポンは返さないこと、不正な問い合わせは400であること', async () => {
    await expectAuthChecks(kit.test, user('demo15'), user('demo02'), (id) => ({ method: 'GET', url: `/api/customer/${id}/coupon/active` }));
    const bad = await call(kit.test, user('demo15'), 'GET', '/coupon/active', { query: 'x=1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<Answer>().errorCode).toBe('A0400');
  });
});
