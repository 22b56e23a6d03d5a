/**
 * Where a customer lands after signing on. Only paths of the page table are accepted, so a
 * crafted returnTo can never send the browser to another site (no open redirect).
 */
import type { SignOnTypeValue } from '../../contracts/codes';
import { signOnInterfaceOf } from '../../contracts/sign-on-interfaces';
import { findLivePage, findPage } from '../../machines/page-table';

export const DefaultLanding = '/Top';

const internalOrigin = 'http://portal.internal';

/** The page-table path for an internal returnTo; /Top for anything else. */
export function safeReturnTo(returnTo: string | undefined): string {
  if (returnTo === undefined || !returnTo.startsWith('/') || returnTo.startsWith('//')) return DefaultLanding;
  // Backslashes and control characters are read as "//" or dropped by some browsers.
  if ([...returnTo].some((char) => char === '\\' || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) {
    return DefaultLanding;
  }
  let url: URL;
  try {
    url = new URL(returnTo, internalOrigin);
  } catch {
    return DefaultLanding;
  }
  if (url.origin !== internalOrigin) return DefaultLanding;
  return findPage(url.pathname)?.path ?? DefaultLanding;
}

const isLivePage = (path: string) => findLivePage(path) !== undefined;

/**
 * The landing the sign-on request type's row of the interface table decides
 * (contracts/sign-on-interfaces.ts); no type keeps returnTo. A landing the portal does not serve
 * yet is the top page, never a 404 right after signing in.
 */
export function landingFor(type: SignOnTypeValue | undefined, returnTo: string | undefined, isLive: (path: string) => boolean = isLivePage): string {
  const { path } = signOnInterfaceOf(type);
  if (path === null) return safeReturnTo(returnTo);
  return isLive(path) ? path : DefaultLanding;
}
