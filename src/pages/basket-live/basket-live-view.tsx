/**
 * The basket live service as the kit's pages show it: its copy (terms, what each plan includes,
 * what cancelling means: the end of viewing and of a waiting plan change) and, on its contract
 * page, the plan change waiting for its day with the way to change plan.
 */
import type { FlowContract } from '../../../contracts/api/service-contracts';
import { RequestType } from '../../../contracts/codes';
import { BasketLive } from '../../../contracts/services/basket-live';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';
import { planOf } from '../../../contracts/services/service-definition';
import { formatDate } from '../service-flow/service-copy';
import type { ServiceView } from '../service-flow/service-view';

/** A downgrade waiting for its day (request type 20), from the contract the flow loaded. */
function PlanSection({ contract }: { readonly contract: FlowContract }) {
  const pending = contract.pendingPlan;
  if (pending === null) return null;
  return (
    <section className="card" aria-labelledby="bkl-pending-plan">
      <h2 id="bkl-pending-plan">プラン変更のご予約</h2>
      <p>
        {formatDate(pending.effectiveDate)}から「{planOf(BasketLive, pending.planId).name}」に変わります。それまでは「
        {planOf(BasketLive, contract.planId).name}」をご利用いただけます。
      </p>
      <p className="note">ご予約の取り消しは「プラン変更」からできます。</p>
    </section>
  );
}

const prices = BasketLive.plans.map((plan) => `${plan.name} ${formatTaxIncludedYen(plan.monthlyPrice)}`).join('、');
const viewingEnds = 'ライブ配信・見逃し配信とも視聴できなくなります。';

const BasketLiveView: ServiceView = {
  service: BasketLive,
  headline: 'B.LEAGUEの全試合を、ライブでも見逃しでも',
  features: [
    'B1・B2の全試合をライブ配信（プランにより見逃し配信・高画質・同時視聴台数が変わります）',
    'スマートフォン・タブレット・パソコン・テレビ向けアプリで視聴',
    'プランはご契約後も「ご契約内容」からいつでも変更できます',
    '解約はこのポータルからいつでも。解約金はかかりません',
  ],
  terms: [
    '本サービスは、お客さまの携帯電話回線のご契約に付随する有料のオプションサービスです。',
    `月額料金（税込）はプランごとに、${prices}です。お申し込み月から料金が発生します。日割りはしません。`,
    'プランの変更は「ご契約内容」からできます。上位のプランへの変更は手続きの日から、下位のプランへの変更は翌月1日から適用します。',
    'お支払いは、携帯電話料金とまとめて支払うか、クレジットカードでのお支払いからお選びいただけます。',
    '配信する試合・画質・同時に視聴できる台数はプランにより異なります。通信料は別途かかります。',
    '試合の中止・放映権の事情により、配信しない試合があります。この場合の料金の減額はありません。',
    '携帯電話回線を解約したときは、本サービスも同時に解約となります。',
    '解約はいつでもこのポータルからお手続きいただけます。解約金はかかりません。',
  ],
  howToCancel: [
    'このポータルの「ご契約内容」画面から、いつでも解約のお手続きができます。電話や店頭でのお手続きは不要です。',
    '解約は月末での解約予約、または即時解約からお選びいただけます。解約金はかかりません。',
    `解約すると、${viewingEnds}`,
  ],
  beforeCancel: [
    `解約すると、${viewingEnds}お気に入りクラブなどのアプリの設定は残ります。`,
    'プラン変更のご予約がある場合、解約のお手続きで取り消されます。',
  ],
  cancelEffects: () => ({ [RequestType.Withdrawal]: `本日から${viewingEnds}` }),
  // A streaming service has nothing to do with a change of phone.
  surveyAnswers: ['price', 'unused', 'other-service', 'usability', 'other'],
  firstStep: 'バスケットLIVEのアプリをダウンロードし、このポータルと同じIDでログインしてください。',
  afterCancel: {
    [RequestType.WithdrawalReservationMonthEnd]: [`解約日を過ぎると、${viewingEnds}`],
    [RequestType.Withdrawal]: [viewingEnds],
  },
  DetailSection: PlanSection,
};

export default BasketLiveView;
