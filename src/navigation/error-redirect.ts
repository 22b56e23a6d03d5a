/** The one way the app sends the customer to the error page: code and end date ride in history state. */
import { redirect } from '@tanstack/react-router';
import type { HistoryState } from '@tanstack/history';

export const ErrorPath = '/Error';

/** What the error page shows besides the code. */
export type ErrorExtras = {
  /** E0005's end of maintenance. */
  readonly endDate?: string | undefined;
  /** A sign-on it offers, when signing in again is the way on (docs/decisions/0082-unauthenticated-pages-and-top-menus.md). */
  readonly signOnHref?: string | undefined;
  /** The flow's start it offers, when starting the flow again is the way on (docs/decisions/0121). */
  readonly restartPath?: string | undefined;
};

export function errorState(code: string | undefined, extras: ErrorExtras = {}): HistoryState {
  const { endDate, signOnHref, restartPath } = extras;
  return {
    ...(code === undefined ? {} : { errorCode: code }),
    ...(endDate === undefined ? {} : { endDate }),
    ...(signOnHref === undefined ? {} : { signOnHref }),
    ...(restartPath === undefined ? {} : { restartPath }),
  };
}

type RedirectOptions = Parameters<typeof redirect>[0];

/** Ends a beforeLoad or loader with a router redirect (the router's own `throw: true` form). */
export function throwRedirect(options: RedirectOptions): never {
  redirect({ ...options, throw: true });
  throw new Error('redirect({ throw: true }) did not throw');
}

/** Ends a beforeLoad or loader on the error page, replacing the page that failed. */
export function throwErrorPage(code: string | undefined, extras?: ErrorExtras): never {
  return throwRedirect({ to: ErrorPath, state: errorState(code, extras), replace: true });
}
