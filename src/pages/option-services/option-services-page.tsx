/**
 * /OptionServices: the service catalogue with tax-inclusive monthly prices and each service's
 * state with the way to its contract page. The route's loader asks for the customer's usage,
 * which comes with the HTML when the server drew the page (docs/decisions/0106); if it cannot be
 * read the catalogue still shows, and the page asks again. The markup is OptionServicesView's.
 */
import { useQuery } from '@tanstack/react-query';
import { usageStatusQueryOptions } from '../top/usage-status-query';
import { serviceCatalogue } from '../service-catalogue';
import { OptionServicesView } from './option-services-view';

export function OptionServicesPage() {
  const usage = useQuery(usageStatusQueryOptions());
  return <OptionServicesView entries={serviceCatalogue} usage={usage.data} />;
}
