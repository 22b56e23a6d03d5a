/** The basket live service's cancel flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { BasketLive } from '../../contracts/services/basket-live';
import { createCancelFlow } from '../service-flow/cancel.flow';

export const basketLiveCancelMachine = createCancelFlow(BasketLive);
