/**
 * The app's entry: configuration, the API client's session and error handler, the flow
 * registry, the router with its navigation effects, the browser lifecycle rules, the build
 * check and the tag manager; then the React tree.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { flowLoaders } from '../machines/flow-loaders';
import { startTagManager } from './analytics/tag-manager';
import { apiActivity, configureApiClient } from './api/api-client';
import { discardFirstAnswers, loadFirstAnswers } from './api/first-answers';
import { queryClient } from './api/query-client';
import { startBuildCheck } from './build-check/build-check';
import { appConfig } from './config/app-config';
import { adoptFirstView } from './first-view/take-over';
import { createLazyFlowRegistry } from './flows/flow-registry';
import { createFlowLoaders } from './flows/flow-loading';
import { currentContact, withFlowContact, withProviderExit } from './flows/flow-wrappers';
import { markAtCardProvider } from './flows/card-provider-mark';
import { configureLogger, errorContext, logger } from './lib/logger';
import { whenSettled } from './lib/when-settled';
import { yieldToMain } from './lib/yield-to-main';
import { bindBfcacheReload, bindUnhandledErrors } from './navigation/browser-lifecycle';
import { ErrorPath, errorState } from './navigation/error-redirect';
import { bindNavigationEffects } from './navigation/navigation-effects';
import { createAppRouter } from './router/create-app-router';
import { authStore } from './stores/auth-store';
import './styles/global.css';

configureLogger({ level: appConfig.logLevel });

// The page the server drew (ADR 0106), if any: its links are held from now until the app takes over.
const firstView = adoptFirstView(document);
/**
 * The app's start, cut into tasks so that a tap or a scroll on a page the server drew is answered
 * in between (ADR 0112), and so that no page's start is one long task (ADR 0114: on the pages the
 * app draws itself, the first paint moved within the noise and the blocking time fell from about
 * 190 ms to 30-100 ms). A function rather than top-level awaits:
 * with those, the bundler split the first script into three files (0.3 KB more, ADR 0112).
 */
async function start(): Promise<void> {
  // The server's answers to the first page's calls, inlined with the HTML (ADR 0087); what the
  // first navigation does not take is dropped once it is decided.
  loadFirstAnswers(document, (reason) => logger.warn('inlined first answers ignored', { reason }));

  configureApiClient({
    getSession: () => {
      const auth = authStore.get();
      return { sbSystemId: auth.sbSystemId, sessionToken: auth.sessionToken, pageId: auth.pageId };
    },
    // Callers decide what a failure means for the customer (the navigation rules, the flows);
    // the shared handler keeps the trace.
    onError: (event) => logger.warn('API call failed', event),
  });

  await yieldToMain();
  const flows = withProviderExit(
    withFlowContact(
      createLazyFlowRegistry({
        // Each flow's machine and the app's actors load with the flow's first page (ADR 0037).
        loaders: createFlowLoaders(flowLoaders, { queryClient }),
        storage: window.sessionStorage,
        onDiscard: (machineId, reason) => logger.info('stored flow discarded', { machineId, reason }),
      }),
      () => currentContact(queryClient),
    ),
    { leave: (url) => window.location.assign(url), mark: (away) => markAtCardProvider(away) },
  );

  await yieldToMain();
  const router = createAppRouter({ queryClient, flows });
  await yieldToMain();

  const tagManager = startTagManager(appConfig.tagManager);

  bindNavigationEffects(router, {
    flows,
    onPageView: (page, location) => tagManager.pageView(page, location.pathname),
  });
  const buildCheck = appConfig.buildId === 'dev' ? undefined : startBuildCheck({ runningBuildId: appConfig.buildId, intervalMs: appConfig.buildCheckIntervalMs });
  const stopDiscard = router.subscribe('onResolved', () => {
    // The page the server drew (ADR 0106) gives way to the app's, now drawn behind it; a link the
    // customer followed on it meanwhile is followed now.
    const held = firstView.takeOver();
    if (held !== undefined) void router.navigate({ href: held });
    discardFirstAnswers();
    stopDiscard();
    // From now on the tab keeps the page it leaves, for a reload to paint it at once (ADR 0116). A
    // chunk gone with a redeploy costs only that early paint.
    void import('./first-view/kept-view').then(
      ({ keepViews }) => keepViews(flows, window, window.sessionStorage),
      (error: unknown) => logger.warn('kept views not loaded', errorContext(error)),
    );
    // Once the first page has settled, never before: the footer's version can wait, and its two
    // requests would compete with the page's own chunks and reads (ADR 0091, 0105).
    if (buildCheck !== undefined) {
      const checkNow = () => void buildCheck.checkNow();
      void whenSettled(apiActivity)
        .then(() => import('./build-check/build-metadata'))
        .then(
          ({ loadBuildMetadata }) => loadBuildMetadata({ buildId: appConfig.buildId, onGone: checkNow }),
          // Its chunk is gone when the portal was redeployed under this page: a footer line is no
          // reason for the error page; the latest build is checked instead (its banner offers the reload).
          (error: unknown) => {
            logger.warn('build metadata not loaded', errorContext(error));
            checkNow();
          },
        );
    }
  });
  bindBfcacheReload(window);
  bindUnhandledErrors(window, (code) => {
    if (router.state.location.pathname !== ErrorPath) void router.navigate({ to: ErrorPath, state: errorState(code), replace: true });
  });

  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');

  const root = createRoot(container);
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  if (firstView.drawn) startTransition(() => root.render(app));
  else root.render(app);
}

void start();
