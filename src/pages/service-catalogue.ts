/**
 * The optional-service catalogue as customers see it: names, what each is, and the monthly
 * price including tax (総額表示). Prices come from where the flows read them (contracts/), so
 * the catalogue and the application pages cannot disagree.
 */
import { AnshinPrice } from '../../contracts/api/anshin-data-box';
import { ServiceNames } from '../../contracts/api/service-contracts';
import { ServiceId, type ServiceIdValue } from '../../contracts/codes';

export type CatalogueEntry = {
  readonly serviceId: ServiceIdValue;
  readonly name: string;
  readonly summary: string;
  /** Monthly price including consumption tax, in yen; null where no price is offered in the portal. */
  readonly monthlyYenTaxIncluded: number | null;
  readonly priceNote: string;
  /** The service's own page in the portal, when it has one. */
  readonly landingPath: string | null;
};

export const serviceCatalogue: readonly CatalogueEntry[] = [
  {
    serviceId: ServiceId.DataStorage,
    name: ServiceNames[ServiceId.DataStorage],
    summary: '写真・動画・連絡先などのデータを安全に保管し、機種変更や故障のときに復元できるサービスです。',
    monthlyYenTaxIncluded: AnshinPrice.monthlyYenTaxIncluded,
    priceNote: AnshinPrice.firstMonthFree ? 'お申し込み日からご利用いただけます。料金はお申し込みの翌月分から発生します。' : '',
    landingPath: '/AnshinDataBox',
  },
  {
    serviceId: ServiceId.BasketLive,
    name: ServiceNames[ServiceId.BasketLive],
    summary: 'バスケットボールの試合をライブ配信と見逃し配信で楽しめるサービスです。',
    monthlyYenTaxIncluded: null,
    priceNote: 'お申し込み・料金のご案内は、ポータルでの受付開始までお待ちください。',
    landingPath: '/BasketLive',
  },
  {
    serviceId: ServiceId.InStoreSupport,
    name: ServiceNames[ServiceId.InStoreSupport],
    summary: 'ショップでスマートフォンの設定やデータ移行を定額でサポートするサービスです。',
    monthlyYenTaxIncluded: null,
    priceNote: 'お申し込みはショップで承ります。',
    landingPath: null,
  },
];

const yen = new Intl.NumberFormat('ja-JP');

/** "550円(税込)": a tax-inclusive price in the form Japanese price display rules accept. */
export function formatTaxIncludedYen(amount: number): string {
  return `${yen.format(amount)}円(税込)`;
}
