/**
 * The data storage flows, each loaded when the customer opens one of its pages
 * (machines/flow-loaders.ts); each flow is its own module, so a page loads and builds only its
 * own flow (ADR 0102).
 */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  anshinApply: () => import('./anshin-apply.machine').then((m) => m.anshinApplyMachine),
  anshinChangePayment: () => import('./anshin-change-payment.machine').then((m) => m.anshinChangePaymentMachine),
  anshinCancel: () => import('./anshin-cancel.machine').then((m) => m.anshinCancelMachine),
  anshinResume: () => import('./anshin-resume.machine').then((m) => m.anshinResumeMachine),
} satisfies FlowLoaders;
