import { AnshinPrice } from '../../../contracts/api/anshin-data-box';
import { formatTaxIncludedYen } from '../service-catalogue';

/** The service terms shown in full before consent (short enough not to need a scroll box). */
export function TermsText() {
  return (
    <div className="terms" role="region" aria-label="あんしんデータボックス ご利用規約">
      <h3>あんしんデータボックス ご利用規約（抜粋）</h3>
      <ol>
        <li>本サービスは、お客さまの携帯電話回線のご契約に付随する有料のオプションサービスです。</li>
        <li>月額料金は{formatTaxIncludedYen(AnshinPrice.monthlyYenTaxIncluded)}です。お申し込み月は無料で、翌月分からご利用料金が発生します。日割りはしません。</li>
        <li>お支払いは、携帯電話料金とまとめて支払うか、クレジットカードでのお支払いからお選びいただけます。</li>
        <li>携帯電話回線を解約したときは、本サービスも同時に解約となります。</li>
        <li>お支払いの確認が取れない場合、本サービスのご利用を停止することがあります。停止中もデータは保管し、利用再開のお手続きでご利用を再開できます。</li>
        <li>本サービスを解約すると、保存したデータは削除され、復元できません。</li>
        <li>解約はいつでもこのポータルからお手続きいただけます。解約金はかかりません。</li>
        <li>システムの保守のため、あらかじめお知らせしたうえでサービスを一時停止することがあります。</li>
      </ol>
    </div>
  );
}
