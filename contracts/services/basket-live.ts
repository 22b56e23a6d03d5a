/**
 * The basket live plans and their tax-included monthly prices (docs/flows/basket-live.md): the
 * one list the machines, the views and the server read. The service-flow kit's service
 * definition grows around it.
 */
import { PlanId } from '../codes';

export const BasketLivePlans = [
  { planId: PlanId.BasketLive, name: 'スタンダード', monthlyPrice: 990, includes: 'B1・B2の全試合をライブ配信と見逃し配信で視聴' },
  { planId: PlanId.BasketLive1, name: 'ライト', monthlyPrice: 550, includes: 'お気に入りの1クラブの全試合をライブ配信で視聴（見逃し配信なし）' },
  { planId: PlanId.BasketLive2, name: 'プレミアム', monthlyPrice: 1650, includes: 'スタンダードの内容＋フルHD高画質・マルチアングル・2台で同時視聴' },
  { planId: PlanId.BasketLive3, name: 'ファミリー', monthlyPrice: 2200, includes: 'プレミアムの内容＋4台で同時視聴' },
  { planId: PlanId.BasketLive4, name: '見逃し配信', monthlyPrice: 330, includes: '試合終了後の見逃し配信のみ' },
] as const;

export type BasketLivePlan = (typeof BasketLivePlans)[number];
export type BasketLivePlanId = BasketLivePlan['planId'];
