/** Pieces every account page shows. */
import type { AccountEvent } from '../../../machines/account-menu/account.machine';
import { BusyLine } from '../service-flow/busy-line';

export function BackToMenuButton({ send }: { readonly send: (event: AccountEvent) => void }) {
  return (
    <button type="button" className="button button--secondary button--block" onClick={() => send({ type: 'menu.open' })}>
      アカウント管理に戻る
    </button>
  );
}

/** What a page shows while the flow is in another page's state: the URL follows the machine there at once. */
export function LeavingPage() {
  return <BusyLine>画面を切り替えています。</BusyLine>;
}
