/**
 * Which chunk of the client build holds each of the app's modules, written by the build
 * (vite.config.ts, `moduleChunks`) beside Vite's own manifest, and read by the server to link a
 * drawn page's chunks from its HTML (./first-view-preloads.ts, docs/decisions/0108). Vite's
 * manifest names a chunk by its source only when one module is its face: a module that rolldown
 * puts in a shared chunk (one the first navigation imports, another page imports statically) has
 * no name there that survives the next build.
 */
import { z } from 'zod';

/** Under the client build, in the dot-folder the server never serves. */
export const ModuleChunksFile = '.vite/module-chunks.json';

export const ModuleChunksSchema = z.object({
  /** The first script's chunk (index.html's). */
  entry: z.string(),
  /** Each chunk's file and the chunk files it imports statically. */
  chunks: z.record(z.string(), z.array(z.string())),
  /** Each of the app's modules, by its path from the project's root, and its chunk's file. */
  modules: z.record(z.string(), z.string()),
});
export type ModuleChunks = z.infer<typeof ModuleChunksSchema>;
