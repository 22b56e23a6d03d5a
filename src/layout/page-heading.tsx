/**
 * The page's h1 and document title, both from the page table. After an in-app navigation the
 * heading takes focus, so screen reader and keyboard users start at the new page's top.
 */
import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { findLivePage, isDemoPath, pageById } from '../../machines/page-table';

export const PortalName = 'お客さまポータル';
export const NotFoundTitle = 'ページが見つかりません';

export function documentTitle(title: string): string {
  return title === PortalName ? PortalName : `${title}｜${PortalName}`;
}

/** The current page's title, and whether the layout renders it (demo pages have their own h1). */
export function useCurrentPageTitle(): { readonly title: string; readonly inLayout: boolean } {
  const pageId = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.pageId });
  const ownTitle = useRouterState({ select: (state) => state.matches.at(-1)?.staticData.ownTitle });
  // Before the first page is decided there are no matches yet: the page table names the page
  // the browser asked for, so its heading paints with the layout (ADR 0088).
  const firstPath = useRouterState({ select: (state) => (state.resolvedLocation === undefined ? state.location.pathname : undefined) });
  const page = pageId === undefined ? undefined : pageById(pageId);
  if (page !== undefined) return { title: page.title, inLayout: true };
  if (ownTitle !== undefined) return { title: ownTitle, inLayout: false };
  if (firstPath !== undefined) {
    const asked = findLivePage(firstPath);
    if (asked !== undefined) return { title: asked.title, inLayout: true };
    // A demo page draws its own heading; any other path is the not-found page (the server draws
    // it so, ADR 0113), whose heading paints with the layout too.
    return isDemoPath(firstPath) ? { title: PortalName, inLayout: false } : { title: NotFoundTitle, inLayout: true };
  }
  return { title: NotFoundTitle, inLayout: true };
}

export function PageHeading() {
  const { title, inLayout } = useCurrentPageTitle();
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);

  useEffect(() => {
    if (pathname === undefined) return;
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [pathname]);

  if (!inLayout) return null;
  return (
    <h1 ref={heading} tabIndex={-1}>
      {title}
    </h1>
  );
}
