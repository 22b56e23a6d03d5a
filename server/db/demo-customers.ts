/**
 * Demo customers (docs/decisions/0007-demo-customers.md): one per state a flow can start from.
 * The seed writes them; the README and the sign-in page list them. Names, addresses and numbers
 * are fictitious.
 */
import {
  ContractStatus,
  LineStatus,
  PaymentMethod,
  PlanId,
  ServiceId,
  type ContractStatusValue,
  type LineStatusValue,
  type PlanIdValue,
  type ServiceIdValue,
} from '../../contracts/codes';

/** The one password every demo customer signs in with (local and review hosts only). */
export const DEMO_PASSWORD = 'Demo1234!';

export type DemoPayment =
  | { readonly method: typeof PaymentMethod.WithMobile }
  | {
      readonly method: typeof PaymentMethod.CreditCard;
      readonly token: string;
      readonly last4: string;
      readonly effectiveDate: string;
    };

/**
 * Something that happened to a contract after it started, at an ISO date-time. The seed writes
 * each as a contract_history row, the way the server records the same change, so a bill computed
 * from the history (ADR 0073) follows it.
 */
export type DemoContractEvent =
  | { readonly at: string; readonly kind: 'plan'; readonly planId: PlanIdValue }
  | { readonly at: string; readonly kind: 'payment'; readonly payment: DemoPayment }
  | { readonly at: string; readonly kind: 'suspend' }
  | { readonly at: string; readonly kind: 'resume'; readonly payment?: DemoPayment };

export type DemoContract = {
  readonly id: string;
  readonly serviceId: ServiceIdValue;
  /** The plan and payment method applied with; `events` change them. */
  readonly planId: PlanIdValue;
  readonly status: ContractStatusValue;
  readonly payment: DemoPayment;
  readonly startedAt: string;
  /** Oldest first; a trailing 'suspend' leaves the contract suspended (status must say so). */
  readonly events?: readonly DemoContractEvent[];
  /** A demo coupon code used with the application. */
  readonly coupon?: string;
  /** An ISO date-time, or 'month-end': the end of the month the seed runs in (a reservation still ahead). */
  readonly withdrawalAt?: string;
};

export type DemoCustomer = {
  readonly sbSystemId: string;
  readonly loginId: string;
  /** What this customer shows, in Japanese, for the sign-in page and the README. */
  readonly description: string;
  readonly lastNameKanji: string;
  readonly firstNameKanji: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
  readonly birthday: string;
  readonly postalCode: string;
  readonly address: string;
  readonly subAddress: string;
  readonly phoneNumber: string;
  readonly mailAddress: string;
  readonly mailAddressConfirmed: boolean;
  /** The contact phone for SMS (ADR 0078): the line's number unless the customer shows otherwise. */
  readonly contactPhoneNumber: string | null;
  readonly contactPhoneConfirmed: boolean;
  /** '4' SMS, '5' e-mail: the notice after each sign-in (ADR 0078). */
  readonly signInNoticeChannel: '4' | '5' | null;
  readonly lineStatus: LineStatusValue;
  /** '3g': a legacy line billed by the old system (ADR 0073). */
  readonly lineGeneration: '3g' | '4g' | '5g';
  readonly contracts: readonly DemoContract[];
};

const mobile = { method: PaymentMethod.WithMobile } as const;
const card = (last4: string, effectiveDate = '202912') =>
  ({ method: PaymentMethod.CreditCard, token: `tok_demo_${last4}_${effectiveDate}`, last4, effectiveDate }) as const;

type Person = Omit<DemoCustomer, 'sbSystemId' | 'loginId' | 'description' | 'contracts'>;

const person = (
  kanji: [string, string],
  kana: [string, string],
  birthday: string,
  postalCode: string,
  address: string,
  subAddress: string,
  phoneNumber: string,
  mailAddress: string,
  extra: Partial<Pick<Person, 'mailAddressConfirmed' | 'contactPhoneNumber' | 'contactPhoneConfirmed' | 'signInNoticeChannel' | 'lineStatus' | 'lineGeneration'>> = {},
): Person => ({
  lastNameKanji: kanji[0],
  firstNameKanji: kanji[1],
  lastNameKana: kana[0],
  firstNameKana: kana[1],
  birthday,
  postalCode,
  address,
  subAddress,
  phoneNumber,
  mailAddress,
  mailAddressConfirmed: true,
  contactPhoneNumber: phoneNumber,
  contactPhoneConfirmed: true,
  signInNoticeChannel: null,
  lineStatus: LineStatus.Active,
  lineGeneration: '4g',
  ...extra,
});

const basketLive = (id: string, planId: PlanIdValue, payment: DemoContract['payment']): DemoContract => ({
  id,
  serviceId: ServiceId.BasketLive,
  planId,
  status: ContractStatus.Active,
  payment,
  startedAt: '2025-10-01T00:00:00+09:00',
});

export const demoCustomerRecords: readonly DemoCustomer[] = [
  {
    sbSystemId: '1000000001',
    loginId: 'demo01',
    description: 'オプションサービスの契約なし（新規申し込みを試せます）',
    ...person(['山田', '太郎'], ['ヤマダ', 'タロウ'], '1985/04/12', '1050011', '東京都港区芝公園4-2-8', 'ポータルハイツ101', '09012340001', 'taro.yamada@example.jp'),
    contracts: [],
  },
  {
    sbSystemId: '1000000002',
    loginId: 'demo02',
    description: 'あんしんデータボックス利用中（携帯電話料金とまとめて支払い）',
    ...person(['佐藤', '花子'], ['サトウ', 'ハナコ'], '1990/08/03', '5300001', '大阪府大阪市北区梅田3-1-1', '', '09012340002', 'hanako.sato@example.jp'),
    contracts: [
      { id: 'SC000000000201', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Active, payment: mobile, startedAt: '2025-06-01T00:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000003',
    loginId: 'demo03',
    description: 'あんしんデータボックス利用中（クレジットカード末尾4242）',
    ...person(['鈴木', '一郎'], ['スズキ', 'イチロウ'], '1978/01/25', '4600008', '愛知県名古屋市中区栄3-4-5', '栄ビル502', '08012340003', 'ichiro.suzuki@example.jp'),
    contracts: [
      { id: 'SC000000000301', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Active, payment: card('4242'), startedAt: '2025-03-15T00:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000004',
    loginId: 'demo04',
    description: 'あんしんデータボックス利用停止中（利用再開を試せます）',
    ...person(['高橋', '美咲'], ['タカハシ', 'ミサキ'], '1995/11/30', '8120011', '福岡県福岡市博多区博多駅前2-1-1', '', '07012340004', 'misaki.takahashi@example.jp'),
    contracts: [
      { id: 'SC000000000401', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Suspended, payment: card('0005', '202605'), startedAt: '2024-12-01T00:00:00+09:00', events: [{ at: '2026-10-15T09:00:00+09:00', kind: 'suspend' }] },
    ],
  },
  {
    sbSystemId: '1000000005',
    loginId: 'demo05',
    description: 'あんしんデータボックス月末解約予約中',
    ...person(['田中', '健太'], ['タナカ', 'ケンタ'], '1982/06/18', '0600001', '北海道札幌市中央区北一条西2-1', 'さっぽろマンション803', '09012340005', 'kenta.tanaka@example.jp'),
    contracts: [
      { id: 'SC000000000501', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.WithdrawalReserved, payment: mobile, startedAt: '2025-01-10T00:00:00+09:00', withdrawalAt: 'month-end' },
    ],
  },
  {
    sbSystemId: '1000000006',
    loginId: 'demo06',
    description: 'バスケットLIVE利用中（プラン232・携帯電話料金とまとめて支払い）',
    ...person(['伊藤', '大輔'], ['イトウ', 'ダイスケ'], '1988/02/14', '9800811', '宮城県仙台市青葉区一番町1-2-3', '', '09012340006', 'daisuke.ito@example.jp'),
    contracts: [basketLive('SC000000000601', PlanId.BasketLive, mobile)],
  },
  {
    sbSystemId: '1000000007',
    loginId: 'demo07',
    description: 'バスケットLIVE利用中（プラン232-1・クレジットカード末尾1111）',
    ...person(['渡辺', '由美'], ['ワタナベ', 'ユミ'], '1992/09/09', '7300011', '広島県広島市中区基町6-78', 'リバーサイド205', '08012340007', 'yumi.watanabe@example.jp'),
    contracts: [basketLive('SC000000000701', PlanId.BasketLive1, card('1111'))],
  },
  {
    sbSystemId: '1000000008',
    loginId: 'demo08',
    description: 'バスケットLIVE利用中（プラン232-2・携帯電話料金とまとめて支払い）',
    ...person(['中村', '翔太'], ['ナカムラ', 'ショウタ'], '2000/03/21', '6008216', '京都府京都市下京区烏丸通七条下る', '', '09012340008', 'shota.nakamura@example.jp'),
    contracts: [basketLive('SC000000000801', PlanId.BasketLive2, mobile)],
  },
  {
    sbSystemId: '1000000009',
    loginId: 'demo09',
    description: 'バスケットLIVE利用中（プラン232-3・クレジットカード末尾4444）',
    ...person(['小林', '彩'], ['コバヤシ', 'アヤ'], '1998/12/01', '2310023', '神奈川県横浜市中区山下町1', 'ベイタワー1203', '07012340009', 'aya.kobayashi@example.jp'),
    contracts: [basketLive('SC000000000901', PlanId.BasketLive3, card('4444'))],
  },
  {
    sbSystemId: '1000000010',
    loginId: 'demo10',
    description: 'バスケットLIVE利用中（プラン232-4・携帯電話料金とまとめて支払い）',
    ...person(['加藤', '誠'], ['カトウ', 'マコト'], '1975/07/07', '3300846', '埼玉県さいたま市大宮区大門町2-118', '', '09012340010', 'makoto.kato@example.jp'),
    contracts: [basketLive('SC000000001001', PlanId.BasketLive4, mobile)],
  },
  {
    sbSystemId: '1000000011',
    loginId: 'demo11',
    description: 'スマホ設定サポート定額利用中（プラン238・サポート履歴と継続利用特典あり）',
    ...person(['吉田', '恵子'], ['ヨシダ', 'ケイコ'], '1965/05/05', '9200961', '石川県金沢市香林坊1-1-1', '', '09012340011', 'keiko.yoshida@example.jp'),
    contracts: [
      { id: 'SC000000001101', serviceId: ServiceId.InStoreSupport, planId: PlanId.InStoreSupport238, status: ContractStatus.Active, payment: mobile, startedAt: '2025-02-01T00:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000012',
    loginId: 'demo12',
    description: '回線のご利用が制限中（すべてのお手続きがE0008になります）',
    ...person(['山本', '直樹'], ['ヤマモト', 'ナオキ'], '1980/10/10', '7000024', '岡山県岡山市北区駅元町1-1', '', '09012340012', 'naoki.yamamoto@example.jp', { lineStatus: LineStatus.Restricted }),
    contracts: [
      { id: 'SC000000001201', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Active, payment: mobile, startedAt: '2025-05-01T00:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000013',
    loginId: 'demo13',
    description: 'メールアドレスが未確認（申し込み前のメールアドレス確認を試せます）',
    ...person(['松本', '陽子'], ['マツモト', 'ヨウコ'], '1987/03/03', '3800836', '長野県長野市南県町1-1', '', '08012340013', 'yoko.matsumoto@example.jp', { mailAddressConfirmed: false, contactPhoneNumber: null, contactPhoneConfirmed: false }),
    contracts: [],
  },
  {
    sbSystemId: '1000000014',
    loginId: 'demo14',
    description: 'メールアドレスのドメインが受け付けられない（申し込み前の判定でメールアドレスが不可）',
    ...person(['井上', '拓也'], ['イノウエ', 'タクヤ'], '1993/01/19', '8600806', '熊本県熊本市中央区花畑町1-1', '', '09012340014', 'takuya.inoue@blocked.example.invalid', { contactPhoneNumber: '08055550014', contactPhoneConfirmed: false }),
    contracts: [],
  },
  {
    sbSystemId: '1000000015',
    loginId: 'demo15',
    description: 'あんしんデータボックスを解約済み（再度のお申し込みを試せます）',
    ...person(['木村', 'さくら'], ['キムラ', 'サクラ'], '1999/04/01', '7600019', '香川県高松市サンポート2-1', '', '07012340015', 'sakura.kimura@example.jp'),
    contracts: [
      { id: 'SC000000001501', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Withdrawn, payment: mobile, startedAt: '2024-04-01T00:00:00+09:00', withdrawalAt: '2026-03-31T23:59:59+09:00' },
    ],
  },
  {
    sbSystemId: '1000000016',
    loginId: 'demo16',
    description: 'スマホ設定サポート定額利用中（プラン239・2026年7月から利用、継続利用特典はまだ・解約を試せます）',
    ...person(['林', '美咲'], ['ハヤシ', 'ミサキ'], '1990/09/09', '9300005', '富山県富山市新桜町7-38', '', '09012340016', 'misaki.hayashi@example.jp'),
    contracts: [
      { id: 'SC000000001601', serviceId: ServiceId.InStoreSupport, planId: PlanId.InStoreSupport239, status: ContractStatus.Active, payment: mobile, startedAt: '2026-07-01T00:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000017',
    loginId: 'demo17',
    description: '1年分のご利用料金と請求書（3サービスの申し込み・プラン変更・支払い方法変更・利用停止と再開・クーポン・解約）',
    ...person(['斎藤', '涼子'], ['サイトウ', 'リョウコ'], '1984/06/06', '1600023', '東京都新宿区西新宿2-8-1', 'ポータルレジデンス1701', '09012340017', 'ryoko.saito@example.jp'),
    contracts: [
      {
        id: 'SC000000001701',
        serviceId: ServiceId.DataStorage,
        planId: PlanId.DataStorage,
        status: ContractStatus.Active,
        payment: mobile,
        startedAt: '2025-09-10T10:00:00+09:00',
        events: [
          { at: '2026-03-20T19:30:00+09:00', kind: 'payment', payment: card('5454', '202604') },
          // The card expired: suspended from 5 April; May has no day of use; resumed with a new card.
          { at: '2026-04-05T09:00:00+09:00', kind: 'suspend' },
          { at: '2026-06-20T21:10:00+09:00', kind: 'resume', payment: card('7878', '203003') },
        ],
      },
      {
        id: 'SC000000001702',
        serviceId: ServiceId.BasketLive,
        planId: PlanId.BasketLive4,
        status: ContractStatus.Active,
        payment: mobile,
        startedAt: '2026-02-14T20:00:00+09:00',
        coupon: 'BASKET3M',
        events: [
          { at: '2026-06-10T18:45:00+09:00', kind: 'plan', planId: PlanId.BasketLive },
          { at: '2026-09-01T00:00:00+09:00', kind: 'plan', planId: PlanId.BasketLive1 },
        ],
      },
      {
        id: 'SC000000001703',
        serviceId: ServiceId.InStoreSupport,
        planId: PlanId.InStoreSupport238,
        status: ContractStatus.Withdrawn,
        payment: mobile,
        startedAt: '2025-11-01T11:00:00+09:00',
        withdrawalAt: '2026-08-31T23:59:59+09:00',
      },
    ],
  },
  {
    sbSystemId: '1000000018',
    loginId: 'demo18',
    description: '3G回線（ご利用料金は旧システムの月ごとの合計で表示・請求書は郵送）',
    ...person(['清水', '正'], ['シミズ', 'タダシ'], '1958/02/02', '4200853', '静岡県静岡市葵区追手町9-6', '', '09012340018', 'tadashi.shimizu@example.jp', { lineGeneration: '3g' }),
    contracts: [
      { id: 'SC000000001801', serviceId: ServiceId.DataStorage, planId: PlanId.DataStorage, status: ContractStatus.Active, payment: mobile, startedAt: '2024-08-01T10:00:00+09:00' },
    ],
  },
  {
    sbSystemId: '1000000019',
    loginId: 'demo19',
    description: 'お客さま情報の変更（電話番号・メールアドレス・ご住所）を試す方（メールアドレス未確認）',
    ...person(['中村', '美咲'], ['ナカムラ', 'ミサキ'], '1992/06/19', '9800811', '宮城県仙台市青葉区一番町1-1-1', 'ポータルハイツ203', '09012340019', 'misaki.nakamura@example.jp', { mailAddressConfirmed: false }),
    contracts: [],
  },
  {
    sbSystemId: '1000000020',
    loginId: 'demo20',
    description: 'セキュリティ設定・ログインID・パスワードの変更を試す方',
    ...person(['小林', '誠'], ['コバヤシ', 'マコト'], '1978/12/20', '0600001', '北海道札幌市中央区北一条西2-1', '', '09012340020', 'makoto.kobayashi@example.jp'),
    contracts: [],
  },
  {
    sbSystemId: '1000000021',
    loginId: 'demo21',
    description: '連絡先・受信設定の変更を試す方',
    ...person(['加藤', '由美'], ['カトウ', 'ユミ'], '1988/03/21', '8120011', '福岡県福岡市博多区博多駅前2-1-1', '', '09012340021', 'yumi.kato@example.jp'),
    contracts: [],
  },
];

/** The list the sign-in page and the README show. */
export const demoCustomers: readonly { loginId: string; sbSystemId: string; description: string }[] =
  demoCustomerRecords.map(({ loginId, sbSystemId, description }) => ({ loginId, sbSystemId, description }));

/**
 * The in-store support visits of demo11 (sbSystemId 1000000011), oldest first: more than one page
 * of the history list, three shops, menus covered by the plan (0 yen) and one that is not. The
 * continued-use benefit is not stored: it follows from the contract's dates (ADR 0072).
 */
export const demoSupportHistory = [
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'スマートフォン初期設定', cfOrderNumber: 'CF2025020101101', supportAcceptedAt: '2025-02-01T11:30:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: '初期設定・アカウント設定', price: 0 }, { menuName: 'データ移行（旧機種から）', price: 0 }, { menuName: 'メール設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'アプリ設定', cfOrderNumber: 'CF2025021501102', supportAcceptedAt: '2025-02-15T14:20:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: 'LINEの引き継ぎ', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: '操作説明', cfOrderNumber: 'CF2025030801103', supportAcceptedAt: '2025-03-08T10:45:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢駅前', menus: [{ menuName: 'カメラ・写真の使い方', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'アプリ設定', cfOrderNumber: 'CF2025041901104', supportAcceptedAt: '2025-04-19T16:05:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢駅前', menus: [{ menuName: 'キャッシュレス決済アプリ設定', price: 0 }, { menuName: 'マイナンバーカード読み取り設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: '周辺機器', cfOrderNumber: 'CF2025052401105', supportAcceptedAt: '2025-05-24T13:00:00+09:00', supportAcceptedShopName: 'ポータルショップ野々市', menus: [{ menuName: 'スマートウォッチの接続', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'セキュリティ設定', cfOrderNumber: 'CF2025071201106', supportAcceptedAt: '2025-07-12T15:10:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢駅前', menus: [{ menuName: '画面ロック・生体認証設定', price: 0 }, { menuName: '迷惑メール対策設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: '操作説明', cfOrderNumber: 'CF2025083001107', supportAcceptedAt: '2025-08-30T11:15:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: '文字入力の設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'アプリ設定', cfOrderNumber: 'CF2025100401108', supportAcceptedAt: '2025-10-04T10:30:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: '地図アプリの設定', price: 0 }, { menuName: '乗換案内アプリの設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'トラブル相談', cfOrderNumber: 'CF2025112201109', supportAcceptedAt: '2025-11-22T17:40:00+09:00', supportAcceptedShopName: 'ポータルショップ野々市', menus: [{ menuName: '動作が遅いときの点検', price: 0 }, { menuName: 'ストレージの整理', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'バックアップ', cfOrderNumber: 'CF2026011001110', supportAcceptedAt: '2026-01-10T12:25:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢駅前', menus: [{ menuName: 'クラウドバックアップ設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'セキュリティ設定', cfOrderNumber: 'CF2026031801111', supportAcceptedAt: '2026-03-18T10:05:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: 'パスワード管理の設定', price: 0 }, { menuName: 'バックアップ設定', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: '周辺機器', cfOrderNumber: 'CF2026050901112', supportAcceptedAt: '2026-05-09T15:50:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢駅前', menus: [{ menuName: 'ワイヤレスイヤホンの接続', price: 0 }, { menuName: '画面保護フィルム貼り付け', price: 1100 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: '操作説明', cfOrderNumber: 'CF2026080101113', supportAcceptedAt: '2026-08-01T11:00:00+09:00', supportAcceptedShopName: 'ポータルショップ金沢香林坊', menus: [{ menuName: 'ビデオ通話の使い方', price: 0 }] },
  { sbSystemId: '1000000011', contractId: 'SC000000001101', supportCategoryName: 'アプリ設定', cfOrderNumber: 'CF2026101701114', supportAcceptedAt: '2026-10-17T14:35:00+09:00', supportAcceptedShopName: 'ポータルショップ野々市', menus: [{ menuName: '健康管理アプリの設定', price: 0 }, { menuName: '通知の整理', price: 0 }] },
  { sbSystemId: '1000000016', contractId: 'SC000000001601', supportCategoryName: 'スマートフォン初期設定', cfOrderNumber: 'CF2026070101601', supportAcceptedAt: '2026-07-01T13:20:00+09:00', supportAcceptedShopName: 'ポータルショップ富山駅前', menus: [{ menuName: '初期設定・アカウント設定', price: 0 }, { menuName: 'データ移行（旧機種から）', price: 0 }] },
  { sbSystemId: '1000000016', contractId: 'SC000000001601', supportCategoryName: 'アプリ設定', cfOrderNumber: 'CF2026091201602', supportAcceptedAt: '2026-09-12T11:05:00+09:00', supportAcceptedShopName: 'ポータルショップ富山駅前', menus: [{ menuName: 'キャッシュレス決済アプリ設定', price: 0 }] },
] as const;

export const demoCoupons = [
  { code: 'ANSHIN2026', name: 'あんしんデータボックス初月無料クーポン', serviceId: ServiceId.DataStorage, description: 'お申し込み月のご利用料金が無料になります。', benefitMonths: 1, discountPercent: 100, validFrom: '2026-01-01T00:00:00+09:00', validTo: '2027-03-31T23:59:59+09:00' },
  { code: 'BASKET1M', name: 'バスケットLIVE 1か月無料クーポン', serviceId: ServiceId.BasketLive, description: 'お申し込み月のご利用料金が無料になります。', benefitMonths: 1, discountPercent: 100, validFrom: '2026-01-01T00:00:00+09:00', validTo: '2027-03-31T23:59:59+09:00' },
  { code: 'BASKET3M', name: 'バスケットLIVE 3か月半額クーポン', serviceId: ServiceId.BasketLive, description: 'お申し込み月から3か月間、月額料金が半額になります。', benefitMonths: 3, discountPercent: 50, validFrom: '2026-01-01T00:00:00+09:00', validTo: '2027-03-31T23:59:59+09:00' },
] as const;

const GiB = 1024 ** 3;

/** Storage usage of the demo data storage contracts (capacity 50 GB, server/contracts/storage-usage-repository.ts). */
export const demoStorageUsage = [
  { contractId: 'SC000000000201', usedBytes: Math.round(12.4 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
  { contractId: 'SC000000000301', usedBytes: Math.round(3.2 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
  { contractId: 'SC000000000401', usedBytes: Math.round(47.8 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-10-15T03:00:00+09:00' },
  { contractId: 'SC000000000501', usedBytes: Math.round(0.8 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
  { contractId: 'SC000000001201', usedBytes: Math.round(1.5 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
  { contractId: 'SC000000001701', usedBytes: Math.round(28.6 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
  { contractId: 'SC000000001801', usedBytes: Math.round(6.1 * GiB), capacityBytes: 50 * GiB, measuredAt: '2026-11-20T03:00:00+09:00' },
] as const;
