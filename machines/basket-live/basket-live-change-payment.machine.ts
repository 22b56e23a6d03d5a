/** The basket live service's change-of-payment flow, built alone so that opening it loads and builds no other flow of the service (ADR 0102). */
import { BasketLive } from '../../contracts/services/basket-live';
import { createChangePaymentFlow } from '../service-flow/change-payment.flow';

export const basketLiveChangePaymentMachine = createChangePaymentFlow(BasketLive);
