/**
 * The price list bills are computed from, keyed by service id: each optional service's plans with
 * their monthly prices (yen, consumption tax included), whether the application month is free,
 * whether coupons apply, and the tax rate. Built from the service catalogue, the one place the
 * prices are decided (ADR 0069, ADR 0072), so a bill cannot disagree with the pages.
 */
import type { PlanIdValue, ServiceIdValue } from '../codes';
import { perService } from '../services/catalogue';
import type { ServiceDefinition } from '../services/service-definition';
import type { TaxRate } from './bill-schemas';


export const StandardTaxRate = 10 satisfies TaxRate;

export type PricedPlan = {
  readonly planId: PlanIdValue;
  readonly name: string;
  /** Yen a month, consumption tax included. */
  readonly monthlyPrice: number;
};

export type ServicePrices = {
  readonly serviceId: ServiceIdValue;
  readonly serviceName: string;
  readonly plans: readonly PricedPlan[];
  /** The month the contract starts in is not charged. */
  readonly firstMonthFree: boolean;
  /** A coupon can be used on the service's contracts. */
  readonly coupons: boolean;
  readonly taxRate: TaxRate;
};

function pricesOf(definition: ServiceDefinition): ServicePrices {
  return {
    serviceId: definition.serviceId,
    serviceName: definition.name,
    plans: definition.plans.map(({ planId, name, monthlyPrice }) => ({ planId, name, monthlyPrice })),
    firstMonthFree: definition.firstMonthFree,
    coupons: definition.coupons,
    // Every optional service is at the standard rate.
    taxRate: StandardTaxRate,
  };
}

export const PriceList: Readonly<Record<ServiceIdValue, ServicePrices>> = perService(pricesOf);

/** The prices of a service; RangeError for an id that is not one of ours. */
export function servicePrices(serviceId: string): ServicePrices {
  const prices = Object.hasOwn(PriceList, serviceId) ? PriceList[serviceId as ServiceIdValue] : undefined;
  if (prices === undefined) throw new RangeError(`not a service of the price list: ${serviceId}`);
  return prices;
}

/** A plan of the service with its price; RangeError for a plan id the service does not have. */
export function pricedPlan(serviceId: string, planId: string): PricedPlan {
  const plan = servicePrices(serviceId).plans.find((candidate) => candidate.planId === planId);
  if (plan === undefined) throw new RangeError(`plan ${planId} is not a plan of service ${serviceId}`);
  return plan;
}
