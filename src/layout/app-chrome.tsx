/**
 * The one layout of every page (spec section 2): header, the page's h1 and body, footer. It is
 * the router's InnerWrap, not the root route's component, so it paints with the app's first
 * render while the navigation rules still run (issue 8, ADR 0088): the header and the page's
 * heading at once, the body when its checks pass. The loading overlay covers only the body,
 * which is what waits.
 */
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { UpdateBanner } from '../build-check/update-banner';
import { CommonModal } from '../components/common-modal';
import { LoadingOverlay } from '../components/loading-overlay';
import { useBackGuard } from '../navigation/use-back-guard';
import type { RouterContext } from '../router/router-context';
import { loadingStore } from '../stores/loading-store';
import { useStore } from '../stores/store-core';
import { PageHeading } from './page-heading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppChrome({ children }: { readonly children: ReactNode }) {
  const { flows } = useRouter().options.context as RouterContext;
  useBackGuard(flows);
  const loading = useStore(loadingStore, (state) => state.visible);
  return (
    <>
      <div className="app-frame">
        <a className="skip-link" href="#main">
          本文へ移動
        </a>
        <SiteHeader />
        <UpdateBanner />
        <main id="main" className="site-main" tabIndex={-1}>
          <div className="site-main__inner">
            <PageHeading />
            <div className="page-body">
              <div className="page-body__content" inert={loading} aria-busy={loading}>
                {children}
              </div>
              <LoadingOverlay />
            </div>
          </div>
        </main>
        <SiteFooter />
      </div>
      <CommonModal />
    </>
  );
}
