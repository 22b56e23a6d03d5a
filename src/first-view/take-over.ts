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
 * that page: the first view goes and the app's root shows in the same frame. A press that began on
 * a drawn link and ends after that frame is no click to the browser (its start is gone from the
 * page); it is completed on the app's link under the release, when that link goes where the pressed
 * one did (docs/decisions/0118-a-press-across-the-take-over.md).
 */
import { AppRootElementId, FirstViewElementId } from '../../contracts/first-view';
import { findLivePage } from '../../machines/page-table';

export type FirstView = {
  /** Whether the server drew this page: it is on screen before the app has rendered anything. */
  readonly drawn: boolean;
  /** Removes the first view and shows the app's root; answers the link held meanwhile, if any. Without a first view it does nothing. */
  readonly takeOver: () => string | undefined;
};

/** The link a plain primary press or click is on: not one that opens a new tab or window. */
function plainLinkOf(event: MouseEvent): HTMLAnchorElement | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
  return link instanceof HTMLAnchorElement ? link : undefined;
}

function heldLinkOf(event: MouseEvent, document: Document): string | undefined {
  const anchor = plainLinkOf(event);
  if (anchor === undefined) return undefined;
  if (anchor.origin !== document.location.origin || anchor.target !== '' || anchor.hasAttribute('download')) return undefined;
  // A link to the server's own pages (the sign-on, /auth/login) leaves the app: it loads as a document.
  if (findLivePage(anchor.pathname) === undefined) return undefined;
  // An in-page link (the skip link) works on the first view as it is.
  if (anchor.pathname === document.location.pathname && anchor.search === document.location.search && anchor.hash !== '') return undefined;
  return `${anchor.pathname}${anchor.search}${anchor.hash}`;
}

/**
 * Completes, on the app's page, a mouse press that began on a drawn link before the take-over: at
 * its release the browser sends no click (the pressed element is gone), so the link under the release
 * is clicked if it goes where the pressed one went. A cancelled press (the link dragged away) or one
 * that ends elsewhere is no click, as it would not have been on an unchanged page.
 */
function completePressOnTheApp(document: Document, pressedHref: string): void {
  const release = (event: PointerEvent) => {
    stop();
    if (event.type !== 'pointerup') return;
    const under = document.elementFromPoint(event.clientX, event.clientY)?.closest('a[href]');
    if (under instanceof HTMLAnchorElement && under.href === pressedHref) under.click();
  };
  const stop = () => {
    document.removeEventListener('pointerup', release, true);
    document.removeEventListener('pointercancel', release, true);
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

export function adoptFirstView(document: Document): FirstView {
  const firstView = document.getElementById(FirstViewElementId);
  let held: string | undefined;
  /** The drawn link under a primary mouse press that has not ended yet. */
  let pressed: string | undefined;
  const hold = (event: MouseEvent) => {
    const href = heldLinkOf(event, document);
    if (href === undefined) return;
    event.preventDefault();
    held = href;
  };
  const press = (event: PointerEvent) => {
    // A touch is a tap gesture: the browser sends its click to what is under the finger when the
    // tap ends, the app's link by then, so a touch needs nothing from us (a click of ours would
    // be a second one). A mouse's click needs both ends on one element.
    pressed = event.isPrimary && event.pointerType === 'mouse' ? plainLinkOf(event)?.href : undefined;
  };
  const pressEnded = () => {
    pressed = undefined;
  };
  if (firstView !== null) {
    firstView.addEventListener('click', hold);
    firstView.addEventListener('pointerdown', press);
    document.addEventListener('pointerup', pressEnded, true);
    document.addEventListener('pointercancel', pressEnded, true);
  }
  return {
    drawn: firstView !== null,
    takeOver: () => {
      if (firstView === null || !firstView.isConnected) return undefined;
      firstView.removeEventListener('click', hold);
      firstView.removeEventListener('pointerdown', press);
      document.removeEventListener('pointerup', pressEnded, true);
      document.removeEventListener('pointercancel', pressEnded, true);
      if (pressed !== undefined) completePressOnTheApp(document, pressed);
      // The root shows before the first view goes: the other way round the page is for a moment
      // as short as a hidden root, and the browser moves a scrolled page back to its top.
      const root = document.getElementById(AppRootElementId);
      if (root !== null) root.hidden = false;
      firstView.remove();
      return held;
    },
  };
}
