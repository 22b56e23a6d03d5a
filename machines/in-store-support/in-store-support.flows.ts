/**
 * The in-store support service's flows: the kit's cancel flow built for its definition
 * (contracts/services/in-store-support.ts; applied for in a shop, it has no apply or payment
 * flow), and the contract page with the support and benefit histories
 * (machines/in-store-support/support-history.machine.ts).
 */
import { InStoreSupport } from '../../contracts/services/in-store-support';
import { createCancelFlow } from '../service-flow/cancel.flow';

export const inStoreSupportCancelMachine = createCancelFlow(InStoreSupport);
