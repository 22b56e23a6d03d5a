/**
 * The one layout of every page (spec section 2): header, the page's h1 and body, footer. It is
 * the router's InnerWrap, not the root route's component, so it paints with the app's first
 * render while the navigation rules still run (issue 8, ADR 0088): the header and the page's
 * heading at once, the body when its checks pass. The loading overlay covers only the body,
 * which is what waits. The markup is AppFrame's, shared with the server's first view (ADR 0106).
 */
import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buildMetadataStore } from '../build-check/build-metadata-store';
import { CommonModal } from '../components/common-modal';
import { useBackGuard } from '../navigation/use-back-guard';
import type { RouterContext } from '../router/router-context';
import { authStore } from '../stores/auth-store';
import { loadingStore } from '../stores/loading-store';
import { useStore } from '../stores/store-core';
import { AppFrame } from './app-frame';

export function AppChrome({ children }: { readonly children: ReactNode }) {
  const { flows } = useRouter().options.context as RouterContext;
  useBackGuard(flows);
  const loading = useStore(loadingStore, (state) => state.visible);
  const signedIn = useStore(authStore, (state) => state.sbSystemId !== null);
  const build = useStore(buildMetadataStore, (state) => state.label);
  return (
    <>
      <AppFrame signedIn={signedIn} loading={loading} build={build}>
        {children}
      </AppFrame>
      <CommonModal />
    </>
  );
}
