/**
 * The app's list of flow machines, each loaded only when the customer opens one of its pages
 * (docs/decisions/0037-lazy-flow-machines.md). Keyed by the page table's `FlowId`, which are the
 * registry's top-level flows (a test keeps the two lists equal). The app must not import
 * `./registry`: that list carries the model events, fixtures and invariants of the statechart
 * and model-based test tooling.
 */
import type { AnyStateMachine } from 'xstate';
import type { FlowId } from './page-table';

export type FlowLoader = () => Promise<AnyStateMachine>;

export const flowLoaders: Readonly<Record<FlowId, FlowLoader>> = {
  anshinApply: () => import('./anshin-data-box/anshin-data-box.flows').then((m) => m.anshinApplyMachine),
  anshinChangePayment: () => import('./anshin-data-box/anshin-data-box.flows').then((m) => m.anshinChangePaymentMachine),
  anshinCancel: () => import('./anshin-data-box/anshin-data-box.flows').then((m) => m.anshinCancelMachine),
  anshinResume: () => import('./anshin-data-box/anshin-data-box.flows').then((m) => m.anshinResumeMachine),
  basketLiveApply: () => import('./basket-live/basket-live.flows').then((m) => m.basketLiveApplyMachine),
  basketLiveChangePayment: () => import('./basket-live/basket-live.flows').then((m) => m.basketLiveChangePaymentMachine),
  basketLiveCancel: () => import('./basket-live/basket-live.flows').then((m) => m.basketLiveCancelMachine),
  basketLivePlanChange: () => import('./basket-live/plan-change.machine').then((m) => m.basketLivePlanChangeMachine),
  inStoreSupportHistory: () => import('./in-store-support/support-history.machine').then((m) => m.inStoreSupportHistoryMachine),
  inStoreSupportCancel: () => import('./in-store-support/in-store-support.flows').then((m) => m.inStoreSupportCancelMachine),
  invoice: () => import('./invoice/invoice.machine').then((m) => m.invoiceMachine),
  account: () => import('./account-menu/account.machine').then((m) => m.accountMachine),
};
