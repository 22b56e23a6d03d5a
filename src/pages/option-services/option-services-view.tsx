/**
 * The option services page's body from its props only: the page (option-services-page.tsx) and the
 * server's first view (docs/decisions/0106-first-view-from-the-server.md) both draw it.
 */
import { Link } from '@tanstack/react-router';
import type { ServiceUsageStatus } from '../../../contracts/api/service-contracts';
import { routedPage } from '../page-views';
import type { CatalogueEntry } from '../service-catalogue';
import { ServiceStateLabels } from '../service-flow/service-copy';
import { contractLink } from '../top/service-actions';

export type OptionServicesViewProps = {
  readonly entries: readonly CatalogueEntry[];
  /** The customer's state per service; undefined until it has arrived. */
  readonly usage?: ServiceUsageStatus | undefined;
};

export function OptionServicesView({ entries, usage }: OptionServicesViewProps) {
  return (
    <>
      <p className="lead">スマートフォンをもっと便利に、安心してお使いいただくためのオプションサービスです。</p>
      <ul className="catalogue">
        {entries.map((entry) => {
          const state = usage?.services.find((service) => service.serviceId === entry.serviceId);
          const contract = state === undefined ? undefined : contractLink(state);
          return (
            <li key={entry.serviceId}>
              <section className="card" aria-labelledby={`service-${entry.serviceId}`}>
                <div className="card__header">
                  <h2 id={`service-${entry.serviceId}`}>{entry.name}</h2>
                  {state === undefined ? null : <span className={`status status--${state.state}`}>{ServiceStateLabels[state.state]}</span>}
                </div>
                <p>{entry.summary}</p>
                {entry.priceLabel === null ? null : <p className="price">{entry.priceLabel}</p>}
                {entry.priceNote === '' ? null : <p className="note">{entry.priceNote}</p>}
                {contract === undefined ? null : (
                  <Link to={contract.to} className="button button--block">
                    {contract.label}
                  </Link>
                )}
                {entry.landingPath !== null && routedPage(entry.landingPath) !== undefined ? (
                  <Link to={entry.landingPath} className="button button--secondary button--block">
                    {entry.name}の詳細・お申し込み
                  </Link>
                ) : null}
              </section>
            </li>
          );
        })}
      </ul>
      <p>
        <Link to="/OptionServices/BillingHistory">ご利用料金の履歴を見る</Link>
      </p>
    </>
  );
}
