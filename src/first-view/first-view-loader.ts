/**
 * The one script of a page whose first view the server drew, in place of the app's entry
 * (docs/decisions/0112-app-script-after-the-first-paint.md). Such a page is readable from its HTML
 * and stylesheet alone, and the app only takes it over; so the entry is asked for once the page
 * has painted. On a signed-in page the server did not draw, it first paints the view the tab kept
 * of it, if any (docs/decisions/0116-the-tabs-kept-view.md). A build entry of its own (vite.config.ts) that the server inlines into the page as a
 * classic script (server/spa/first-view.ts): it imports nothing the app imports, or both would load
 * a shared chunk, and it has no import or export of its own.
 */
import { loadAppAfterFirstPaint } from './first-paint';

void loadAppAfterFirstPaint((url) => import(/* @vite-ignore */ url));
