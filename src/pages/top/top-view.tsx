/**
 * The top page's body from its props only: the page (top-page.tsx) passes the services read and
 * the session, the server's first view (docs/decisions/0106-first-view-from-the-server.md) the same
 * read made with the customer's session before the app has loaded.
 */
import { Link } from '@tanstack/react-router';
import { match } from 'ts-pattern';
import type { ServiceUsage, ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { ErrorCode } from '../../../contracts/error-catalogue';
import { ErrorMessage } from '../../components/error-message';
import { formatDate, ServiceStateLabels } from '../service-flow/service-copy';
import { serviceLinks } from './service-actions';

export type TopViewProps = {
  readonly status: ServiceUsageStatus;
  readonly sessionToken: string;
  /** Undefined on the server's first view: sign-out is drawn but not usable until the app has taken over. */
  readonly onLogout: (() => void) | undefined;
  /** Why the customer landed here instead of the page they opened (E9997). */
  readonly notice?: string | undefined;
};

export function TopView({ status, sessionToken, onLogout, notice }: TopViewProps) {
  return (
    <>
      {notice === undefined ? null : <ErrorMessage code={notice} tone="notice" />}
      {status.restricted ? <ErrorMessage code={ErrorCode.StatusForbidsProcedure} /> : null}
      <section aria-labelledby="top-services">
        <h2 id="top-services">ご契約中・お申し込みできるサービス</h2>
        {status.services.map((usage) => (
          <ServiceCard key={usage.serviceId} usage={usage} restricted={status.restricted} />
        ))}
      </section>
      <ul className="link-list">
        <li>
          <Link to="/OptionServices">オプションサービスの一覧と料金</Link>
        </li>
        <li>
          <Link to="/OptionServices/BillingHistory">ご利用料金の履歴</Link>
        </li>
        <li>
          <Link to="/AccountMenu">アカウント管理（お客さま情報・ログインID・パスワード）</Link>
        </li>
      </ul>
      <form method="post" action="/auth/logout" onSubmit={onLogout}>
        <input type="hidden" name="session-token" value={sessionToken} />
        <div className="button-row">
          <button type="submit" className="button button--secondary button--block" disabled={onLogout === undefined}>
            ログアウト
          </button>
        </div>
      </form>
    </>
  );
}

function stateNote(usage: ServiceUsage): string | null {
  const date = (value: string | null) => (value === null ? '' : formatDate(value));
  return match(usage.state)
    .with('withdrawal_reserved', () => (usage.withdrawalAt === null ? '解約のご予約を承っています。' : `${date(usage.withdrawalAt)}に解約となります。`))
    .with('suspended', () => 'ご利用を停止しています。利用を再開するお手続きができます。')
    .with('withdrawn', () => (usage.withdrawalAt === null ? null : `${date(usage.withdrawalAt)}に解約しました。`))
    .with('active', 'none', () => null)
    .exhaustive();
}

function ServiceCard({ usage, restricted }: { readonly usage: ServiceUsage; readonly restricted: boolean }) {
  const links = restricted ? [] : serviceLinks(usage);
  const note = stateNote(usage);
  const headingId = `top-service-${usage.serviceId}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <div className="card__header">
        <h3 id={headingId}>{usage.serviceName}</h3>
        <span className={`status status--${usage.state}`}>{ServiceStateLabels[usage.state]}</span>
      </div>
      {usage.paymentMethod === null ? null : (
        <p className="note">
          お支払い方法：{usage.paymentMethod.label}
          {usage.paymentMethod.cardLast4 === null ? '' : `（下4桁 ${usage.paymentMethod.cardLast4}）`}
        </p>
      )}
      {note === null ? null : <p>{note}</p>}
      {links.length === 0 ? (
        <p className="note">{restricted ? 'ただいまお手続きはご利用いただけません。' : 'いまポータルでできるお手続きはありません。'}</p>
      ) : (
        <ul className="action-list">
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="button button--secondary button--block">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
