/**
 * The basket live service's flows: the kit's apply (with the plan choice and the mail-address
 * confirmation), change-of-payment and cancel flows built for its definition
 * (contracts/services/basket-live.ts), plus the plan change, which only this service has
 * (machines/basket-live/plan-change.machine.ts). Each is its own module, which the app loads
 * alone (basket-live.loaders.ts); this list is for the registry and the tests.
 */
export { basketLiveApplyMachine } from './basket-live-apply.machine';
export { basketLiveChangePaymentMachine } from './basket-live-change-payment.machine';
export { basketLiveCancelMachine } from './basket-live-cancel.machine';
