/**
 * The service catalogue (spec section 3): every optional service the portal sells, each entry
 * all the data the portal keeps about it. The spec's ids, number and plans; the plan lineup
 * and tax-included prices (our decisions: ADR 0069, 0072, docs/flows/anshin-data-box.md); the procedures the service
 * offers; where its pages live and what its flows are called; the settings the service-flow
 * kit reads; the catalogue's one-line summary.
 *
 * Adding a service is one entry here, its rows in machines/page-table.ts and one line in
 * machines/registry.ts, plus the service's own new files (docs/decisions/0096). Everything else
 * that lists services (codes, lifecycle, names, prices, the catalogue page, the top page's
 * links, the server's plan lineups, the requirements, the flow loaders, the page views) is read
 * from here. Data only: no imports at run time, so every layer may read it.
 */
import type { ServiceAction } from '../lifecycle';

export type CataloguePlan = {
  readonly planId: string;
  readonly name: string;
  /** Monthly price including consumption tax, in yen (総額表示). */
  readonly monthlyPrice: number;
  /** What the plan includes, one line. */
  readonly includes: string;
};

export type CatalogueEntry = {
  readonly serviceId: string;
  /** The catalogue's service number (spec section 3); null where the spec shows none. */
  readonly number: string | null;
  readonly name: string;
  /** The folder of the service's own files under machines/ and src/pages/, and its requirement ids. */
  readonly slug: string;
  /** The customer's picture of the service on the option-service catalogue page. */
  readonly summary: string;
  /** The first plan is the one an application starts with. */
  readonly plans: readonly [CataloguePlan, ...CataloguePlan[]];
  /** The procedures the service offers (contracts/lifecycle.ts decides when each is open). */
  readonly actions: readonly ServiceAction[];
  /** The spec's route prefix: every page of the service is the prefix and the page's suffix (spec section 2). */
  readonly routePrefix: string;
  /** The flows' machine ids start with it: `anshin` gives `anshinApply`, `anshinCancel`... */
  readonly flowPrefix: string;
  /**
   * The application month is free (charged from the next month) or charged in full. This and the
   * two settings below are read only by the application flow, which a shop-applied service has not.
   */
  readonly firstMonthFree: boolean;
  /** Spec section 5: a failure on the mail address alone is ignored, or the address is confirmed first. */
  readonly mailAddressOnlyFailure: 'ignore' | 'confirm';
  /** The application offers the coupon field (GET coupon/{couponCd}/judge). */
  readonly coupons: boolean;
};

export const ServiceCatalogue = {
  anshinDataBox: {
    serviceId: '223',
    number: '02',
    name: 'あんしんデータボックス',
    slug: 'anshin-data-box',
    summary: '写真・動画・連絡先などのデータを安全に保管し、機種変更や故障のときに復元できるサービスです。',
    plans: [
      {
        planId: '225',
        name: 'あんしんデータボックス（標準プラン）',
        monthlyPrice: 550,
        includes: '写真・動画・連絡先・カレンダーのバックアップと復元',
      },
    ],
    actions: ['apply', 'changePayment', 'cancel', 'cancelReservation', 'resume'],
    routePrefix: '/AnshinDataBox',
    flowPrefix: 'anshin',
    firstMonthFree: true,
    mailAddressOnlyFailure: 'ignore',
    coupons: true,
  },
  basketLive: {
    serviceId: '231',
    number: '03',
    name: 'バスケットLIVE',
    slug: 'basket-live',
    summary: 'バスケットボールの試合をライブ配信と見逃し配信で楽しめるサービスです。',
    // The lineup is our decision (docs/decisions/0069-basket-live-plan-lineup.md).
    plans: [
      { planId: '232', name: 'スタンダード', monthlyPrice: 990, includes: 'B1・B2の全試合をライブ配信と見逃し配信で視聴' },
      { planId: '232-1', name: 'ライト', monthlyPrice: 550, includes: 'お気に入りの1クラブの全試合をライブ配信で視聴（見逃し配信なし）' },
      { planId: '232-2', name: 'プレミアム', monthlyPrice: 1650, includes: 'スタンダードの内容＋フルHD高画質・マルチアングル・2台で同時視聴' },
      { planId: '232-3', name: 'ファミリー', monthlyPrice: 2200, includes: 'プレミアムの内容＋4台で同時視聴' },
      { planId: '232-4', name: '見逃し配信', monthlyPrice: 330, includes: '試合終了後の見逃し配信のみ' },
    ],
    actions: ['apply', 'changePayment', 'cancel', 'cancelReservation', 'changePlan'],
    routePrefix: '/BasketLive',
    flowPrefix: 'basketLive',
    firstMonthFree: false,
    mailAddressOnlyFailure: 'confirm',
    coupons: true,
  },
  inStoreSupport: {
    serviceId: '237',
    // The spec gives this service no number; nothing the portal sends needs one.
    number: null,
    name: 'スマホ設定サポート定額',
    slug: 'in-store-support',
    summary: 'ショップでスマートフォンの設定やデータ移行を定額でサポートするサービスです。',
    // The lineup is our decision (docs/decisions/0072-in-store-support.md).
    plans: [
      { planId: '238', name: 'ライト', monthlyPrice: 550, includes: 'ショップでの設定サポートを月1回まで' },
      { planId: '239', name: 'スタンダード', monthlyPrice: 1100, includes: 'ショップでの設定サポートを月3回まで・データ移行を含む' },
      { planId: '241', name: 'プレミアム', monthlyPrice: 1650, includes: 'ショップでの設定サポートを回数無制限・データ移行と周辺機器の設定を含む' },
    ],
    // Applied for in a shop, never in the portal: the portal offers only the cancel.
    actions: ['cancel', 'cancelReservation'],
    routePrefix: '/Sumahosetup-support',
    flowPrefix: 'inStoreSupport',
    // Read only by an application flow, which this service has not.
    firstMonthFree: false,
    mailAddressOnlyFailure: 'ignore',
    coupons: false,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type ServiceKey = keyof typeof ServiceCatalogue;
export type CatalogueService = (typeof ServiceCatalogue)[ServiceKey];

/** Every service, in catalogue order (the order customers see them in). */
export const catalogueServices: readonly CatalogueService[] = Object.values(ServiceCatalogue);

/** One value per service, keyed by service id: how every per-service table is built from the catalogue. */
export function perService<T>(valueOf: (service: CatalogueService) => T): Readonly<Record<CatalogueService['serviceId'], T>> {
  const table: Partial<Record<CatalogueService['serviceId'], T>> = {};
  for (const service of catalogueServices) table[service.serviceId] = valueOf(service);
  // Every service of the catalogue has had its value set just above.
  return table as Record<CatalogueService['serviceId'], T>;
}
