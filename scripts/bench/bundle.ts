/**
 * Bundle sizes: the app's first-page JavaScript against the floor (the same dependencies with
 * an empty page, built in the same run), and every lazily loaded page chunk on its own.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type PluginOption } from 'vite';
import { FirstViewLoaderSource } from '../../contracts/first-view-loader';
import { precompress } from '../../vite.config';

type ManifestChunk = { file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

export type BundleReport = {
  floorGzip: number;
  /** The app's entry and what it imports statically: every page's first script. */
  entryGzip: number;
  /** The first-view loader, inlined into each page the server draws (docs/decisions/0112). */
  loaderGzip: number;
  /** The heavier first page, one with a first view (the loader and the entry), against the floor. */
  ratio: number;
  budgetRatio: number;
  /** Each page's own chunk (the wizard steps and general pages): budget 15 KB gzip each. */
  pages: { src: string; gzip: number; withinBudget: boolean }[];
  /** Other lazy chunks (flow machines with the XState runtime, demo tools): reported, no budget. */
  otherChunks: { src: string; gzip: number }[];
};

const root = resolve(import.meta.dirname, '../..');
/** ../shared/guide/budgets.md: each page's own chunk, and the first page against the floor. */
export const STEP_BUDGET = 15 * 1024;
export const ENTRY_BUDGET_RATIO = 1.1;

function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The chunk and everything it imports statically: what the browser must load for it. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

function closureGzip(outDir: string, manifest: Manifest, key: string, exclude = new Set<string>()): number {
  let total = 0;
  for (const chunkKey of staticClosure(manifest, key)) {
    if (exclude.has(chunkKey)) continue;
    const chunk = manifest[chunkKey];
    if (chunk?.file.endsWith('.js')) total += gzipSize(join(outDir, chunk.file));
  }
  return total;
}


async function buildInto(rootDir: string, outDir: string, plugins: PluginOption[]): Promise<Manifest> {
  await build({
    configFile: false,
    root: rootDir,
    logLevel: 'warn',
    plugins: [react(), ...plugins],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Where the floor is built; the Lighthouse bench serves it from here (./lighthouse.ts). */
export const floorDir = resolve(root, 'dist/bench/floor');

/**
 * Builds the floor page (scripts/bench/floor: the same dependencies, an empty page) into
 * floorDir, with the app's precompressed copies so it is served as the app is.
 */
export async function buildFloor(): Promise<Manifest> {
  return buildInto(resolve(root, 'scripts/bench/floor'), floorDir, [precompress()]);
}

export async function measureBundles(): Promise<BundleReport> {
  const appDir = resolve(root, 'dist/bench/app');
  const floorManifest = await buildFloor();
  // The app as it ships: its own vite.config.ts, with the first-page chunk and both inputs (the
  // entry and the first-view loader). A build without the config once measured 1.099x while the
  // shipped first script was 1.154x: the config's chunking is part of what is measured (ADR 0115).
  await build({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn', build: { outDir: appDir, emptyOutDir: true } });
  const appManifest = JSON.parse(readFileSync(join(appDir, '.vite/manifest.json'), 'utf8')) as Manifest;

  const entryKey = (manifest: Manifest) => {
    const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
    if (!key) throw new Error('no entry chunk in the manifest');
    return key;
  };
  const floorGzip = closureGzip(floorDir, floorManifest, entryKey(floorManifest));
  const appEntry = 'index.html';
  if (appManifest[appEntry]?.isEntry !== true) throw new Error('the app build has no index.html entry');
  const entryGzip = closureGzip(appDir, appManifest, appEntry);
  const entryClosure = staticClosure(appManifest, appEntry);
  const loaderGzip = closureGzip(appDir, appManifest, FirstViewLoaderSource);

  const lazy = Object.entries(appManifest)
    .filter(([, chunk]) => chunk.isDynamicEntry)
    .map(([key, chunk]) => ({ src: chunk.src ?? key, gzip: closureGzip(appDir, appManifest, key, entryClosure) }))
    .sort((a, b) => a.src.localeCompare(b.src));
  const isPage = (src: string) => src.startsWith('src/pages/');
  const pages = lazy.filter((chunk) => isPage(chunk.src)).map((chunk) => ({ ...chunk, withinBudget: chunk.gzip <= STEP_BUDGET }));
  const otherChunks = lazy.filter((chunk) => !isPage(chunk.src));

  return { floorGzip, entryGzip, loaderGzip, ratio: (entryGzip + loaderGzip) / floorGzip, budgetRatio: ENTRY_BUDGET_RATIO, pages, otherChunks };
}
