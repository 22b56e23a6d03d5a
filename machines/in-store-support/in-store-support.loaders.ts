/** The in-store support flows, each loaded when the customer opens one of its pages (machines/flow-loaders.ts). */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  inStoreSupportHistory: () => import('./support-history.machine').then((m) => m.inStoreSupportHistoryMachine),
  inStoreSupportCancel: () => import('./in-store-support.flows').then((m) => m.inStoreSupportCancelMachine),
} satisfies FlowLoaders;
