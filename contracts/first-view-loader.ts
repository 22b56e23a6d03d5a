/**
 * The attribute by which the server hands the first-view loader the app entry's URL
 * (docs/decisions/0112-app-script-after-the-first-paint.md). Shared by the server that writes it and
 * the loader (src/first-view/first-view-loader.ts) that reads it; nothing of the app imports it, so
 * the loader's build entry stays a file of its own (test/app/first-view/first-view-loader.test.ts).
 */
export const AppEntryAttribute = 'data-app-entry';

/**
 * The attribute by which the server names the chunks the entry imports, in the build's order,
 * space-separated: the loader evaluates each in a task of its own before the entry
 * (docs/decisions/0117-the-entry-evaluated-in-parts.md).
 */
export const AppChunksAttribute = 'data-app-chunks';

/** The loader's source, relative to the repository: the client build's input, and its key in the build's manifest. */
export const FirstViewLoaderSource = 'src/first-view/first-view-loader.ts';

/**
 * V8's explicit compile hint (Chrome 136+), at the top of every script of the first page (in the
 * entry, under Vite's line of preload paths): what follows it is compiled on a background thread as
 * the file downloads, instead of function by function on the main thread as each first runs
 * (docs/decisions/0119-the-first-page-compiled-as-it-loads.md).
 */
export const EagerCompileHint = '//# allFunctionsCalledOnLoad';
