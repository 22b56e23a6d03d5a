/**
 * The app's list of flow machines, each loaded only when the customer opens one of its pages
 * (docs/decisions/0037-lazy-flow-machines.md). Keyed by the page table's `FlowId`, which are the
 * registry's top-level flows (a test keeps the two lists equal).
 *
 * Each flow's folder declares its own loaders in `<folder>/<folder>.loaders.ts`, gathered here
 * by Vite's import.meta.glob, so a new service adds a file instead of editing this one
 * (docs/decisions/0096-service-catalogue.md). The loaders files hold only `import()` calls:
 * gathering them eagerly loads no machine. The app must not import `./registry`: that list
 * carries the model events, fixtures and invariants of the statechart and model-based test
 * tooling.
 */
import type { AnyStateMachine } from 'xstate';
import type { FlowId } from './page-table';

export type FlowLoader = () => Promise<AnyStateMachine>;
export type FlowLoaders = Partial<Record<FlowId, FlowLoader>>;

// Stryker disable next-line all: Vite rewrites import.meta.glob at build time and accepts only literal arguments, so an instrumented call does not compile; a wrong glob empties the table, which test/app/flows/flow-loading.test.ts catches.
const declared = import.meta.glob<FlowLoaders>('./*/*.loaders.ts', { eager: true, import: 'flowLoaders' });

/** Every folder's loaders in one table; a flow id declared twice is a mistake that must not pass silently. */
export function gatherFlowLoaders(folders: Readonly<Record<string, FlowLoaders>>): Readonly<Record<FlowId, FlowLoader>> {
  const table: FlowLoaders = {};
  for (const [file, loaders] of Object.entries(folders)) {
    for (const [flowId, loader] of Object.entries(loaders) as [FlowId, FlowLoader][]) {
      if (table[flowId] !== undefined) throw new Error(`flow ${flowId} has a loader in two files (the second: ${file})`);
      table[flowId] = loader;
    }
  }
  // Every FlowId has its loader: test/app/flows/flow-loading.test.ts checks the table against the page table and the registry.
  return table as Record<FlowId, FlowLoader>;
}

export const flowLoaders = gatherFlowLoaders(declared);
