/**
 * The app's side of the server's first view (docs/decisions/0106-first-view-from-the-server.md).
 *
 * From the moment the app's script runs, a link followed on the first view is held, not loaded as
 * a new document: the app follows it once it has taken over, as if its own link had been chosen
 * (a page of a flow reached by a new document is a fresh start of that page, not the step the
 * customer chose). Links that leave the app, to the server's sign-on, stay ordinary links. Before
 * the script runs, every link is an ordinary link; what cannot work as one is drawn disabled.
 *
 * The take-over is called when the first navigation has resolved, inside the router's commit of
 * that page: the first view goes and the app's root shows in the same frame.
 */
import { AppRootElementId, FirstViewElementId } from '../../contracts/first-view';
import { findLivePage } from '../../machines/page-table';

export type FirstView = {
  /** Whether the server drew this page: it is on screen before the app has rendered anything. */
  readonly drawn: boolean;
  /** Removes the first view and shows the app's root; answers the link held meanwhile, if any. Without a first view it does nothing. */
  readonly takeOver: () => string | undefined;
};

function heldLinkOf(event: MouseEvent, document: Document): string | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (link === null || !('pathname' in link)) return undefined;
  const anchor = link as HTMLAnchorElement;
  if (anchor.origin !== document.location.origin || anchor.target !== '' || anchor.hasAttribute('download')) return undefined;
  // A link to the server's own pages (the sign-on, /auth/login) leaves the app: it loads as a document.
  if (findLivePage(anchor.pathname) === undefined) return undefined;
  // An in-page link (the skip link) works on the first view as it is.
  if (anchor.pathname === document.location.pathname && anchor.search === document.location.search && anchor.hash !== '') return undefined;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}

export function adoptFirstView(document: Document): FirstView {
  const firstView = document.getElementById(FirstViewElementId);
  let held: string | undefined;
  const hold = (event: MouseEvent) => {
    const href = heldLinkOf(event, document);
    if (href === undefined) return;
    event.preventDefault();
    held = href;
  };
  firstView?.addEventListener('click', hold);
  return {
    drawn: firstView !== null,
    takeOver: () => {
      if (firstView === null || !firstView.isConnected) return undefined;
      firstView.removeEventListener('click', hold);
      firstView.remove();
      const root = document.getElementById(AppRootElementId);
      if (root !== null) root.hidden = false;
      return held;
    },
  };
}
