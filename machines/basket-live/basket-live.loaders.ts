/** The basket live flows, each loaded when the customer opens one of its pages (machines/flow-loaders.ts); each flow is its own module (ADR 0102). */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  basketLiveApply: () => import('./basket-live-apply.machine').then((m) => m.basketLiveApplyMachine),
  basketLiveChangePayment: () => import('./basket-live-change-payment.machine').then((m) => m.basketLiveChangePaymentMachine),
  basketLiveCancel: () => import('./basket-live-cancel.machine').then((m) => m.basketLiveCancelMachine),
  // Its own module: the plan change loads without the kit's flows, and they without it.
  basketLivePlanChange: () => import('./plan-change.machine').then((m) => m.basketLivePlanChangeMachine),
} satisfies FlowLoaders;
