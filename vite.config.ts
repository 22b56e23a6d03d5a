import react from '@vitejs/plugin-react';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { EagerCompileHint, FirstViewLoaderSource } from './contracts/first-view-loader.js';
import { builtFileUrl, cdnBase } from './server/spa/cdn-url.js';
import { defineConfig } from 'vitest/config';

/**
 * The build check of spec section 7 (docs/decisions/0021-build-check-and-tag-manager.md): each
 * build gets an id that starts with its time, compiled into the app and written to
 * dist/client/build-info.json, which the running app polls; and the build's own metadata file
 * dist/client/builds/<buildId>/build.json, which the app fetches by its id (ADR 0091).
 */
function buildInfo(): Plugin {
  const builtAt = new Date();
  const buildId = `${builtAt.toISOString().replace(/[^0-9]/g, '').slice(0, 14)}-${randomBytes(4).toString('hex')}`;
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
  return {
    name: 'portal-build-info',
    config: (_, { command }) => ({
      define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(command === 'build' ? buildId : 'dev') },
    }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-info.json', source: `${JSON.stringify({ buildId, builtAt: builtAt.toISOString() })}\n` });
      this.emitFile({
        type: 'asset',
        fileName: `builds/${buildId}/build.json`,
        source: `${JSON.stringify({ buildId, builtAt: builtAt.toISOString(), version })}\n`,
      });
    },
  };
}

/**
 * A Brotli (.br) and a gzip (.gz) copy next to every text asset of the build, made once, so the
 * server sends them (server/spa/spa-routes.ts, @fastify/static's preCompressed) without
 * compressing per request. index.html is compressed in memory by the server instead; dot-files
 * (.vite/manifest.json) are never served. Also used for the bench's floor build
 * (scripts/bench/bundle.ts). docs/decisions/0041-lighthouse-bench.md.
 */
export function precompress(): Plugin {
  return compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(?:js|mjs|css|json|svg|txt|xml|webmanifest)$/,
    exclude: /(?:^|\/)\./,
    // Below this a compressed copy saves less than a packet.
    threshold: 1024,
  });
}

/**
 * Lazy chunks' dependencies are preloaded by Vite's helper, without its polyfill for browsers
 * that ignore `<link rel="modulepreload">` (Safari before 17.2): those load such a chunk's
 * imports as they find them, one round trip later, instead of every page shipping the polyfill
 * (0.3 KB gzip) in its first script (docs/decisions/0112-app-script-after-the-first-paint.md).
 */
const appModulePreload = { polyfill: false } as const;

const serverPort = Number(process.env.PORT ?? 3000);
/** The static files' origin (CDN_URL, ADR 0090); unset, every URL stays /assets/... on the portal's origin. */
const assetBase = cdnBase(process.env.CDN_URL);

/** The first-view loader's build input (ADR 0112). */
const firstViewLoader = fileURLToPath(new URL(`./${FirstViewLoaderSource}`, import.meta.url));

/** Set for the build that finds the first page's modules (below): that build has no group of its own. */
const FirstPageAnalysis = 'PORTAL_FIRST_PAGE_ANALYSIS';

/**
 * The modules the first page runs: those of the entry's chunk and of every chunk it imports
 * statically, as the bundler's own chunking leaves them after tree-shaking, found by a build of
 * the app without the group below (in memory, nothing written).
 */
async function firstPageModules(): Promise<ReadonlySet<string>> {
  const previous = process.env[FirstPageAnalysis];
  process.env[FirstPageAnalysis] = '1';
  try {
    const result = await build({ configFile: fileURLToPath(import.meta.url), logLevel: 'silent', build: { write: false } });
    const chunks = (Array.isArray(result) ? result : [result]).flatMap((output) => ('output' in output ? output.output : [])).filter((item) => item.type === 'chunk');
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'));
    if (entry === undefined) throw new Error('the first-page analysis found no chunk for index.html');
    const modules = new Set<string>();
    const visit = (fileName: string, seen: Set<string>) => {
      const chunk = byFile.get(fileName);
      if (chunk === undefined || seen.has(fileName)) return;
      seen.add(fileName);
      for (const id of chunk.moduleIds) modules.add(id);
      for (const next of chunk.imports) visit(next, seen);
    };
    visit(entry.fileName, new Set());
    return modules;
  } finally {
    if (previous === undefined) delete process.env[FirstPageAnalysis];
    else process.env[FirstPageAnalysis] = previous;
  }
}

/**
 * The parts the first page's modules are cut into, each a chunk evaluated in a task of its own
 * after the first paint (docs/decisions/0117-the-entry-evaluated-in-parts.md): the schemas of the
 * first page's contracts (built when their module runs), React, and the rest with the entry. Each
 * part's module code ran 11-20 ms on this machine, where the one chunk ran 40-60 ms in one task;
 * a finer cut (React Query and the router apart) cost 6 KB more for little less.
 */
const firstPageParts = [
  { name: 'first-page-contracts', holds: /\/contracts\/|\/node_modules\/zod\// },
  { name: 'first-page-react', holds: /\/node_modules\/(?:react|react-dom|scheduler|use-sync-external-store)\// },
] as const;

/**
 * The first page's modules go into one chunk, in the parts above: the first page then loads a few
 * scripts instead of some twenty small shared chunks, each a request on a slow phone network
 * (docs/decisions/0097-first-paint-before-the-rules.md). Lazy chunks import what they share with
 * the first page from that chunk. The modules are the ones the first page runs, as found by
 * `firstPageModules` when the build starts, not every module its imports reach: a package's index
 * re-exports all of it (@tanstack/react-query, zod/mini) and a module of the first page may import
 * what only lazy code calls (xstate's createActor); a group that followed imports took those in
 * too, 36 KB of XState, React Query's hooks and zod's coercions that no first page runs (ADR 0115).
 */
function firstPageChunk() {
  const modules = new Set<string>();
  const plugin: Plugin = {
    name: 'portal-first-page-modules',
    apply: 'build',
    async buildStart() {
      if (process.env[FirstPageAnalysis] === '1' || this.environment.name !== 'client') return;
      modules.clear();
      for (const id of await firstPageModules()) modules.add(id);
    },
  };
  const part = (id: string): string | null => (modules.has(id) ? (firstPageParts.find(({ holds }) => holds.test(id))?.name ?? 'first-page') : null);
  // The first page's chunks start with V8's compile hint (ADR 0119): compiled on a background thread
  // as they download, instead of function by function on the main thread inside the start's tasks.
  // A post-banner, which comes after the minifier (it drops comments) and before the hash; Vite
  // later puts the entry's list of preload paths (`__vite__mapDeps`) above it, and V8 honours the
  // hint for every function after it. The lazy chunks stay lazy: hinted too, they measured no better.
  const hint = (chunk: Rolldown.RenderedChunk): string =>
    modules.size > 0 && chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => modules.has(id)) ? EagerCompileHint : '';
  return { plugin, group: { name: part }, hint };
}
const firstPage = firstPageChunk();

/**
 * The server's first views (docs/decisions/0106-first-view-from-the-server.md): the app's layout
 * and views built for Node (`vite build --ssr src/first-view/render-first-view.tsx`, in the build
 * script), loaded by the server, never by the browser.
 */
const firstViewBuild = { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false, sourcemap: false } as const;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : process.env[FirstPageAnalysis] === '1' ? [react()] : [react(), buildInfo(), precompress(), firstPage.plugin],
  // Every URL the build writes into the HTML, the JS (dynamic imports, preloads) and the CSS.
  experimental: assetBase === undefined ? {} : { renderBuiltUrl: (filename: string) => builtFileUrl(assetBase, filename) },
  build: isSsrBuild
    ? firstViewBuild
    : {
        outDir: 'dist/client',
        manifest: true,
        modulePreload: appModulePreload,
        sourcemap: false,
        // One stylesheet for every page, loaded with the first: a page's own CSS would otherwise
        // come with its lazy chunk, and a first view (ADR 0106) must be styled before any script.
        cssCodeSplit: false,
        rolldownOptions: {
          // The page the server drew names the first-view loader instead of the entry (ADR 0112).
          input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'first-view-loader': firstViewLoader },
          output: process.env[FirstPageAnalysis] === '1' ? {} : { codeSplitting: { groups: [firstPage.group], includeDependenciesRecursively: false }, postBanner: firstPage.hint },
        },
      },
  server: {
    port: 5173,
    strictPort: true,
    // In development Vite serves the app and hands everything of the server's to it.
    proxy: Object.fromEntries(
      ['/api', '/oidc', '/auth', '/sandbox', '/build-info.json', '/builds'].map((prefix) => [
        prefix,
        { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false, xfwd: true },
      ]),
    ),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['test/{contracts,machines,lib,mbt,scripts}/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          environment: 'jsdom',
          setupFiles: ['test/app/support/setup.ts'],
          include: ['test/app/**/*.test.{ts,tsx}'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
          // Each file opens its own embedded database; two at a time fits two cores. The server
          // files run as their own group, after the others.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
}));
