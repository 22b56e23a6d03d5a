/**
 * Every service the service-flow kit runs, one line each (docs/decisions/0052-service-flow-kit.md).
 * The app's flow loaders, the machine registry (charts, model-based tests, coverage) and the top
 * page's links all read this list.
 */
import type { ServiceIdValue } from '../codes';
import { AnshinDataBox } from './anshin-data-box';
import { BasketLive } from './basket-live';
import type { ServiceDefinition } from './service-definition';

export const ServiceDefinitions = [AnshinDataBox, BasketLive] as const satisfies readonly ServiceDefinition[];

export function serviceDefinition(serviceId: ServiceIdValue): ServiceDefinition | undefined {
  return ServiceDefinitions.find((service) => service.serviceId === serviceId);
}
