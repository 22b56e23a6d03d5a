/**
 * The loader's side of the tab's kept view (docs/decisions/0116-the-tabs-kept-view.md): on a
 * signed-in page the server did not draw, the page the tab showed last is painted again from
 * sessionStorage, as the app had drawn it, while the app loads behind it. Built into the
 * first-view loader, which the server inlines into the page: every byte is sent with each page.
 * The names are spelled out rather than imported from contracts/first-view.ts, which the app
 * imports too: the build would put them in a chunk of their own, and an inline script imports
 * nothing. test/app/first-view/kept-view.test.ts holds them to the contract's.
 */

/**
 * Whether the page shows a first view the app will take over: the server's (the app's root is
 * hidden behind it), else the tab's kept view of this address under this session, painted now.
 * The session and the address are in the kept item's name: another page's or another session's
 * view is not found, and a page without the server's key (no session) finds none.
 */
export function showsFirstView(document: Document): boolean {
  try {
    const root = document.getElementById('root')!;
    if (root.hidden) return true;
    // Without the server's key the name holds "undefined", under which the app keeps nothing.
    const html = sessionStorage.getItem(`portal.kept:${root.dataset.keptView}${location.href}`);
    if (!html) return false;
    const view = document.createElement('div');
    view.id = 'first-view';
    // A picture of the page: nothing on it answers until the app has taken it over.
    view.inert = true;
    view.innerHTML = html;
    root.hidden = true;
    root.before(view);
    return true;
  } catch {
    // No key in the page (no session), or a storage the browser refuses: the app draws the page.
    return false;
  }
}
