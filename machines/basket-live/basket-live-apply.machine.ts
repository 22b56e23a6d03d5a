/** The basket live service's apply flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { BasketLive } from '../../contracts/services/basket-live';
import { createApplyFlow } from '../service-flow/apply.flow';

export const basketLiveApplyMachine = createApplyFlow(BasketLive);
