/**
 * The layout's markup (spec section 2: header, the page's h1 and body, footer), from what it is
 * given. The app's chrome (app-chrome.tsx) gives it the stores' values; the server's first view
 * (src/first-view, ADR 0106) gives it what the server knows. One markup for both, so the page the
 * server paints and the page the app takes it over with cannot drift apart.
 *
 * The update banner and the loading overlay read stores that live in memory only and start empty:
 * on the server they render their empty live regions, as in the browser before anything happens.
 */
import type { ReactNode } from 'react';
import type { BuildLabel } from '../build-check/build-metadata-store';
import { UpdateBanner } from '../build-check/update-banner';
import { LoadingOverlay } from '../components/loading-overlay';
import { PageHeading } from './page-heading';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export type AppFrameProps = {
  readonly signedIn: boolean;
  /** The body is covered by the loading overlay and cannot be used. */
  readonly loading: boolean;
  readonly build: BuildLabel | null;
  readonly children: ReactNode;
};

export function AppFrame({ signedIn, loading, build, children }: AppFrameProps) {
  return (
    <div className="app-frame">
      <a className="skip-link" href="#main">
        本文へ移動
      </a>
      <SiteHeader signedIn={signedIn} />
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
      <SiteFooter build={build} />
    </div>
  );
}
