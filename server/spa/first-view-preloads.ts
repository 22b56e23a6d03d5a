/**
 * The chunks a drawn page's take-over needs, linked from its HTML (docs/decisions/0108).
 *
 * A page with a first view (ADR 0106) waits, drawn but not yet usable, until the app has loaded
 * the page's view and flow and taken it over. Left to the app, those chunks are asked for only
 * once the first script has run, and Vite's preload helper appends one `<link rel="modulepreload">`
 * per chunk on the main thread to ask for them. Linked from the HTML, they load with the document,
 * and the helper, which skips a chunk the document already links, appends nothing.
 * `firstViewModules` (contracts/first-view-reads.ts) names each page's modules; the build's
 * module table (./module-chunks.ts) names their chunks and the chunks those import.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { escapeHtml } from '../http/html';
import { builtFileUrl } from './cdn-url';
import { ModuleChunksFile, ModuleChunksSchema, type ModuleChunks } from './module-chunks';

/** The build's module table, or undefined when there is no build (tests, a fresh checkout); a malformed one throws. */
export async function loadModuleChunks(clientDir: string): Promise<ModuleChunks | undefined> {
  let text: string;
  try {
    text = await readFile(resolve(clientDir, ModuleChunksFile), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return ModuleChunksSchema.parse(JSON.parse(text));
}

/** The chunk files of `files` and of every chunk they import, each once, depth first. */
function withImports(table: ModuleChunks, files: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    table.chunks[file]?.forEach(visit);
  };
  files.forEach(visit);
  return [...seen];
}

export type FirstViewPreloads = {
  /** The `<link rel="modulepreload">` tags of each page, by screen ID. */
  readonly links: ReadonlyMap<string, string>;
  /** Modules the table names that the build does not have (renamed, or gone). */
  readonly missing: readonly string[];
};

/**
 * The links of each page of `modulesByPage`: its modules' chunks and the chunks those import, but
 * those the first script brings. Built once, at start. A module the build does not have is left
 * out and reported: the page then loads that chunk as before, a little later, and the e2e
 * first-view spec fails on it.
 */
export function firstViewPreloads(
  table: ModuleChunks,
  modulesByPage: Readonly<Record<string, readonly string[]>>,
  assetBase: string | undefined,
): FirstViewPreloads {
  const firstScript = new Set(withImports(table, [table.entry]));
  const missing = new Set<string>();
  const links = new Map<string, string>();
  for (const [pageId, modules] of Object.entries(modulesByPage)) {
    const files = modules.flatMap((module) => {
      const file = table.modules[module];
      if (file === undefined) missing.add(module);
      return file === undefined ? [] : [file];
    });
    const tags = withImports(table, files)
      .filter((file) => !firstScript.has(file))
      // `crossorigin` as the first script's own tag and Vite's helper have it: the same request, reused.
      .map((file) => `<link rel="modulepreload" crossorigin href="${escapeHtml(builtFileUrl(assetBase, file))}">`);
    links.set(pageId, tags.join(''));
  }
  return { links, missing: [...missing] };
}

/** The HTML with `links` at the end of its head. */
export function withPreloads(html: string, links: string | undefined): string {
  return links === undefined || links === '' ? html : html.replace('</head>', () => `${links}</head>`);
}
