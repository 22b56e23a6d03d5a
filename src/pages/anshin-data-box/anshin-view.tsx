/**
 * The data storage service as the kit's pages show it: its copy (terms, what it includes, what
 * cancelling costs the customer: the stored data) and the storage used on its contract page.
 */
import { useQuery } from '@tanstack/react-query';
import type { StorageUsageResponse } from '../../../contracts/api/anshin-data-box';
import { RequestType } from '../../../contracts/codes';
import { AnshinDataBox } from '../../../contracts/services/anshin-data-box';
import { storageUsageQueryOptions } from '../../api/queries/storage-usage.query';
import { formatGroupedNumber } from '../../../contracts/text/number-format';
import { formatTaxIncludedYen } from '../../../contracts/text/yen';
import { formatDate } from '../service-flow/service-copy';
import type { ServiceView } from '../service-flow/service-view';
import { BusyLine } from '../service-flow/busy-line';

// Storage is sold in binary gigabytes (50GB = 50 x 1024^3 bytes), as phones show it.
const toGb = (bytes: number) => `${formatGroupedNumber(bytes / 1024 ** 3, 1)}GB`;

function StorageUsage({ usage, failed }: { readonly usage: StorageUsageResponse | undefined; readonly failed: boolean }) {
  if (usage === undefined) {
    return failed ? <p className="note">保存容量を取得できませんでした。時間をおいて、もう一度お試しください。</p> : <BusyLine>保存容量を確認しています。</BusyLine>;
  }
  const percent = Math.min(100, Math.round((usage.usedBytes / usage.capacityBytes) * 100));
  return (
    <>
      <p>
        {toGb(usage.usedBytes)} / {toGb(usage.capacityBytes)} 使用中（{percent}%）
      </p>
      <meter className="usage-meter" min={0} max={usage.capacityBytes} value={usage.usedBytes} aria-label="保存容量の使用率">
        {percent}%
      </meter>
      <p className="note">{formatDate(usage.measuredAt)}時点</p>
    </>
  );
}

function StorageSection() {
  const usage = useQuery(storageUsageQueryOptions());
  return (
    <section className="card" aria-labelledby="adb-usage">
      <h2 id="adb-usage">保存容量</h2>
      <StorageUsage usage={usage.data} failed={usage.isError} />
    </section>
  );
}

const price = formatTaxIncludedYen(AnshinDataBox.plans[0].monthlyPrice);
const dataDeleted = '保存したデータは削除されます。';

const AnshinView: ServiceView = {
  service: AnshinDataBox,
  headline: '写真も連絡先も、まとめて安全に保管',
  features: [
    '写真・動画・連絡先・カレンダーを自動でバックアップ',
    '機種変更や故障・紛失のときに、新しい端末へかんたんに復元',
    '保存したデータはスマートフォンのアプリとパソコンのブラウザから確認',
    '解約はこのポータルからいつでも。解約金はかかりません',
  ],
  terms: [
    '本サービスは、お客さまの携帯電話回線のご契約に付随する有料のオプションサービスです。',
    `月額料金は${price}です。お申し込み月は無料で、翌月分からご利用料金が発生します。日割りはしません。`,
    'お支払いは、携帯電話料金とまとめて支払うか、クレジットカードでのお支払いからお選びいただけます。',
    '携帯電話回線を解約したときは、本サービスも同時に解約となります。',
    'お支払いの確認が取れない場合、本サービスのご利用を停止することがあります。停止中もデータは保管し、利用再開のお手続きでご利用を再開できます。',
    '本サービスを解約すると、保存したデータは削除され、復元できません。',
    '解約はいつでもこのポータルからお手続きいただけます。解約金はかかりません。',
    'システムの保守のため、あらかじめお知らせしたうえでサービスを一時停止することがあります。',
  ],
  howToCancel: [
    'このポータルの「ご契約内容」画面から、いつでも解約のお手続きができます。電話や店頭でのお手続きは不要です。',
    '解約は月末での解約予約、または即時解約からお選びいただけます。解約金はかかりません。',
    '解約すると、保存したデータは削除されます。必要なデータは解約前に端末へ保存してください。',
  ],
  beforeCancel: [
    '解約すると、保存した写真・動画・連絡先などのデータはすべて削除され、元に戻せません。必要なデータは、解約前に端末へ保存してください。',
  ],
  cancelEffects: () => ({ [RequestType.Withdrawal]: dataDeleted }),
  surveyAnswers: ['price', 'unused', 'other-service', 'device-change', 'usability', 'other'],
  firstStep: 'スマートフォンに「あんしんデータボックス」アプリを入れ、このポータルと同じIDでログインしてください。',
  afterCancel: {
    [RequestType.WithdrawalReservationMonthEnd]: ['解約日を過ぎると、保存したデータは削除されます。必要なデータは、それまでに端末へ保存してください。'],
    [RequestType.Withdrawal]: [dataDeleted],
  },
  whatResumes: '保存したデータ',
  DetailSection: StorageSection,
};

export default AnshinView;
