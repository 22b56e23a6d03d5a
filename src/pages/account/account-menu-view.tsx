/**
 * The account menu's items (ACC0001), from its props only: the page (account-menu-page.tsx) binds
 * them to the account flow, and the server's first view (ADR 0106) draws them before the app has
 * loaded, not yet usable. An item shows only when its page is live.
 */
import { findLivePage } from '../../../machines/page-table';
import type { AccountEvent } from '../../../machines/account-menu/account.machine';
import { AccountPages } from '../../../machines/account-menu/account-pages';

type MenuItem = { readonly page: string; readonly event: AccountEvent; readonly label: string; readonly support: string };

const menuItems: readonly MenuItem[] = [
  { page: AccountPages.userInfo, event: { type: 'userinfo.open' }, label: 'お客さま情報', support: 'お名前・ご住所・電話番号・メールアドレスの確認と変更' },
  { page: AccountPages.contactInfo, event: { type: 'contact.open' }, label: '連絡先', support: 'お知らせや確認コードを受け取るメールアドレス・電話番号' },
  { page: AccountPages.securityInfo, event: { type: 'security.open' }, label: 'セキュリティ設定', support: 'ログインID・パスワードの変更、ログインのお知らせ' },
  { page: AccountPages.loginHistory, event: { type: 'history.open' }, label: 'ログイン履歴', support: 'いつ・どの端末からログインしたか（90日分）' },
  { page: AccountPages.receiveInfo, event: { type: 'receive.open' }, label: '受信設定', support: 'メール・SMSで受け取るお知らせ' },
];

export type AccountMenuViewProps = {
  /** The flow is at its menu: the items can be chosen. */
  readonly enabled: boolean;
  readonly onOpen: (event: AccountEvent) => void;
};

export function AccountMenuView({ enabled, onOpen }: AccountMenuViewProps) {
  const items = menuItems.filter((item) => findLivePage(item.page) !== undefined);
  return (
    <nav aria-label="アカウント管理のメニュー">
      <ul className="account-menu">
        {items.map((item) => (
          <li key={item.page}>
            <button type="button" className="account-menu__item" disabled={!enabled} onClick={() => onOpen(item.event)}>
              <span className="account-menu__label">{item.label}</span>
              <span className="account-menu__support">{item.support}</span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
