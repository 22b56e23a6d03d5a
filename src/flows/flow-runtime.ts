/**
 * XState's actor runtime, as the app's flow registry loads it with the first flow
 * (docs/decisions/0037-lazy-flow-machines.md): imported dynamically, never from the entry.
 */
export { createActor } from 'xstate';
