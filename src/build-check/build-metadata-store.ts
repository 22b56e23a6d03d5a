/**
 * The running build's metadata once it arrived (the footer shows it). Apart from the loader
 * (build-metadata.ts), which loads after the first page and stays out of the entry.
 */
import { createMemoryStore } from '../stores/store-core';

export type BuildMetadataView = { readonly buildId: string; readonly builtAt: string; readonly version: string };

export const buildMetadataStore = createMemoryStore<{ readonly metadata: BuildMetadataView | null }>(() => ({ metadata: null }));
