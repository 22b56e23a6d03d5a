/**
 * The query parameters the navigation rules act on (src/navigation/navigation-rules.ts). A page
 * opened with one of them may not be the page shown: `redirect` leaves for an allow-listed site,
 * the order provider's `pageId` on /Top goes back to that page, and an invoice named on /Invoice
 * (`contents`, `cfservice`: contracts/api/invoice-parameter.ts) goes on to that invoice. The
 * server draws no first view for such a request (docs/decisions/0106-first-view-from-the-server.md):
 * the customer would see a page only until the app moved on.
 */
export const RuleParameter = {
  Redirect: 'redirect',
  PageId: 'pageId',
  InvoiceMonth: 'contents',
  InvoiceService: 'cfservice',
} as const;

/** Whether the query string carries a parameter the navigation rules act on. */
export function hasRuleParameter(search: URLSearchParams): boolean {
  return Object.values(RuleParameter).some((name) => search.has(name));
}
