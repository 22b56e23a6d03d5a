import { useServiceView } from './service-view';

/** The service's terms, shown in full before consent (short enough not to need a scroll box). */
export function TermsText() {
  const { service, terms } = useServiceView();
  return (
    <div className="terms" role="region" aria-label={`${service.name} ご利用規約`}>
      <h3>{service.name} ご利用規約（抜粋）</h3>
      <ol>
        {terms.map((clause) => (
          <li key={clause}>{clause}</li>
        ))}
      </ol>
    </div>
  );
}
