/**
 * The page table (spec sections 2 and 3: ID, PATH, TITLE, BACK_FORWARD_DETER), the one place
 * that the router, the navigation guards, the server's 404 and the statechart exports read.
 * Screen IDs and which pages need which login level are our decisions:
 * docs/decisions/0011-page-table.md.
 */
export type LoginLevel = 'none' | 'lv1' | 'lv2';

export type FlowId =
  | 'anshinApply'
  | 'anshinChangePayment'
  | 'anshinCancel'
  | 'anshinResume'
  | 'basketLiveApply'
  | 'basketLiveChangePayment'
  | 'basketLiveCancel'
  | 'basketLivePlanChange'
  | 'inStoreSupportHistory'
  | 'inStoreSupportCancel'
  | 'invoice'
  | 'account';

export type PageEntry = {
  /** Screen ID. */
  readonly id: string;
  readonly path: string;
  /** Japanese page title (document title and h1). */
  readonly title: string;
  /** Browser Back is suppressed: the customer stays and sees W9999. */
  readonly backForwardDeter: boolean;
  readonly login: LoginLevel;
  /** The loading overlay shows while navigating to this page. */
  readonly overlay: boolean;
  /**
   * A page that may be opened without a running flow (a menu or a link leads to it).
   * Any other page is reachable only as the current state of its flow.
   */
  readonly entry: boolean;
  /** The flow whose machine owns this page, when it is a wizard step. */
  readonly flow?: FlowId;
  /** False while the page is specified but not built: it answers 404 like any unknown path. */
  readonly live: boolean;
};

type Row = [id: string, path: string, title: string, options?: Partial<Omit<PageEntry, 'id' | 'path' | 'title'>>];

const defaults = { backForwardDeter: false, login: 'lv1', overlay: true, entry: true, live: false } as const;
const noBack = { backForwardDeter: true } as const;
const step = (flow: FlowId, extra: Partial<PageEntry> = {}) =>
  ({ entry: false, flow, login: 'lv2', live: true, ...extra }) as const;

const rows: Row[] = [
  // General (spec section 2, "Top and general")
  ['CMN0001', '/', 'お客さまポータル', { login: 'none', live: true }],
  ['CMN0002', '/Top', 'トップ', { live: true }],
  ['CMN0003', '/Redirect', '外部サイトへ移動します', { overlay: false, live: true }],
  ['CMN0004', '/doClear', 'ご利用情報の消去', { login: 'none', overlay: false, live: true }],
  ['CMN0005', '/Error', 'エラー', { login: 'none', overlay: false, live: true }],
  ['CMN0006', '/Payment/Redirect', 'お支払い情報の確認', { entry: false, live: true }],
  ['CMN0007', '/Payment/Cancel/Redirect', 'お支払い手続きの中止', { entry: false, live: true }],
  ['OPT0001', '/OptionServices', 'オプションサービス', { live: true }],
  ['OPT0002', '/OptionServices/BillingHistory', 'ご利用料金の履歴', { live: true }],

  // Account menu
  ['ACC0001', '/AccountMenu', 'アカウント管理', { flow: 'account', live: true }],
  ['ACC0002', '/AccountMenu/Confirm/UserInfo', 'お客さま情報の確認', { flow: 'account', live: true }],
  ['ACC0003', '/AccountMenu/Update/UserName', 'お名前の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0004', '/AccountMenu/Update/Phone', '電話番号の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0005', '/AccountMenu/Update/Email', 'メールアドレスの変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0006', '/AccountMenu/Update/Address', 'ご住所の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0007', '/AccountMenu/Contact/Info', '連絡先の確認', { flow: 'account', live: true }],
  ['ACC0008', '/AccountMenu/Contact/Email', '連絡先メールアドレスの変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0009', '/AccountMenu/Contact/Phone', '連絡先電話番号の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0010', '/AccountMenu/Contact/Completed', '連絡先の変更完了', { ...noBack, entry: false, flow: 'account', live: true }],
  ['ACC0011', '/AccountMenu/Security/Info', 'セキュリティ設定の確認', { flow: 'account', live: true }],
  ['ACC0012', '/AccountMenu/Security/Change', 'セキュリティ設定の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0013', '/AccountMenu/Security/Completed', 'セキュリティ設定の変更完了', { ...noBack, entry: false, flow: 'account', live: true }],
  ['ACC0014', '/AccountMenu/LoginHistory', 'ログイン履歴', { flow: 'account', live: true }],
  ['ACC0015', '/AccountMenu/ReceiveSet/Info', '受信設定の確認', { flow: 'account', live: true }],
  ['ACC0016', '/AccountMenu/ReceiveSet/Change', '受信設定の変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0017', '/AccountMenu/ReceiveSet/Completed', '受信設定の変更完了', { ...noBack, entry: false, flow: 'account', live: true }],
  ['ACC0018', '/AccountMenu/Recieve/Information', '受信設定のご案内', { flow: 'account', live: true }],
  ['ACC0019', '/AccountMenu/SbidSet/Change', 'ログインIDの変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0020', '/AccountMenu/SbidSet/Completed', 'ログインIDの変更完了', { ...noBack, entry: false, flow: 'account', live: true }],
  ['ACC0021', '/AccountMenu/PasswordSet/Change', 'パスワードの変更', { ...noBack, entry: false, login: 'lv2', flow: 'account', live: true }],
  ['ACC0022', '/AccountMenu/PasswordSet/Completed', 'パスワードの変更完了', { ...noBack, entry: false, flow: 'account', live: true }],

  // Data storage service
  ['ADB0001', '/AnshinDataBox', 'あんしんデータボックス', { live: true, flow: 'anshinApply' }],
  ['ADB0002', '/AnshinDataBox/Apply', 'あんしんデータボックスのお申し込み', { ...noBack, ...step('anshinApply') }],
  ['ADB0003', '/AnshinDataBox/Apply/Completed', 'あんしんデータボックスのお申し込み完了', { ...noBack, ...step('anshinApply') }],
  ['ADB0004', '/AnshinDataBox/Service/Detail', 'あんしんデータボックスのご契約内容', { live: true, flow: 'anshinChangePayment' }],
  ['ADB0005', '/AnshinDataBox/Update/Payment', 'お支払い方法の変更', { ...noBack, ...step('anshinChangePayment') }],
  ['ADB0006', '/AnshinDataBox/Update/Confirm', 'お支払い方法の変更内容の確認', { ...noBack, ...step('anshinChangePayment') }],
  ['ADB0007', '/AnshinDataBox/Update/Completed', 'お支払い方法の変更完了', { ...noBack, ...step('anshinChangePayment') }],
  ['ADB0008', '/AnshinDataBox/Cancel/Inform', 'あんしんデータボックスの解約について', { ...step('anshinCancel'), entry: true }],
  ['ADB0009', '/AnshinDataBox/Cancel/Confirm', 'あんしんデータボックスの解約内容の確認', step('anshinCancel')],
  ['ADB0010', '/AnshinDataBox/Cancel/Completed', 'あんしんデータボックスの解約完了', { ...noBack, ...step('anshinCancel') }],
  ['ADB0011', '/AnshinDataBox/Resume/Confirm', 'あんしんデータボックスの利用再開', { ...step('anshinResume'), entry: true }],
  ['ADB0012', '/AnshinDataBox/Resume/Completed', 'あんしんデータボックスの利用再開完了', { ...noBack, ...step('anshinResume') }],

  // Basket live service
  ['BKL0001', '/BasketLive', 'バスケットLIVE', { live: true, flow: 'basketLiveApply' }],
  ['BKL0002', '/BasketLive/Apply', 'バスケットLIVEのお申し込み', { ...noBack, ...step('basketLiveApply') }],
  ['BKL0003', '/BasketLive/Apply/Completed', 'バスケットLIVEのお申し込み完了', { ...noBack, ...step('basketLiveApply') }],
  ['BKL0004', '/BasketLive/Service/Detail', 'バスケットLIVEのご契約内容', { live: true, flow: 'basketLiveChangePayment' }],
  ['BKL0005', '/BasketLive/Update/Payment', 'お支払い方法の変更', { ...noBack, ...step('basketLiveChangePayment') }],
  ['BKL0006', '/BasketLive/Update/Confirm', 'お支払い方法の変更内容の確認', { ...noBack, ...step('basketLiveChangePayment') }],
  ['BKL0007', '/BasketLive/Update/Completed', 'お支払い方法の変更完了', { ...noBack, ...step('basketLiveChangePayment') }],
  ['BKL0008', '/BasketLive/Cancel/Inform', 'バスケットLIVEの解約について', { ...step('basketLiveCancel'), entry: true }],
  ['BKL0009', '/BasketLive/Cancel/Confirm', 'バスケットLIVEの解約内容の確認', step('basketLiveCancel')],
  ['BKL0010', '/BasketLive/Cancel/Completed', 'バスケットLIVEの解約完了', { ...noBack, ...step('basketLiveCancel') }],
  ['BKL0011', '/BasketLive/Plan/Change', 'バスケットLIVEのプラン変更', { ...noBack, login: 'lv2', live: true, flow: 'basketLivePlanChange' }],
  ['BKL0012', '/BasketLive/Plan/Completed', 'バスケットLIVEのプラン変更完了', { ...noBack, ...step('basketLivePlanChange') }],

  // In-store smartphone support flat-rate service
  ['SSS0001', '/Sumahosetup-support/Service/Detail', 'スマホ設定サポート定額のご契約内容', { live: true, flow: 'inStoreSupportHistory' }],
  ['SSS0002', '/Sumahosetup-support/SupportHistory', 'サポートのご利用履歴', step('inStoreSupportHistory', { login: 'lv1' })],
  ['SSS0003', '/Sumahosetup-support/SupportHistory/Detail', 'サポートのご利用履歴の詳細', step('inStoreSupportHistory', { login: 'lv1' })],
  ['SSS0004', '/Sumahosetup-support/BenefitHistory', '継続利用特典の履歴', step('inStoreSupportHistory', { login: 'lv1' })],
  ['SSS0005', '/Sumahosetup-support/Cancel/Inform', 'スマホ設定サポート定額の解約について', { ...step('inStoreSupportCancel'), entry: true }],
  ['SSS0006', '/Sumahosetup-support/Cancel/Confirm', 'スマホ設定サポート定額の解約内容の確認', step('inStoreSupportCancel')],
  ['SSS0007', '/Sumahosetup-support/Cancel/Completed', 'スマホ設定サポート定額の解約完了', { ...noBack, ...step('inStoreSupportCancel') }],

  // Invoices
  ['INV0001', '/Invoice', '請求書', { live: true, flow: 'invoice' }],
  ['INV0002', '/Invoice/Services', 'サービス別の請求書', step('invoice', { login: 'lv1' })],
  ['INV0003', '/Invoice/Downloads', '請求書のダウンロード', step('invoice', { login: 'lv1' })],
];

export const pageTable: readonly PageEntry[] = rows.map(([id, path, title, options]) => ({
  ...defaults,
  ...options,
  id,
  path,
  title,
}));

/** "A trailing slash is ignored." */
export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

const byPath = new Map(pageTable.map((page) => [page.path, page]));
const byId = new Map(pageTable.map((page) => [page.id, page]));

/** The page at a path, live or not; undefined when the path is not in the table. */
export function findPage(pathname: string): PageEntry | undefined {
  return byPath.get(normalizePath(pathname));
}

/** The live page at a path: what the router serves. Everything else is not found. */
export function findLivePage(pathname: string): PageEntry | undefined {
  const page = findPage(pathname);
  return page?.live ? page : undefined;
}

export function pageById(id: string): PageEntry | undefined {
  return byId.get(id);
}

/** Demo pages: /demo/... and /dummy, served only on local, review and QA hosts. */
export function isDemoPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return path === '/dummy' || path === '/demo' || path.startsWith('/demo/');
}

export const livePages: readonly PageEntry[] = pageTable.filter((page) => page.live);
