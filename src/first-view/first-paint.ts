/**
 * What the first-view loader (./first-view-loader.ts) waits for before it asks for the app's
 * entry: the page's first paint (docs/decisions/0112-app-script-after-the-first-paint.md). A page
 * the server drew paints its first view whole, in one frame, so its first paint is its first
 * contentful one. Imported by the loader only, so that it is built into the loader's own code,
 * which the server inlines: every byte here is sent with each page that has the loader.
 */
import { AppChunksAttribute, AppEntryAttribute } from '../../contracts/first-view-loader';
import { showsFirstView } from './kept-view-paint';

/** How long the loader waits for a paint that does not come (a tab hidden before it painted). */
export const PaintWaitLimitMs = 1000;

/**
 * Resolves at the page's first contentful paint (also when it had happened before), or at the
 * limit above. Not at its first paint: on a page whose first view is the tab's kept view, the
 * browser may paint the empty body's background in the moment between the stylesheet's arrival
 * and the loader's run; the view comes a frame later, and an entry asked for in between counts
 * into the first paint (ADR 0112; measured in ADR 0122). Every browser of the build's target
 * reports paints (Safari since 14.1).
 */
export function firstPaint(): Promise<unknown> {
  return new Promise((resolve) => {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) resolve(undefined);
    }).observe({ type: 'paint', buffered: true });
    setTimeout(resolve, PaintWaitLimitMs);
  });
}

/** A task of its own: the browser may paint and answer input in between. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Fetches the entry and its chunks at once, then runs the chunks one task each, in the order
 * named, and the entry last (docs/decisions/0117-the-entry-evaluated-in-parts.md): run with the
 * entry, a chunk's work would be one long task with it. A chunk the entry imports is run only once.
 */
function loadInParts(entry: string, chunks: readonly string[], load: (url: string) => Promise<unknown>): Promise<unknown> {
  for (const url of [...chunks, entry]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = url;
    document.head.append(link);
  }
  return chunks.reduce((previous, url) => previous.then(() => load(url)).then(nextTask), Promise.resolve<unknown>(undefined)).then(() => load(entry));
}

/**
 * Loads the app's entry named on the loader's script element, with the chunks named beside it:
 * once the page has painted when it shows a first view (the server's, or the tab's kept view,
 * ADR 0116), at once when it does not; nothing without an entry. The element is the script being
 * run: the loader is a classic inline script, standing after the app's root.
 */
export function loadAppAfterFirstPaint(load: (url: string) => Promise<unknown>): Promise<unknown> | undefined {
  const script = document.currentScript;
  const entry = script?.getAttribute(AppEntryAttribute);
  if (!entry) return undefined;
  const chunks = script?.getAttribute(AppChunksAttribute)?.split(' ').filter(Boolean) ?? [];
  const run = () => loadInParts(entry, chunks, load);
  return showsFirstView(document) ? firstPaint().then(run) : run();
}
