/**
 * The optional-service catalogue as customers see it: names, what each is, and the monthly
 * price including tax (総額表示). Prices come from where the flows read them (contracts/), so
 * the catalogue and the application pages cannot disagree.
 */
import { ServiceNames } from '../../contracts/api/service-contracts';
import { ServiceId, type ServiceIdValue } from '../../contracts/codes';
import { AnshinDataBox } from '../../contracts/services/anshin-data-box';
import { BasketLive } from '../../contracts/services/basket-live';
import { InStoreSupport } from '../../contracts/services/in-store-support';
import type { ServiceDefinition } from '../../contracts/services/service-definition';
import { formatTaxIncludedYen } from '../../contracts/text/yen';

export type CatalogueEntry = {
  readonly serviceId: ServiceIdValue;
  readonly name: string;
  readonly summary: string;
  /** The monthly price including consumption tax ("月額 550円(税込)", "月額 330円(税込)〜"); null where the portal offers none. */
  readonly priceLabel: string | null;
  readonly priceNote: string;
  /** The service's own page in the portal, when it has one. */
  readonly landingPath: string | null;
};

/** "月額 550円(税込)" for one plan; the lowest price and "〜" when the service has several. */
function priceLabelOf(service: ServiceDefinition): string {
  const prices = service.plans.map((plan) => plan.monthlyPrice);
  const lowest = Math.min(...prices);
  return prices.length === 1 ? `月額 ${formatTaxIncludedYen(lowest)}` : `月額 ${formatTaxIncludedYen(lowest)}〜`;
}

export const serviceCatalogue: readonly CatalogueEntry[] = [
  {
    serviceId: ServiceId.DataStorage,
    name: ServiceNames[ServiceId.DataStorage],
    summary: '写真・動画・連絡先などのデータを安全に保管し、機種変更や故障のときに復元できるサービスです。',
    priceLabel: priceLabelOf(AnshinDataBox),
    priceNote: AnshinDataBox.firstMonthFree ? 'お申し込み日からご利用いただけます。料金はお申し込みの翌月分から発生します。' : '',
    landingPath: '/AnshinDataBox',
  },
  {
    serviceId: ServiceId.BasketLive,
    name: ServiceNames[ServiceId.BasketLive],
    summary: 'バスケットボールの試合をライブ配信と見逃し配信で楽しめるサービスです。',
    priceLabel: priceLabelOf(BasketLive),
    priceNote: `${BasketLive.plans.length}つのプランからお選びいただけます。お申し込み日からご利用いただけ、お申し込み月から料金が発生します。`,
    landingPath: '/BasketLive',
  },
  {
    serviceId: ServiceId.InStoreSupport,
    name: ServiceNames[ServiceId.InStoreSupport],
    summary: 'ショップでスマートフォンの設定やデータ移行を定額でサポートするサービスです。',
    priceLabel: priceLabelOf(InStoreSupport),
    priceNote: `${InStoreSupport.plans.length}つのプランがあります。お申し込みはショップで承ります。`,
    landingPath: null,
  },
];
