/**
 * An error nobody handled while loading or rendering a page: the overlay goes, and the
 * customer is taken to the error page with the error's code (spec section 4). On the error
 * page itself the message is shown in place, so a broken error page cannot loop.
 */
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { ErrorMessage } from '../components/error-message';
import { errorContext, logger } from '../lib/logger';
import { errorCodeOf } from '../navigation/browser-lifecycle';
import { ErrorPath, errorState } from '../navigation/error-redirect';
import { hideLoading } from '../stores/loading-store';

export function RootErrorFallback({ error }: ErrorComponentProps) {
  const router = useRouter();
  const code = errorCodeOf(error);
  const onErrorPage = router.state.location.pathname === ErrorPath;

  useEffect(() => {
    hideLoading();
    logger.error('unhandled error while showing a page', errorContext(error));
    if (!onErrorPage) void router.navigate({ to: ErrorPath, state: errorState(code), replace: true });
  }, [router, error, code, onErrorPage]);

  return <ErrorMessage code={code} />;
}
