/** /OptionServices: the service catalogue with tax-inclusive monthly prices. */
import { Link } from '@tanstack/react-router';
import { routedPage } from '../page-views';
import { serviceCatalogue, type CatalogueEntry } from '../service-catalogue';

export function OptionServicesPage() {
  return <OptionServicesView entries={serviceCatalogue} />;
}

export function OptionServicesView({ entries }: { readonly entries: readonly CatalogueEntry[] }) {
  return (
    <>
      <p className="lead">スマートフォンをもっと便利に、安心してお使いいただくためのオプションサービスです。</p>
      <ul className="catalogue">
        {entries.map((entry) => (
          <li key={entry.serviceId}>
            <section className="card" aria-labelledby={`service-${entry.serviceId}`}>
              <h2 id={`service-${entry.serviceId}`}>{entry.name}</h2>
              <p>{entry.summary}</p>
              {entry.priceLabel === null ? null : <p className="price">{entry.priceLabel}</p>}
              {entry.priceNote === '' ? null : <p className="note">{entry.priceNote}</p>}
              {entry.landingPath !== null && routedPage(entry.landingPath) !== undefined ? (
                <Link to={entry.landingPath} className="button button--secondary button--block">
                  {entry.name}の詳細・お申し込み
                </Link>
              ) : null}
            </section>
          </li>
        ))}
      </ul>
    </>
  );
}
