/**
 * The data storage service あんしんデータボックス (service 223, number 02, plan 225) as the
 * service-flow kit reads it (docs/flows/anshin-data-box.md): one plan, 550 yen a month including
 * tax with the application month free, a mail-address-only failure of the entry judge ignored
 * (spec section 5), coupons at apply. Its data is its entry in the service catalogue.
 */
import { ServiceCatalogue } from './catalogue';
import type { ServiceDefinition } from './service-definition';

export const AnshinDataBox = ServiceCatalogue.anshinDataBox satisfies ServiceDefinition;
