/**
 * Where a customer lands after signing on. Only paths of the page table are accepted, so a
 * crafted returnTo can never send the browser to another site (no open redirect).
 */
import { SignOnType, type SignOnTypeValue } from '../../contracts/codes';
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
 * The landing the sign-on request type decides (spec section 4); no type keeps returnTo. A
 * landing the portal does not serve yet is the top page, never a 404 right after signing in.
 */
export function landingFor(type: SignOnTypeValue | undefined, returnTo: string | undefined, isLive: (path: string) => boolean = isLivePage): string {
  const landing = (path: string) => (isLive(path) ? path : DefaultLanding);
  switch (type) {
    case undefined:
    case SignOnType.ReturnToLanding:
      return safeReturnTo(returnTo);
    case SignOnType.ReturnToTop:
      return DefaultLanding;
    case SignOnType.Invoice:
      return landing('/Invoice');
    case SignOnType.BasketLiveLanding:
    case SignOnType.MailAddressConfirmation:
    case SignOnType.BasketLiveMailAddressConfirmation:
      // The mail-address confirmation runs inside the basket live application, the one flow
      // that asks for it: its entry judge leads the customer there (ADR 0063).
      return landing('/BasketLive');
  }
}
