/**
 * What the footer shows of the running build once its metadata arrived. Apart from the loader
 * (build-metadata.ts), which loads after the first page and stays out of the entry; the loader
 * also writes the build time as the footer shows it, so that the formatting stays out too.
 */
import { createMemoryStore } from '../stores/store-core';

/** The version, and when the build was made in Japan time: "2026/11/26 12:30". */
export type BuildLabel = { readonly version: string; readonly builtAt: string };

export const buildMetadataStore = createMemoryStore<{ readonly label: BuildLabel | null }>(() => ({ label: null }));
