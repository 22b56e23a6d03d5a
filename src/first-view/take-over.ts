/**
 * The app takes the page over from the server's first view (docs/decisions/0106): called when
 * the first navigation has resolved, inside the router's commit of that page, so the first view
 * goes and the app's root shows in the same frame. Without a first view it does nothing.
 */
import { AppRootElementId, FirstViewElementId } from '../../contracts/first-view';

export function takeOverFirstView(document: Document): void {
  const firstView = document.getElementById(FirstViewElementId);
  if (firstView === null) return;
  firstView.remove();
  const root = document.getElementById(AppRootElementId);
  if (root !== null) root.hidden = false;
}
