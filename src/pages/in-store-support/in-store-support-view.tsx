/**
 * The in-store support service as the kit's cancel pages show it: its copy and, for each way of
 * cancelling, what the customer keeps and loses of the continued-use benefit (ADR 0072). It is
 * applied for in a shop, so the application copy below is shown only as the service's terms.
 */
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { RequestType, type RequestTypeValue } from '../../../contracts/codes';
import { InStoreSupport } from '../../../contracts/services/in-store-support';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';
import { formatDate } from '../service-flow/service-copy';
import type { ServiceView } from '../service-flow/service-view';
import { formatPoints, monthEndKeepsNextGrant } from './in-store-copy';

const supportEnds = 'ショップでの設定サポートは受けられなくなります。';
const pointsKept = '付与済みの継続利用特典のポイントは、解約後もそのままお使いいただけます。';

/** What each way of cancelling means for this contract's benefit. */
function cancelEffects(contract: FlowContract): Partial<Record<RequestTypeValue, string>> {
  const next = contract.continuedUseBenefit?.next ?? null;
  if (next === null || contract.continuedUseBenefit === null) return { [RequestType.Withdrawal]: `本日から${supportEnds}` };
  const grant = `${formatDate(next.grantedOn)}に付与予定の継続利用特典（${formatPoints(next.points)}）`;
  return {
    [RequestType.Withdrawal]: `本日から${supportEnds}${grant}は受け取れません。`,
    [RequestType.WithdrawalReservationMonthEnd]: monthEndKeepsNextGrant(contract.continuedUseBenefit)
      ? `${grant}も受け取れます。`
      : `${grant}は受け取れません。`,
    [RequestType.WithdrawalReservationReckoningDate]: `精算日は${formatDate(next.periodEndsOn)}です。${grant}を受け取れます。`,
  };
}

const prices = InStoreSupport.plans.map((plan) => `${plan.name} ${formatTaxIncludedYen(plan.monthlyPrice)}`).join('、');

const InStoreSupportView: ServiceView = {
  service: InStoreSupport,
  headline: 'スマートフォンの設定を、ショップで何度でも相談',
  features: InStoreSupport.plans.map((plan) => `${plan.name}：${plan.includes}`),
  terms: [
    '本サービスは、お客さまの携帯電話回線のご契約に付随する有料のオプションサービスです。お申し込みはショップで承ります。',
    `月額料金（税込）はプランごとに、${prices}です。お申し込み月から料金が発生します。日割りはしません。`,
    'お支払いは、携帯電話料金とまとめてのお支払いです。',
    'ご利用6か月ごとに継続利用特典のポイントを付与します（1年ごとに1,000ポイント、その間の半年ごとに500ポイント）。',
    '解約はいつでもこのポータルからお手続きいただけます。解約金はかかりません。',
  ],
  howToCancel: [
    'このポータルの「ご契約内容」画面から、いつでも解約のお手続きができます。',
    '解約は月末での解約予約、精算日（継続利用特典の算定期間の最終日）での解約予約、または即時解約からお選びいただけます。解約金はかかりません。',
  ],
  beforeCancel: [
    `解約すると、${supportEnds}`,
    '精算日（継続利用特典の算定期間の最終日）での解約予約なら、その期間の継続利用特典を受け取ってから解約できます。',
    pointsKept,
  ],
  cancelEffects,
  firstStep: 'ショップでご来店予約のうえ、設定したいスマートフォンをお持ちください。',
  // A shop service: "not used" and "device change done" are the usual reasons, usability is not.
  surveyAnswers: ['price', 'unused', 'device-change', 'other-service', 'other'],
  afterCancel: {
    [RequestType.WithdrawalReservationMonthEnd]: [`解約日を過ぎると、${supportEnds}`, pointsKept],
    [RequestType.WithdrawalReservationReckoningDate]: [`解約日を過ぎると、${supportEnds}`, '精算日までの期間の継続利用特典は、翌日に付与します。', pointsKept],
    [RequestType.Withdrawal]: [supportEnds, pointsKept],
  },
};

export default InStoreSupportView;
