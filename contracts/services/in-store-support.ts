/**
 * The in-store smartphone support flat-rate service スマホ設定サポート定額 (service 237, plans
 * 238, 239 and 241) as the service-flow kit reads it (docs/flows/sumahosetup-support.md). It is
 * applied for in a shop, never in the portal: contracts/lifecycle.ts offers it only the cancel,
 * so the kit builds its cancel flow alone; the application settings below are never read by a
 * flow. Charged from the month of application, like every service but data storage. The plan
 * lineup and prices are our decision (docs/decisions/0072-in-store-support.md), kept in its entry
 * of the service catalogue.
 */
import { ServiceCatalogue } from './catalogue';
import type { ServiceDefinition } from './service-definition';

export const InStoreSupport = ServiceCatalogue.inStoreSupport satisfies ServiceDefinition;

export const InStoreSupportPlans = InStoreSupport.plans;
