/**
 * Tells the server which page a run left for the card provider from (contracts/first-view.ts,
 * AtCardProviderCookie). Lasts as long as the provider's order may be paid (30 minutes); a
 * customer away longer comes back to a first view that the app then replaces, as before the mark.
 * Not a secret and never read by the app: sent over HTTPS in production like every request.
 */
import { AtCardProviderCookie } from '../../contracts/first-view';

/** `path` is the page the run leaves from when `away`; the mark is cleared otherwise. */
export function markAtCardProvider(away: boolean, path: string = window.location.pathname): void {
  document.cookie = `${AtCardProviderCookie}=${away ? path : ''}; Path=/; Max-Age=${away ? 1800 : 0}; SameSite=Lax`;
}
