/**
 * Where each service's pages live and what its flows are called: all that the app's entry (the
 * router's page views) needs of a service. The rest of a definition (plans, prices, copy) loads
 * with the service's pages, not with the first page of the portal (docs/decisions/0071).
 */
import type { ServiceDefinition } from './service-definition';

export type ServiceRoute = Pick<ServiceDefinition, 'routePrefix' | 'flowPrefix'>;

export const ServiceRoutes = {
  anshinDataBox: { routePrefix: '/AnshinDataBox', flowPrefix: 'anshin' },
  basketLive: { routePrefix: '/BasketLive', flowPrefix: 'basketLive' },
  inStoreSupport: { routePrefix: '/Sumahosetup-support', flowPrefix: 'inStoreSupport' },
} as const satisfies Record<string, ServiceRoute>;
