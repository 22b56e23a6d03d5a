/**
 * Browser events the spec gives rules for: a page restored from the back-forward cache is
 * reloaded (spec section 2), and an unhandled error leads to the error page with the overlay
 * hidden (spec section 4).
 */
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { ApiRequestError } from '../api/api-client';
import { errorContext, logger } from '../lib/logger';
import { hideLoading } from '../stores/loading-store';

/** Spec section 9: "Reload guard lifetime: 10 s default". */
export const ReloadGuardMs = 10_000;
const ReloadGuardKey = 'portal.reload-guard';

type LifecycleWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'location' | 'sessionStorage'>;

/**
 * Reloads a page shown from the back-forward cache, at most once per guard lifetime so a
 * browser that keeps restoring from the cache cannot loop.
 */
export function bindBfcacheReload(win: LifecycleWindow, now: () => number = Date.now): () => void {
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted) return;
    const last = Number(win.sessionStorage.getItem(ReloadGuardKey) ?? '0');
    if (now() - last < ReloadGuardMs) return;
    win.sessionStorage.setItem(ReloadGuardKey, String(now()));
    win.location.reload();
  };
  win.addEventListener('pageshow', onPageShow);
  return () => win.removeEventListener('pageshow', onPageShow);
}

/** The code an error page shows for an error; undefined gives the spec's default message. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.errorCode : undefined;
}

function isIgnorable(error: unknown): boolean {
  if (isRedirect(error) || isNotFound(error)) return true;
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Sends unhandled errors of our own code to the error page. Errors raised by scripts of other
 * origins (the tag manager) are logged only: they must not interrupt the customer.
 */
export function bindUnhandledErrors(win: LifecycleWindow, showError: (code: string | undefined) => void): () => void {
  const report = (error: unknown) => {
    if (isIgnorable(error)) return;
    logger.error('unhandled error', errorContext(error));
    hideLoading();
    showError(errorCodeOf(error));
  };
  const onError = (event: ErrorEvent) => {
    if (event.filename !== '' && !event.filename.startsWith(win.location.origin)) {
      logger.warn('error in a script of another origin', { filename: event.filename, message: event.message });
      return;
    }
    report(event.error);
  };
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
