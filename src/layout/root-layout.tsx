/**
 * The one layout of every route (spec section 2): header, the page's h1 and view, footer.
 * The loading overlay sits outside the router (src/main.tsx) so it also covers the first load.
 */
import { Outlet, useRouter } from '@tanstack/react-router';
import { UpdateBanner } from '../build-check/update-banner';
import { CommonModal } from '../components/common-modal';
import { useBackGuard } from '../navigation/use-back-guard';
import type { RouterContext } from '../router/router-context';
import { loadingStore } from '../stores/loading-store';
import { useStore } from '../stores/store-core';
import { PageHeading } from './page-heading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  const { flows } = useRouter().options.context as RouterContext;
  useBackGuard(flows);
  const loading = useStore(loadingStore, (state) => state.visible);
  return (
    <>
      <div className="app-frame" inert={loading} aria-busy={loading}>
        <a className="skip-link" href="#main">
          本文へ移動
        </a>
        <SiteHeader />
        <UpdateBanner />
        <main id="main" className="site-main" tabIndex={-1}>
          <div className="site-main__inner">
            <PageHeading />
            <Outlet />
          </div>
        </main>
        <SiteFooter />
      </div>
      <CommonModal />
    </>
  );
}
