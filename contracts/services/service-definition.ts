/**
 * What the service-flow kit knows of an optional service (docs/decisions/0068-service-flow-kit.md):
 * its entry in the service catalogue (contracts/services/catalogue.ts): ids, plans and
 * tax-included prices, the actions it offers, how the entry judge's mail-address failure is
 * treated, whether coupons apply, route prefix and flow ids. The kit's machines
 * (machines/service-flow/) and views (src/pages/service-flow/) read it; its Japanese copy is in
 * its view (src/pages/<service>/).
 */
import type { PlanIdValue, ServiceIdValue } from '../codes';
import type { ServiceAction } from '../lifecycle';
import type { CatalogueEntry, CataloguePlan, CatalogueService } from './catalogue';

export type ServicePlan = CataloguePlan & { readonly planId: PlanIdValue };

/** A service catalogue entry with its ids typed as the spec's codes. */
export type ServiceDefinition = Omit<CatalogueEntry, 'serviceId' | 'slug' | 'plans'> & {
  readonly serviceId: ServiceIdValue;
  readonly slug: CatalogueService['slug'];
  readonly plans: readonly [ServicePlan, ...ServicePlan[]];
};

/** The pages every service has, as suffixes of its route prefix (spec sections 2 and 4). */
export const ServicePages = {
  landing: '',
  apply: '/Apply',
  applyCompleted: '/Apply/Completed',
  detail: '/Service/Detail',
  updatePayment: '/Update/Payment',
  updateConfirm: '/Update/Confirm',
  updateCompleted: '/Update/Completed',
  cancelInform: '/Cancel/Inform',
  cancelConfirm: '/Cancel/Confirm',
  cancelCompleted: '/Cancel/Completed',
  resumeConfirm: '/Resume/Confirm',
  resumeCompleted: '/Resume/Completed',
  planChange: '/Plan/Change',
  planCompleted: '/Plan/Completed',
} as const;
export type ServicePage = keyof typeof ServicePages;

export function servicePath(service: Pick<ServiceDefinition, 'routePrefix'>, page: ServicePage): string {
  return `${service.routePrefix}${ServicePages[page]}`;
}

/** The flows the kit builds, each for a service that offers the action of the same name. */
export const KitFlowKinds = ['apply', 'changePayment', 'cancel', 'resume'] as const satisfies readonly ServiceAction[];
export type KitFlowKind = (typeof KitFlowKinds)[number];

/** The machine id of one of the service's kit flows: `anshin` + `Apply`. */
export function kitFlowId(service: Pick<ServiceDefinition, 'flowPrefix'>, kind: KitFlowKind): string {
  return `${service.flowPrefix}${kind.charAt(0).toUpperCase()}${kind.slice(1)}`;
}

/** The service's plan with this id; its first plan (the one an application starts with) when the id is absent or not its own. */
export function planOf(service: Pick<ServiceDefinition, 'plans'>, planId: string | null): ServicePlan {
  return service.plans.find((plan) => plan.planId === planId) ?? service.plans[0];
}
