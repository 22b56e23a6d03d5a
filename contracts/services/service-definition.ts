/**
 * What the service-flow kit knows of an optional service (docs/decisions/0068-service-flow-kit.md):
 * its ids, plans and tax-included prices, how the entry judge's mail-address failure is treated,
 * whether coupons apply, route prefix and flow ids. Data only: the kit's machines
 * (machines/service-flow/) and views (src/pages/service-flow/) read it; its Japanese copy is in
 * its view (src/pages/<service>/); which actions a service offers stays in contracts/lifecycle.ts.
 */
import type { PlanIdValue, ServiceIdValue } from '../codes';
import type { ServiceAction } from '../lifecycle';

export type ServicePlan = {
  readonly planId: PlanIdValue;
  readonly name: string;
  /** Monthly price including consumption tax, in yen (総額表示). */
  readonly monthlyPrice: number;
  /** What the plan includes, one line. */
  readonly includes: string;
};

export type ServiceDefinition = {
  readonly serviceId: ServiceIdValue;
  /** The catalogue's service number (spec section 3); null where the spec shows none. */
  readonly number: string | null;
  readonly name: string;
  /** The spec's route prefix: every page of the service is the prefix and the page's suffix (spec section 2). */
  readonly routePrefix: string;
  /** The flows' machine ids start with it: `anshin` gives `anshinApply`, `anshinCancel`... */
  readonly flowPrefix: string;
  /** The first plan is the one an application starts with. */
  readonly plans: readonly [ServicePlan, ...ServicePlan[]];
  /**
   * The application month is free (charged from the next month) or charged in full. This and the
   * two settings below are read only by the application flow, which a shop-applied service has not.
   */
  readonly firstMonthFree: boolean;
  /** Spec section 5: a failure on the mail address alone is ignored, or the address is confirmed first. */
  readonly mailAddressOnlyFailure: 'ignore' | 'confirm';
  /** The application offers the coupon field (GET coupon/{couponCd}/judge). */
  readonly coupons: boolean;
  /** Requirement ids (machines/requirements.ts) the service's landing cites for its routes and price. */
  readonly requirements: { readonly routes: string; readonly price: string };
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
