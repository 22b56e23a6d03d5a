/**
 * The app's side of the tab's kept view (docs/decisions/0116-the-tabs-kept-view.md). When the tab
 * leaves a page, it keeps the page's markup in sessionStorage, under the session's key (which the
 * server wrote on the app's root) and the page's address, so that the first-view loader can paint
 * it again when the tab reloads the page, before the app has loaded and restored the run.
 *
 * Only a page a reload brings back as it is gets kept: a step of the foreground flow whose run is
 * stored (persistable) on exactly this route. Any other page removes the kept view, so that no
 * reload paints what the app will not show. The tab keeps one view.
 */
import { AppRootElementId, KeptViewStoragePrefix, keptViewItem } from '../../contracts/first-view';
import type { FlowRegistry } from '../flows/flow-registry';
import { routeFor, storageDecision, storedMachineIds } from '../flows/flow-registry';

type KeepStorage = Pick<Storage, 'setItem' | 'removeItem' | 'key' | 'length'>;

/**
 * Whether a reload of this address brings back the page as it is: the foreground run, stored,
 * stands on it. Not while the run is at the card provider (`external`): Back from the provider
 * loads this address again, and the run then shows its wait, not the page it left (ADR 0106
 * decision 11).
 */
export function isKeepable(flows: Pick<FlowRegistry, 'foreground'>, pathname: string): boolean {
  const flow = flows.foreground();
  if (flow === undefined) return false;
  const snapshot = flow.actor.getSnapshot();
  return storageDecision(snapshot) === 'store' && !snapshot.hasTag('external') && routeFor(snapshot) === pathname;
}

/**
 * The page's markup as it may be painted again: the app's root, shown, with nothing loading and no
 * dialog open (a reload closes it); otherwise undefined. Without inline styles: the page's policy
 * refuses them in markup (style-src 'self'), so the browser would drop them with an error each;
 * the app sets its few through the DOM.
 */
export function keepableMarkup(root: HTMLElement): string | undefined {
  if (root.hidden || root.querySelector('.loading-overlay, dialog[open], [aria-busy="true"]') !== null) return undefined;
  const copy = root.cloneNode(true) as HTMLElement;
  for (const styled of copy.querySelectorAll('[style]')) styled.removeAttribute('style');
  return copy.innerHTML;
}

/** Keeps `markup` as the tab's one kept view of `href` (none: keeps nothing), removing every other. */
export function keepView(storage: KeepStorage, key: string, href: string, markup: string | undefined): void {
  const item = keptViewItem(key, href);
  for (let index = storage.length - 1; index >= 0; index--) {
    const name = storage.key(index);
    if (name !== null && name.startsWith(KeptViewStoragePrefix) && (name !== item || markup === undefined)) storage.removeItem(name);
  }
  if (markup === undefined) return;
  try {
    storage.setItem(item, markup);
  } catch {
    // A full storage costs only the next reload's early paint.
  }
}

/**
 * Keeps the page the tab leaves, when it leaves it (a reload, the card provider, closing the tab):
 * what was on screen at that moment, if a reload brings it back; otherwise the kept view goes.
 * Nothing without the server's key (a page served without a session). Answers the unbinding.
 *
 * Called once the app holds its first page, it first removes every kept view if the tab has no run
 * stored: a kept view shows a run's step, and without the run no reload can bring it back. That
 * removes one the previous document wrote late: a document the tab leaves for a new one may run
 * its pagehide after the new one has started (in another renderer, its storage writes arrive
 * later), so a /doClear typed on a step found the step's kept view back after it had cleared
 * everything.
 */
export function keepViews(flows: Pick<FlowRegistry, 'foreground'>, window: Window, storage: KeepStorage): () => void {
  if (storedMachineIds(storage).length === 0) keepView(storage, '', window.location.href, undefined);
  const root = window.document.getElementById(AppRootElementId);
  const key = root?.dataset.keptView;
  if (!root || !key) return () => undefined;
  const keep = () => {
    const { href, pathname } = window.location;
    keepView(storage, key, href, isKeepable(flows, pathname) ? keepableMarkup(root) : undefined);
  };
  window.addEventListener('pagehide', keep);
  return () => window.removeEventListener('pagehide', keep);
}
