/** The /Redirect page's data: where to go, and the login ticket for it when one was issued. */
export type RedirectLoaderData = { readonly target: string; readonly ticket: string | null };

/** The order provider signs the customer in with a ticket; without one it shows its own login. */
export function withTicket(target: string, ticket: string | null): string {
  if (ticket === null) return target;
  const url = new URL(target);
  url.searchParams.set('ticket', ticket);
  return url.toString();
}
