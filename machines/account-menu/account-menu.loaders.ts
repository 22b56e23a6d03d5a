/** The account menu's flow, loaded when the customer opens one of its pages (machines/flow-loaders.ts). */
import type { FlowLoaders } from '../flow-loaders';

export const flowLoaders = {
  account: () => import('./account.machine').then((m) => m.accountMachine),
} satisfies FlowLoaders;
