/**
 * The optional-service catalogue as customers see it: names, what each is, and the monthly
 * price including tax (総額表示). Prices come from where the flows read them (contracts/), so
 * the catalogue and the application pages cannot disagree.
 */
import type { ServiceIdValue } from '../../contracts/codes';
import { catalogueServices } from '../../contracts/services/catalogue';
import { servicePath, type ServiceDefinition } from '../../contracts/services/service-definition';
import { formatTaxIncludedYen } from '../../contracts/text/yen';

export type CatalogueEntry = {
  readonly serviceId: ServiceIdValue;
  readonly name: string;
  readonly summary: string;
  /** The monthly price including consumption tax ("月額 550円(税込)", "月額 330円(税込)〜"); null where the portal offers none. */
  readonly priceLabel: string | null;
  readonly priceNote: string;
  /** The service's own page in the portal, when it has one. */
  readonly landingPath: string | null;
};

/** "月額 550円(税込)" for one plan; the lowest price and "〜" when the service has several. */
function priceLabelOf(service: ServiceDefinition): string {
  const prices = service.plans.map((plan) => plan.monthlyPrice);
  const lowest = Math.min(...prices);
  return prices.length === 1 ? `月額 ${formatTaxIncludedYen(lowest)}` : `月額 ${formatTaxIncludedYen(lowest)}〜`;
}

/** When the customer can use the service and from when it is charged, in one or two sentences. */
function priceNoteOf(service: ServiceDefinition): string {
  if (!service.actions.includes('apply')) return `${service.plans.length}つのプランがあります。お申し込みはショップで承ります。`;
  const choice = service.plans.length > 1 ? `${service.plans.length}つのプランからお選びいただけます。` : '';
  const charging = service.firstMonthFree
    ? 'お申し込み日からご利用いただけます。料金はお申し込みの翌月分から発生します。'
    : 'お申し込み日からご利用いただけ、お申し込み月から料金が発生します。';
  return choice + charging;
}

export const serviceCatalogue: readonly CatalogueEntry[] = catalogueServices.map((service: ServiceDefinition) => ({
  serviceId: service.serviceId,
  name: service.name,
  summary: service.summary,
  priceLabel: priceLabelOf(service),
  priceNote: priceNoteOf(service),
  // A shop-applied service has no landing page in the portal.
  landingPath: service.actions.includes('apply') ? servicePath(service, 'landing') : null,
}));
