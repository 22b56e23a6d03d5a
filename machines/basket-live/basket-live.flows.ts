/**
 * The basket live service's flows: the kit's apply (with the plan choice and the mail-address
 * confirmation), change-of-payment and cancel flows built for its definition
 * (contracts/services/basket-live.ts), plus the plan change, which only this service has
 * (machines/basket-live/plan-change.machine.ts).
 */
import { BasketLive } from '../../contracts/services/basket-live';
import { createApplyFlow } from '../service-flow/apply.flow';
import { createCancelFlow } from '../service-flow/cancel.flow';
import { createChangePaymentFlow } from '../service-flow/change-payment.flow';

export const basketLiveApplyMachine = createApplyFlow(BasketLive);
export const basketLiveChangePaymentMachine = createChangePaymentFlow(BasketLive);
export const basketLiveCancelMachine = createCancelFlow(BasketLive);
