/**
 * The first view of a page (docs/decisions/0106-first-view-from-the-server.md): the page as the
 * app will draw it, painted by the server into the HTML so that it shows before the app's
 * JavaScript has loaded. The app renders into `#root` (hidden while a first view is there) and
 * takes the page over when its first navigation has resolved: the first view is removed and
 * `#root` shown in the same frame. The ids are shared by the server that writes them and the app
 * that reads them; the renderer is built from the app's own components (`vite build --ssr`).
 */
import type { FirstAnswer } from './first-answers';

export const FirstViewElementId = 'first-view';
export const AppRootElementId = 'root';

/** The first view of a path that is no page of the table: the not-found page (E9999, spec section 2). */
export const NotFoundView = 'not-found';

export type FirstViewRequest = {
  /** The page table's screen ID, or NotFoundView. */
  readonly pageId: string;
  /** The path the browser asked for, as the page table spells it. */
  readonly pathname: string;
  /** The query string the browser asked with, without its `?` ('' when none): a page it changes is not drawn. */
  readonly search: string;
  /** The navigation rules' first answers, as inlined in the HTML (ADR 0087); the first is who is signed in. */
  readonly answers: readonly FirstAnswer[];
  /** The answers to the page's `firstViewReads` (contracts/first-view-reads.ts), in their order. */
  readonly reads: readonly FirstAnswer[];
};

/** The first view's markup, or undefined for a page the server does not draw. */
export type RenderFirstView = (request: FirstViewRequest) => string | undefined;

/**
 * Set by the app while a run waits at the card provider, to the path of the page it left from
 * (src/flows/card-provider-mark.ts): Back from the provider loads that page's document again, and
 * the server then does not draw the page's first step over the run's waiting one
 * (docs/decisions/0106-first-view-from-the-server.md, decision 11). A hint, not a credential: a
 * wrong one costs only the first view.
 */
export const AtCardProviderCookie = 'portal_at_card_provider';

/**
 * The tab's kept view (docs/decisions/0116-the-tabs-kept-view.md): the page the tab showed last,
 * as the app drew it, kept in sessionStorage so that a reload paints it again before the app has
 * loaded. The server writes the session's key on the app's root (`data-kept-view`); the item's
 * name is the prefix, that key and the page's address (`location.href`). The first-view loader
 * spells these names out (src/first-view/kept-view-paint.ts).
 */
export const KeptViewStoragePrefix = 'portal.kept:';
export const KeptViewKeyAttribute = 'data-kept-view';

/** The sessionStorage item a page's kept view is under. */
export const keptViewItem = (key: string, href: string): string => `${KeptViewStoragePrefix}${key}${href}`;
