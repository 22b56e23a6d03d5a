/**
 * Where the navigation rules send a customer to sign on (spec sections 2 and 4), shared by the
 * app's rules (src/navigation/navigation-rules.ts) and the server, which answers a signed-out
 * request for a page that signs on at once with the same redirect (server/spa/spa-routes.ts,
 * docs/decisions/0103-signed-out-entry-page-redirect.md).
 */
import { signOnInterfaceFrom } from '../contracts/sign-on-interfaces';
import { livePages, type PageEntry } from './page-table';

/** The page a flow starts from: the live entry page the page table gives to that flow. */
export function flowEntryPage(flow: string): PageEntry | undefined {
  return livePages.find((candidate) => candidate.flow === flow && candidate.entry);
}

/**
 * The sign-on URL of the server with the request type of the sign-on interface table
 * (contracts/sign-on-interfaces.ts) that lands the customer where they were going: the row that
 * lands on the page or on the start of its flow (the top page, /Invoice for an invoice page, the
 * basket live landing), else the return to `returnTo`. Level 2 is a step-up that always returns.
 */
export function signOnHref(level: 'lv1' | 'lv2', returnTo: string, page?: PageEntry): string {
  if (level === 'lv2') return `/auth/login?${new URLSearchParams({ level: '2', returnTo }).toString()}`;
  const flowStart = page?.flow === undefined ? undefined : flowEntryPage(page.flow)?.path;
  const paths = page === undefined ? ['/Top'] : [page.path, ...(flowStart === undefined ? [] : [flowStart])];
  return `/auth/login?${new URLSearchParams({ returnTo, type: signOnInterfaceFrom(paths).type }).toString()}`;
}
