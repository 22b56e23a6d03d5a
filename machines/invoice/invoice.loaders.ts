/** The invoice flow, loaded when the customer opens one of its pages (machines/flow-loaders.ts). */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  invoice: () => import('./invoice.machine').then((m) => m.invoiceMachine),
} satisfies FlowLoaders;
