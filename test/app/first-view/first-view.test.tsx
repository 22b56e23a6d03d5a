/**
 * The first view's two halves in the app (docs/decisions/0106-first-view-from-the-server.md): what
 * the server's renderer draws, and the app taking the page over from it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FirstAnswer } from '../../../contracts/first-answers';
import { NotFoundView } from '../../../contracts/first-view';
import { BasketLive } from '../../../contracts/services/basket-live';
import { InStoreSupport } from '../../../contracts/services/in-store-support';
import { renderFirstView } from '../../../src/first-view/render-first-view';
import { adoptFirstView } from '../../../src/first-view/take-over';
import { userInfoOf } from '../support/account-fixtures';

const answer = (url: string, response: unknown, status = 200): FirstAnswer => ({ method: 'GET', url, status, response });
const authInfo = answer('/api/getAuthInfo', {
  sbSystemId: '1000000002',
  sbId: 'demo02',
  name: { lastNameKanji: '山田', firstNameKanji: '花子', lastNameKana: 'ヤマダ', firstNameKana: 'ハナコ' },
  lv2Authed: false,
  authTime: '2026-11-26T10:00:00+09:00',
  sessionToken: 'token-of-this-session',
  sessionExpiresAt: '2026-11-26T11:00:00+09:00',
});
const usage = (state: string, extra: Record<string, unknown> = {}) => ({
  serviceId: '223',
  serviceName: 'あんしんデータボックス',
  state,
  contractId: 'c-1',
  planId: '225',
  paymentMethod: { value: '01', label: '携帯電話料金とまとめて支払い', cardLast4: null, tokenPanEffectiveDate: null },
  withdrawalAt: null,
  suspendedAt: null,
  allowedActions: ['cancel', 'changePayment'],
  ...extra,
});
const usageRead = (body: unknown, status = 200) => answer('/api/customer/1000000002/service/usage/status', body, status);

/** A contract as GET contracts answers it. */
  const contract = (serviceId: string, planId: string, status: string, extra: Record<string, unknown> = {}) => ({
    contractId: `c-${serviceId}`,
    serviceId,
    serviceName: 'サービス',
    planId,
    status,
    paymentMethod: { value: '01', label: '携帯電話料金とまとめて支払い', cardLast4: null, tokenPanEffectiveDate: null },
    startedAt: '2026-04-01T10:00:00+09:00',
    withdrawalAt: status === 'withdrawal_reserved' ? '2026-11-30T23:59:59+09:00' : null,
    suspendedAt: null,
    pendingPlan: null,
    continuedUseBenefit: null,
    ...extra,
  });
  const contractsRead = (body: unknown, status = 200) => answer('/api/customer/1000000002/contracts', body, status);
const drawn = (pageId: string, pathname: string, answers: readonly FirstAnswer[] = [], reads: readonly FirstAnswer[] = [], search = '') => {
  const markup = renderFirstView({ pageId, pathname, search, answers, reads });
  if (markup === undefined) return undefined;
  const holder = document.createElement('div');
  holder.innerHTML = markup;
  return holder;
};

afterEach(() => {
  document.body.innerHTML = '';
});

describe('サーバーが描く最初の表示（render-first-view）', () => {
  it('アカウント管理を、ログイン中のレイアウト・見出し・まだ選べないメニューで描くこと', () => {
    const view = drawn('ACC0001', '/AccountMenu');
    expect(view?.querySelector('h1')?.textContent).toBe('アカウント管理');
    expect(view?.querySelector('nav[aria-label="メインメニュー"]')).not.toBeNull();
    const buttons = [...(view?.querySelectorAll<HTMLButtonElement>('.account-menu button') ?? [])];
    expect(buttons.map((button) => button.querySelector('.account-menu__label')?.textContent)).toEqual(['お客さま情報', '連絡先', 'セキュリティ設定', 'ログイン履歴', '受信設定']);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(view?.querySelector('.site-footer__build')).toBeNull();
  });

  it('ログインしていない方の入り口・エラー・見つからないページを、ログインしていないレイアウトで描くこと', () => {
    const landing = drawn('CMN0001', '/');
    expect(landing?.querySelector('h1')?.textContent).toBe('お客さまポータル');
    expect(landing?.querySelector('nav[aria-label="メインメニュー"]')).toBeNull();
    expect(landing?.querySelector('main a.button')?.getAttribute('href')).toMatch(/^\/auth\/login\?type=/);
    const error = drawn('CMN0005', '/Error', [], [], 'code=E0008');
    expect(error?.querySelector('h1')?.textContent).toBe('エラー');
    expect(error?.querySelector('.alert')?.textContent).toContain('E0008');
    expect(error?.querySelector('nav[aria-label="メインメニュー"]')).toBeNull();
    const notFound = drawn(NotFoundView, '/no/such/page');
    expect(notFound?.querySelector('h1')?.textContent).toBe('ページが見つかりません');
    expect(notFound?.querySelector('.alert')?.textContent).toContain('E9999');
  });

  it('エラーページは、問い合わせ文字列のコードで描き、形の違うコードは捨て、コードがなければ描かないこと', () => {
    // Without a code in the address, the app reads it from the tab's history, which the server does not see.
    expect(drawn('CMN0005', '/Error')).toBeUndefined();
    expect(drawn('CMN0005', '/Error', [], [], 'endDate=2026-12-31')).toBeUndefined();
    const odd = drawn('CMN0005', '/Error', [], [], 'code=%3Cscript%3E');
    expect(odd?.querySelector('.alert')?.textContent).not.toContain('script');
    expect(odd?.querySelector('h1')?.textContent).toBe('エラー');
  });

  it('トップを、サービスの読み出しの答えから、まだ使えないログアウトとこのセッションのトークンで描くこと', () => {
    const view = drawn('CMN0002', '/Top', [authInfo], [usageRead({ restricted: false, services: [usage('active')] })]);
    expect(view?.querySelector('h1')?.textContent).toBe('トップ');
    expect(view?.querySelector('#top-services')?.textContent).toBe('ご契約中・お申し込みできるサービス');
    expect(view?.querySelector('#top-service-223')?.textContent).toBe('あんしんデータボックス');
    expect(view?.querySelector('.note')?.textContent).toBe('お支払い方法：携帯電話料金とまとめて支払い');
    expect(view?.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(true);
    expect(view?.querySelector<HTMLInputElement>('input[name="session-token"]')?.value).toBe('token-of-this-session');
  });

  it('読み出しが失敗した・形が違う・誰の答えもないときは、トップを描かないこと', () => {
    const services = { restricted: false, services: [usage('active')] };
    expect(drawn('CMN0002', '/Top', [authInfo], [usageRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
    expect(drawn('CMN0002', '/Top', [authInfo], [usageRead({ restricted: false, services: [usage('dormant')] })])).toBeUndefined();
    expect(drawn('CMN0002', '/Top', [authInfo], [])).toBeUndefined();
    expect(drawn('CMN0002', '/Top', [], [usageRead(services)])).toBeUndefined();
  });

  it('オプションサービスを、カタログとお客さまの利用状態で描き、読み出しがなければ描かないこと', () => {
    const view = drawn('OPT0001', '/OptionServices', [authInfo], [usageRead({ restricted: false, services: [usage('active')] })]);
    expect(view?.querySelector('h1')?.textContent).toBe('オプションサービス');
    expect(view?.querySelector('#service-223')?.textContent).toBe('あんしんデータボックス');
    expect(view?.querySelector('.status--active')?.textContent).toBe('ご利用中');
    expect([...(view?.querySelectorAll('.catalogue > li') ?? [])]).toHaveLength(3);
    expect(drawn('OPT0001', '/OptionServices', [authInfo], [usageRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
  });

  it('ご利用料金の履歴を、新しい12か月の答えから、まだ押せない「さらに前」とともに描くこと', () => {
    const billed = (month: string, total: number, closed = true) => ({ month, total, closed, payments: [{ method: '01', cardLast4: null }] });
    const history = (body: unknown, status = 200) => answer('/api/customer/1000000002/billing/history', body, status);
    const months = { asOf: '2026/11/25', lineGeneration: '4g', months: [billed('2026/11', 1100, false), billed('2026/10', 880)], nextBefore: '2026/10' };
    const view = drawn('OPT0002', '/OptionServices/BillingHistory', [authInfo], [history(months)]);
    expect(view?.querySelector('h1')?.textContent).toBe('ご利用料金の履歴');
    expect([...(view?.querySelectorAll('.billing-month summary') ?? [])].map((summary) => summary.textContent)).toEqual([
      '2026年11月ご利用分（確定前）1,100円携帯電話料金とまとめて支払い',
      '2026年10月ご利用分880円携帯電話料金とまとめて支払い',
    ]);
    expect(view?.querySelector('main')?.textContent).not.toContain('読み込んでいます');
    const more = [...(view?.querySelectorAll<HTMLButtonElement>('button') ?? [])].find((button) => button.textContent === 'さらに前の12か月を見る');
    expect(more?.disabled).toBe(true);
    expect(drawn('OPT0002', '/OptionServices/BillingHistory', [authInfo], [history({ ...months, months: 'none' })])).toBeUndefined();
    expect(drawn('OPT0002', '/OptionServices/BillingHistory', [authInfo], [history({ errorCode: 'E9999' }, 500)])).toBeUndefined();
  });

  describe('アカウント管理の確認ページ（読み出しはフローと同じ）', () => {
    const customerRead = (path: string, body: unknown, status = 200) => answer(`/api/customer/1000000002/${path}`, body, status);
    const userInfo = customerRead('user/info', userInfoOf());
    const security = customerRead('security/settings', { signInNoticeChannel: '5', passwordChangedAt: null });
    const optins = customerRead('optins', {
      optins: [
        { notice: 'billingAmount', email: true, sms: false },
        { notice: 'serviceNews', email: false, sms: false },
        { notice: 'campaign', email: false, sms: true },
      ],
    });
    const failed = customerRead('user/info', { errorCode: 'E9999' }, 500);
    const buttonsOf = (view: HTMLElement | undefined) => [...(view?.querySelectorAll<HTMLButtonElement>('main button') ?? [])];

    it('お客さま情報を、登録の情報と、まだ押せない変更・戻るボタンで描き、読み出しが欠ければ描かないこと', () => {
      const view = drawn('ACC0002', '/AccountMenu/Confirm/UserInfo', [authInfo], [userInfo, security, optins]);
      expect(view?.querySelector('h1')?.textContent).toBe('お客さま情報の確認');
      expect(view?.querySelector('.definition-list dd')?.textContent).toContain('小林 誠');
      expect(view?.querySelector('.alert')).toBeNull();
      expect(buttonsOf(view).map((button) => button.textContent)).toContain('アカウント管理に戻る');
      expect(buttonsOf(view).every((button) => button.disabled)).toBe(true);
      expect(drawn('ACC0002', '/AccountMenu/Confirm/UserInfo', [authInfo], [failed, security, optins])).toBeUndefined();
    });

    it('セキュリティ設定を、ログインIDとお知らせの受け取り方で描き、設定が読めなければ描かないこと', () => {
      const view = drawn('ACC0011', '/AccountMenu/Security/Info', [authInfo], [userInfo, security, optins]);
      expect(view?.querySelector('#security-login-heading')?.textContent).toBe('ログインID・パスワード');
      expect(view?.querySelector('main')?.textContent).toContain('ご契約時から変更されていません');
      expect(buttonsOf(view).length).toBeGreaterThan(1);
      expect(buttonsOf(view).every((button) => button.disabled)).toBe(true);
      expect(drawn('ACC0011', '/AccountMenu/Security/Info', [authInfo], [userInfo, customerRead('security/settings', { signInNoticeChannel: '9' }), optins])).toBeUndefined();
    });

    it('フローは三つの読み出しがそろって初めてページを見せるので、どれかが欠けるか形が違えば、どのページも描かないこと', () => {
      const brokenOptins = customerRead('optins', { optins: [] });
      for (const [pageId, path] of [
        ['ACC0002', '/AccountMenu/Confirm/UserInfo'],
        ['ACC0011', '/AccountMenu/Security/Info'],
        ['ACC0007', '/AccountMenu/Contact/Info'],
        ['ACC0015', '/AccountMenu/ReceiveSet/Info'],
      ] as const) {
        expect(drawn(pageId, path, [authInfo], [userInfo, security, optins]), pageId).toBeDefined();
        expect(drawn(pageId, path, [authInfo], [userInfo, security, brokenOptins]), pageId).toBeUndefined();
        expect(drawn(pageId, path, [authInfo], [userInfo, security]), pageId).toBeUndefined();
      }
    });

    it('連絡先を、メールアドレスと電話番号の確認の状態と、まだ押せないボタンで描くこと', () => {
      const view = drawn('ACC0007', '/AccountMenu/Contact/Info', [authInfo], [userInfo, security, optins]);
      expect(view?.querySelector('h1')?.textContent).toBe('連絡先の確認');
      expect(view?.querySelector('#contact-mail-heading')?.textContent).toBe('連絡先メールアドレス');
      expect(view?.querySelector('main')?.textContent).toContain('makoto@example.jp');
      expect(buttonsOf(view).map((button) => button.textContent)).toEqual(['メールアドレスを変更する', '電話番号を登録する', 'アカウント管理に戻る']);
      expect(buttonsOf(view).every((button) => button.disabled)).toBe(true);
    });

    it('受信設定を、お知らせごとの受け取り方と、まだ押せないボタンで描くこと', () => {
      const view = drawn('ACC0015', '/AccountMenu/ReceiveSet/Info', [authInfo], [userInfo, security, optins]);
      expect(view?.querySelector('h1')?.textContent).toBe('受信設定の確認');
      expect([...(view?.querySelectorAll('.definition-list dt') ?? [])].map((term) => term.textContent)).toEqual([
        'お支払い金額確定のお知らせ',
        'ご利用中のサービスに関するお知らせ',
        'キャンペーン・おすすめ情報',
      ]);
      expect(buttonsOf(view).length).toBeGreaterThan(1);
      expect(buttonsOf(view).every((button) => button.disabled)).toBe(true);
    });

    it('受信設定のご案内は読み出しなしで描き、戻るボタンはまだ押せないこと', () => {
      const view = drawn('ACC0018', '/AccountMenu/Recieve/Information', [authInfo]);
      expect(view?.querySelector('h1')?.textContent).toBe('受信設定のご案内');
      expect(buttonsOf(view).map((button) => [button.textContent, button.disabled])).toEqual([['受信設定の確認に戻る', true]]);
    });

    it('ログイン履歴を、最初のページと、次があればまだ押せない「もっと見る」で描くこと', () => {
      const entry = { occurredAt: '2026/11/26 10:00:00', result: 'SUCCESS', reason: null, device: 'スマートフォン', os: 'iOS 17.4', browser: 'Safari 17.4', ipAddress: '203.0.113.5' };
      const history = (page: number, totalPages: number) => customerRead('auth/history?page=1', { entries: [entry], page, pageSize: 20, totalCount: 21, totalPages });
      const view = drawn('ACC0014', '/AccountMenu/LoginHistory', [authInfo], [history(1, 2)]);
      expect(view?.querySelectorAll('.account-history > li')).toHaveLength(1);
      expect(buttonsOf(view).map((button) => [button.textContent, button.disabled])).toEqual([
        ['もっと見る', true],
        ['アカウント管理に戻る', true],
      ]);
      expect(buttonsOf(drawn('ACC0014', '/AccountMenu/LoginHistory', [authInfo], [history(2, 2)])).map((button) => button.textContent)).toEqual(['アカウント管理に戻る']);
      expect(drawn('ACC0014', '/AccountMenu/LoginHistory', [authInfo], [])).toBeUndefined();
    });
  });

  it('請求書を、発行できる月と、まだ選べない月のボタンで描き、URLに請求書の指定があれば描かないこと（遷移ルールの問い合わせ文字列）', () => {
    const session = (body: unknown) => answer('/api/customer/1000000002/invoice/session', body);
    const months = session({ lineGeneration: '4g', months: ['2026/10', '2026/09'] });
    const view = drawn('INV0001', '/Invoice', [authInfo], [months]);
    expect(view?.querySelector('h1')?.textContent).toBe('請求書');
    const buttons = [...(view?.querySelectorAll<HTMLButtonElement>('.choice-list button') ?? [])];
    expect(buttons.map((button) => [button.textContent, button.disabled])).toEqual([
      ['2026年10月ご利用分', true],
      ['2026年9月ご利用分', true],
    ]);
    expect(drawn('INV0001', '/Invoice', [authInfo], [session({ lineGeneration: '3g', months: [] })])?.querySelector('main')?.textContent).toContain('郵送でお届けしています');
    expect(drawn('INV0001', '/Invoice', [authInfo], [months], 'utm_source=mail')).toBeDefined();
    for (const search of ['contents=202610', 'cfservice=CF02', 'contents=nope']) {
      expect(drawn('INV0001', '/Invoice', [authInfo], [months], search), search).toBeUndefined();
    }
    expect(drawn('INV0001', '/Invoice', [authInfo], [session({ lineGeneration: '4g' })])).toBeUndefined();
  });

  it('サービスのご案内を、サービスの内容と、お申し込みできればまだ押せない「申し込む」で描くこと', () => {
    const applicable = usage('none', { contractId: null, planId: null, paymentMethod: null, allowedActions: ['apply'] });
    const view = drawn('ADB0001', '/AnshinDataBox', [authInfo], [usageRead({ restricted: false, services: [applicable] })]);
    expect(view?.querySelector('h1')?.textContent).toBe('あんしんデータボックス');
    expect(view?.querySelector('#service-included')?.textContent).toBe('サービスの内容');
    const apply = view?.querySelector<HTMLButtonElement>('main button');
    expect([apply?.textContent, apply?.disabled]).toEqual(['申し込む', true]);
    const active = drawn('ADB0001', '/AnshinDataBox', [authInfo], [usageRead({ restricted: false, services: [usage('active')] })]);
    expect(active?.querySelector('main button')).toBeNull();
    expect(active?.querySelector('#service-state')?.textContent).toBe('ご契約の状況');
    expect(active?.querySelector('a[href="/AnshinDataBox/Service/Detail"]')?.textContent).toBe('ご契約内容を見る');
    expect(drawn('ADB0001', '/AnshinDataBox', [authInfo], [usageRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
  });

  it('バスケットLIVEのご案内は、バスケットLIVEの見出しと内容で描くこと', () => {
    const view = drawn('BKL0001', '/BasketLive', [authInfo], [usageRead({ restricted: false, services: [] })]);
    expect(view?.querySelector('h1')?.textContent).toBe('バスケットLIVE');
    expect(view?.querySelector('#service-about')?.textContent).not.toBe('');
    expect(view?.querySelector('main')?.textContent).toContain('現在、ポータルからはお申し込みいただけません。');
  });

  describe('ご契約内容（Service/Detail）', () => {
    const couponsRead = (body: unknown, status = 200) => answer('/api/customer/1000000002/coupon/active', body, status);
    const coupon = (serviceId: string) => ({
      couponCd: 'WELCOME3',
      couponName: '3か月無料',
      serviceId,
      appliedAt: '2026-10-01T10:00:00+09:00',
      contractId: `c-${serviceId}`,
      benefitEndsAt: '2026-12-31T23:59:59+09:00',
    });
    const storageRead = (body: unknown, status = 200) => answer('/api/customer/1000000002/storage/usage', body, status);
    const storage = storageRead({ usedBytes: 12 * 1024 ** 3, capacityBytes: 50 * 1024 ** 3, measuredAt: '2026-11-26T03:00:00+09:00' });
    const anshin = (status: string) => contractsRead({ contracts: [contract('223', '225', status)] });
    const paymentChange = (view: HTMLElement | undefined) => [...(view?.querySelectorAll<HTMLButtonElement>('main button') ?? [])].find((b) => b.textContent === 'お支払い方法の変更');

    it('支払い方法の変更の流れが契約を読んだあとの表示を、保存容量・適用中の特典と、まだ押せない「お支払い方法の変更」で描くこと', () => {
      const view = drawn('ADB0004', '/AnshinDataBox/Service/Detail', [authInfo], [anshin('active'), couponsRead({ coupons: [coupon('223'), coupon(BasketLive.serviceId)] }), storage]);
      expect(view?.querySelector('h1')?.textContent).toBe('あんしんデータボックスのご契約内容');
      expect(view?.querySelector('#detail-contract')?.textContent).toBe('ご契約内容');
      expect(view?.querySelector('#adb-usage')?.parentElement?.textContent).toContain('12GB / 50GB 使用中（24%）');
      // Only this service's benefit, with its last day.
      expect(view?.querySelectorAll('.incentive li')).toHaveLength(1);
      expect(view?.querySelector('.incentive li')?.textContent).toBe('3か月無料（2026年12月31日まで）');
      expect(paymentChange(view)?.disabled).toBe(true);
      expect(view?.querySelector('main a[href="/AnshinDataBox/Cancel/Inform"]')).not.toBeNull();
    });

    it('バスケットLIVEも、そのサービスの表示で描き、特典がなければ特典の欄は描かないこと', () => {
      const view = drawn('BKL0004', '/BasketLive/Service/Detail', [authInfo], [
        contractsRead({ contracts: [contract(BasketLive.serviceId, BasketLive.plans[0].planId, 'active')] }),
        couponsRead({ coupons: [coupon('223')] }),
      ]);
      expect(view?.querySelector('h1')?.textContent).toBe('バスケットLIVEのご契約内容');
      expect(view?.querySelector('.incentive')).toBeNull();
      expect(paymentChange(view)?.disabled).toBe(true);
    });

    it('契約・特典・保存容量のどれかが失敗した・形が違う・誰の答えもないときは描かないこと', () => {
      const coupons = couponsRead({ coupons: [] });
      const path = '/AnshinDataBox/Service/Detail';
      expect(drawn('ADB0004', path, [authInfo], [anshin('active'), coupons, storage])).toBeDefined();
      expect(drawn('ADB0004', path, [authInfo], [contractsRead({ errorCode: 'E9999' }, 500), coupons, storage])).toBeUndefined();
      expect(drawn('ADB0004', path, [authInfo], [anshin('active'), couponsRead({ errorCode: 'E9999' }, 500), storage])).toBeUndefined();
      expect(drawn('ADB0004', path, [authInfo], [anshin('active'), couponsRead({ coupons: [{ couponCd: 'x' }] }), storage])).toBeUndefined();
      expect(drawn('ADB0004', path, [authInfo], [anshin('active'), coupons, storageRead({ errorCode: 'E0008' }, 400)])).toBeUndefined();
      expect(drawn('ADB0004', path, [authInfo], [anshin('active'), coupons])).toBeUndefined();
      expect(drawn('ADB0004', path, [], [anshin('active'), coupons, storage])).toBeUndefined();
    });
    it('スマホ設定サポート定額のご契約内容を、継続利用特典と、まだ押せない履歴のボタンで描き、契約がなければショップのご案内を描くこと', () => {
      const benefit = {
        asOf: '2026/11/27',
        startedOn: '2025/11/01',
        monthsOfUse: 12,
        grants: [{ milestoneMonths: 6, grantedOn: '2026/05/01', points: 500 }],
        totalPoints: 500,
        next: { milestoneMonths: 12, grantedOn: '2026/11/01', points: 1000, periodEndsOn: '2026/10/31' },
      };
      const path = '/Sumahosetup-support/Service/Detail';
      const view = drawn('SSS0001', path, [authInfo], [
        contractsRead({ contracts: [contract(InStoreSupport.serviceId, InStoreSupport.plans[0].planId, 'active', { continuedUseBenefit: benefit })] }),
      ]);
      expect(view?.querySelector('h1')?.textContent).toBe('スマホ設定サポート定額のご契約内容');
      expect(view?.querySelector('#sss-benefit')?.parentElement?.textContent).toContain('500');
      const buttons = [...(view?.querySelectorAll<HTMLButtonElement>('main button') ?? [])];
      expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
        ['継続利用特典の履歴を見る', true],
        ['サポートのご利用履歴を見る', true],
      ]);
      const none = drawn('SSS0001', path, [authInfo], [contractsRead({ contracts: [] })]);
      expect(none?.querySelector('#sss-none')?.textContent).toBe('スマホ設定サポート定額のご契約はありません');
      expect(drawn('SSS0001', path, [authInfo], [contractsRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
      expect(drawn('SSS0001', path, [], [contractsRead({ contracts: [] })])).toBeUndefined();
    });
  });

  describe('解約について（Cancel/Inform）', () => {
    const basketLive = (status: string) => contractsRead({ contracts: [contract(BasketLive.serviceId, BasketLive.plans[0].planId, status)] });
    const button = (view: HTMLElement | undefined) => view?.querySelector<HTMLButtonElement>('main button');

    it('解約の流れが契約を読んだあとの表示を、まだ押せない「解約のお手続きへ進む」で描くこと', () => {
      const view = drawn('BKL0008', '/BasketLive/Cancel/Inform', [authInfo], [basketLive('active')]);
      expect(view?.querySelector('h1')?.textContent).toBe('バスケットLIVEの解約について');
      expect(view?.querySelector('#cancel-contract')?.textContent).toBe('現在のご契約');
      expect(view?.querySelector('#cancel-notes')?.textContent).toBe('解約の前にご確認ください');
      expect([button(view)?.textContent, button(view)?.disabled]).toEqual(['解約のお手続きへ進む', true]);
      expect(view?.querySelector('[role="alert"]')).toBeNull();
    });

    it('解約予約中なら取り消しへ、解約できない契約なら進むボタンなしで E0008 を、流れの判断どおりに描くこと', () => {
      const reserved = drawn('BKL0008', '/BasketLive/Cancel/Inform', [authInfo], [basketLive('withdrawal_reserved')]);
      expect(reserved?.querySelector('#cancel-reserved')?.textContent).toBe('解約のご予約について');
      expect([button(reserved)?.textContent, button(reserved)?.disabled]).toEqual(['解約予約の取り消しへ進む', true]);
      const ended = drawn('BKL0008', '/BasketLive/Cancel/Inform', [authInfo], [basketLive('withdrawn')]);
      expect(button(ended)).toBeNull();
      expect(ended?.querySelector('[role="alert"]')?.textContent).toContain('E0008');
    });

    it('スマホ設定サポート定額とあんしんデータボックスも、それぞれのサービスの表示で描くこと', () => {
      const support = drawn('SSS0005', '/Sumahosetup-support/Cancel/Inform', [authInfo], [
        contractsRead({ contracts: [contract(InStoreSupport.serviceId, InStoreSupport.plans[0].planId, 'active')] }),
      ]);
      expect(support?.querySelector('h1')?.textContent).toBe('スマホ設定サポート定額の解約について');
      expect(button(support)?.disabled).toBe(true);
      const storage = drawn('ADB0008', '/AnshinDataBox/Cancel/Inform', [authInfo], [contractsRead({ contracts: [contract('223', '225', 'suspended')] })]);
      expect(storage?.querySelector('h1')?.textContent).toBe('あんしんデータボックスの解約について');
      expect(button(storage)?.disabled).toBe(true);
    });

    it('契約の読み出しが失敗した・形が違う・誰の答えもないときは描かないこと', () => {
      expect(drawn('BKL0008', '/BasketLive/Cancel/Inform', [authInfo], [contractsRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
      expect(drawn('BKL0008', '/BasketLive/Cancel/Inform', [authInfo], [contractsRead({ contracts: [{ contractId: 'c-1' }] })])).toBeUndefined();
      expect(drawn('BKL0008', '/BasketLive/Cancel/Inform', [], [basketLive('active')])).toBeUndefined();
    });
  });

  describe('利用再開（Resume/Confirm）', () => {
    const storage = (status: string) => contractsRead({ contracts: [contract('223', '225', status)] });

    it('利用再開の流れが契約を読んだあとの表示を、まだ選べないお支払い方法と押せない「利用を再開する」で描くこと', () => {
      const view = drawn('ADB0011', '/AnshinDataBox/Resume/Confirm', [authInfo], [storage('suspended')]);
      expect(view?.querySelector('h1')?.textContent).toBe('あんしんデータボックスの利用再開');
      expect(view?.querySelector('#resume-contract')?.textContent).toBe('現在のご契約');
      expect(view?.querySelector('#resume-terms')?.textContent).toBe('利用再開について');
      expect(view?.querySelector<HTMLFieldSetElement>('main fieldset')?.disabled).toBe(true);
      const submit = view?.querySelector<HTMLButtonElement>('main button[type="submit"]');
      expect([submit?.textContent, submit?.disabled]).toEqual(['利用を再開する', true]);
      expect(view?.querySelector('[role="alert"]')).toBeNull();
    });

    it('停止中でない契約には、流れの判断どおり E0008 とご契約内容へ戻るリンクだけを描くこと', () => {
      const view = drawn('ADB0011', '/AnshinDataBox/Resume/Confirm', [authInfo], [storage('active')]);
      expect(view?.querySelector('[role="alert"]')?.textContent).toContain('E0008');
      expect(view?.querySelector('main form')).toBeNull();
      expect(view?.querySelector('main a.button')?.textContent).toBe('ご契約内容に戻る');
    });

    it('契約の読み出しが失敗した・形が違う・誰の答えもないときは描かないこと', () => {
      expect(drawn('ADB0011', '/AnshinDataBox/Resume/Confirm', [authInfo], [contractsRead({ errorCode: 'E9999' }, 500)])).toBeUndefined();
      expect(drawn('ADB0011', '/AnshinDataBox/Resume/Confirm', [authInfo], [contractsRead({ contracts: [{ contractId: 'c-1' }] })])).toBeUndefined();
      expect(drawn('ADB0011', '/AnshinDataBox/Resume/Confirm', [], [storage('suspended')])).toBeUndefined();
    });
  });

  describe('バスケットLIVEのプラン変更（Plan/Change）', () => {
    const live = (status: string, extra: Record<string, unknown> = {}) =>
      contractsRead({ contracts: [contract(BasketLive.serviceId, '232-2', status, extra)] });
    const planChange = (read: FirstAnswer, answers: readonly FirstAnswer[] = [authInfo]) => drawn('BKL0011', '/BasketLive/Plan/Change', answers, [read]);

    it('プラン変更の流れが契約を読んだあとの表示を、現在のプランと、まだ選べない変更後のプラン・押せない「変更内容の確認へ進む」で描くこと', () => {
      const view = planChange(live('active'));
      expect(view?.querySelector('h1')?.textContent).toBe('バスケットLIVEのプラン変更');
      expect(view?.querySelector('#bkl-current-plan')?.textContent).toBe('現在のプラン');
      expect(view?.querySelector('#bkl-current-plan + dl dd')?.textContent).toBe('プレミアム（月額1,650円(税込)）');
      const fieldset = view?.querySelector<HTMLFieldSetElement>('main fieldset');
      expect(fieldset?.disabled).toBe(true);
      // The plans the flow offers: every plan but the current one.
      expect([...(fieldset?.querySelectorAll('input[type="radio"]') ?? [])].map((radio) => (radio as HTMLInputElement).value)).toEqual(['232', '232-1', '232-3', '232-4']);
      const submit = view?.querySelector<HTMLButtonElement>('main button[type="submit"]');
      expect([submit?.textContent, submit?.disabled]).toEqual(['変更内容の確認へ進む', true]);
      expect(view?.querySelector('[role="alert"]')).toBeNull();
    });

    it('変更予約があれば、その予約と、現在のプランのままにする（取り消す）選択肢を描くこと', () => {
      const view = planChange(live('active', { pendingPlan: { planId: '232', effectiveDate: '2026/12/01' } }));
      expect(view?.querySelector('main dl')?.textContent).toContain('変更予約');
      expect(view?.querySelector('main fieldset')?.textContent).toContain('プレミアム（月額1,650円(税込)）のまま（変更予約の取り消し）');
    });

    it('利用中でない契約・契約なしは、流れがエラーページ（E0008）へ進むので描かないこと', () => {
      expect(planChange(live('suspended'))).toBeUndefined();
      expect(planChange(live('withdrawal_reserved'))).toBeUndefined();
      expect(planChange(contractsRead({ contracts: [] }))).toBeUndefined();
    });

    it('契約の読み出しが失敗した・形が違う・誰の答えもないときは描かないこと', () => {
      expect(planChange(contractsRead({ errorCode: 'E9999' }, 500))).toBeUndefined();
      expect(planChange(contractsRead({ contracts: [{ contractId: 'c-1' }] }))).toBeUndefined();
      expect(planChange(live('active'), [])).toBeUndefined();
    });
  });

  it('遷移ルールが扱う問い合わせ文字列（redirect・pageId・請求書の指定）があれば、どのページも描かないこと', () => {
    expect(drawn('ACC0001', '/AccountMenu', [], [], 'utm_source=mail&from=top')).toBeDefined();
    for (const search of ['redirect=https%3A%2F%2Fshop.example.jp%2F', 'pageId=ACC0001', 'contents=202610', 'x=1&cfservice=CF02']) {
      expect(drawn('ACC0001', '/AccountMenu', [], [], search), search).toBeUndefined();
    }
  });

  it('描く表示のないページには何も返さないこと', () => {
    expect(drawn('ACC0004', '/AccountMenu/Update/Phone', [authInfo])).toBeUndefined();
    expect(drawn('ACC0016', '/AccountMenu/ReceiveSet/Change', [authInfo])).toBeUndefined();
  });
});

describe('アプリによる引き継ぎ（adoptFirstView）', () => {
  const drawnPage = `<div id="first-view"><a class="skip-link" href="#main">本文へ移動</a><main id="main"><a href="/AccountMenu">アカウント管理</a><a href="/OptionServices?tab=1">オプション</a><a href="https://example.com/help">ヘルプ</a><a href="/auth/login?type=10">ログイン</a></main></div><div id="root" hidden><p>app</p></div>`;
  const click = (selector: string, init: MouseEventInit = {}) => {
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
    document.querySelector(selector)?.dispatchEvent(event);
    return event;
  };

  it('最初の表示を外し、隠していたアプリの root を同じ時に見せること', () => {
    document.body.innerHTML = drawnPage;
    expect(adoptFirstView(document).takeOver()).toBeUndefined();
    expect(document.getElementById('first-view')).toBeNull();
    expect(document.getElementById('root')?.hidden).toBe(false);
    expect(document.body.textContent).toBe('app');
  });

  it('引き継ぐまでに選ばれたリンクは新しい文書として開かず、最後のものを引き継いだアプリに渡すこと', () => {
    document.body.innerHTML = drawnPage;
    const firstView = adoptFirstView(document);
    expect(click('a[href="/AccountMenu"]').defaultPrevented).toBe(true);
    expect(click('a[href="/OptionServices?tab=1"]').defaultPrevented).toBe(true);
    expect(firstView.takeOver()).toBe('/OptionServices?tab=1');
    // Once taken over, nothing is held any more.
    expect(firstView.takeOver()).toBeUndefined();
  });

  it('ページ内のリンク・別のサイト・サーバーのログイン・新しいタブで開く操作は、そのままブラウザに任せること', () => {
    document.body.innerHTML = drawnPage;
    const firstView = adoptFirstView(document);
    expect(click('a[href="#main"]').defaultPrevented).toBe(false);
    expect(click('a[href="https://example.com/help"]').defaultPrevented).toBe(false);
    // The server's sign-on is no page of the app: the app could only answer it with its not-found page.
    expect(click('a[href="/auth/login?type=10"]').defaultPrevented).toBe(false);
    expect(click('a[href="/AccountMenu"]', { ctrlKey: true }).defaultPrevented).toBe(false);
    expect(click('a[href="/AccountMenu"]', { button: 1 }).defaultPrevented).toBe(false);
    expect(firstView.takeOver()).toBeUndefined();
  });

  describe('押したまま引き継がれたマウスの押下', () => {
    const pointer = (type: string, selector: string, init: PointerEventInit = {}) =>
      document.querySelector(selector)?.dispatchEvent(new PointerEvent(type, { bubbles: true, cancelable: true, button: 0, isPrimary: true, pointerType: 'mouse', clientX: 10, clientY: 20, ...init }));
    /** The app's page after the take-over: its link where the drawn one was. */
    const appPage = '<div id="first-view"><main><a href="/AccountMenu">アカウント管理</a></main></div><div id="root" hidden><a id="app-link" href="/AccountMenu">アカウント管理</a><a id="other" href="/Top">トップ</a></div>';
    // jsdom lays nothing out: the element under the release is given.
    const underRelease = (selector: string) => {
      document.elementFromPoint = () => document.querySelector(selector);
    };
    afterEach(() => {
      Reflect.deleteProperty(document, 'elementFromPoint');
    });
    /** The clicks the app's links get, in order. */
    const clicksOn = (...selectors: string[]) => {
      const seen: string[] = [];
      for (const selector of selectors) {
        document.querySelector(selector)?.addEventListener('click', (event) => {
          event.preventDefault();
          seen.push(selector);
        });
      }
      return seen;
    };

    it('アプリの同じ行き先のリンクの上で離せば、そのリンクを一度押すこと', () => {
      document.body.innerHTML = appPage;
      const firstView = adoptFirstView(document);
      pointer('pointerdown', '#first-view a');
      expect(firstView.takeOver()).toBeUndefined();
      const clicks = clicksOn('#app-link');
      underRelease('#app-link');
      pointer('pointerup', '#app-link');
      pointer('pointerup', '#app-link');
      expect(clicks).toEqual(['#app-link']);
    });

    it('別の行き先の上で離した・取り消された（ドラッグ）・指で触れた・引き継ぐ前に離したときは、何も押さないこと', () => {
      for (const [init, end, at] of [
        [{}, 'pointerup', '#other'],
        [{}, 'pointercancel', '#app-link'],
        [{ pointerType: 'touch' }, 'pointerup', '#app-link'],
        [{ button: 1 }, 'pointerup', '#app-link'],
      ] as const) {
        document.body.innerHTML = appPage;
        const firstView = adoptFirstView(document);
        pointer('pointerdown', '#first-view a', init);
        firstView.takeOver();
        const clicks = clicksOn('#app-link', '#other');
        underRelease(at);
        pointer(end, at, init);
        expect(clicks, `${JSON.stringify(init)} ${end} ${at}`).toEqual([]);
      }
      document.body.innerHTML = appPage;
      const firstView = adoptFirstView(document);
      pointer('pointerdown', '#first-view a');
      pointer('pointerup', '#first-view a');
      firstView.takeOver();
      const clicks = clicksOn('#app-link');
      underRelease('#app-link');
      pointer('pointerup', '#app-link');
      expect(clicks).toEqual([]);
    });
  });

  it('最初の表示がなければ何も変えないこと', () => {
    document.body.innerHTML = '<div id="root"><a href="/Top">トップ</a></div>';
    const firstView = adoptFirstView(document);
    expect(click('a[href="/Top"]').defaultPrevented).toBe(false);
    expect(firstView.takeOver()).toBeUndefined();
    expect(document.body.innerHTML).toBe('<div id="root"><a href="/Top">トップ</a></div>');
  });
});
