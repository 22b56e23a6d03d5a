/** The data storage flows, each loaded when the customer opens one of its pages (machines/flow-loaders.ts). */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  anshinApply: () => import('./anshin-data-box.flows').then((m) => m.anshinApplyMachine),
  anshinChangePayment: () => import('./anshin-data-box.flows').then((m) => m.anshinChangePaymentMachine),
  anshinCancel: () => import('./anshin-data-box.flows').then((m) => m.anshinCancelMachine),
  anshinResume: () => import('./anshin-data-box.flows').then((m) => m.anshinResumeMachine),
} satisfies FlowLoaders;
