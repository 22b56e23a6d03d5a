/**
 * The running build's metadata once it arrived (the footer shows it). Apart from the loader
 * (build-metadata.ts), which loads after the first page and stays out of the entry.
 */
import { createMemoryStore } from '../stores/store-core';
import type { BuildMetadata } from './build-metadata';

export const buildMetadataStore = createMemoryStore<{ readonly metadata: BuildMetadata | null }>(() => ({ metadata: null }));
