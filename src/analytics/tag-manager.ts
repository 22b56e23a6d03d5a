/**
 * The tag manager per host (spec section 6): production on without debug, test hosts on with
 * debug, local off. Nothing of a third party loads unless a container id is configured, and
 * page views carry the screen ID and path only, never the query string or customer data.
 */
import type { TagManagerConfig } from '../config/app-config';

type DataLayerWindow = { dataLayer?: unknown[] };

export type TagManager = {
  readonly enabled: boolean;
  pageView(page: { readonly id: string; readonly title: string } | undefined, pathname: string): void;
};

export const TagManagerOrigin = 'https://www.googletagmanager.com';

export function startTagManager(config: TagManagerConfig, doc: Document = document, win: DataLayerWindow = window as DataLayerWindow): TagManager {
  if (!config.enabled || config.id === undefined) return { enabled: false, pageView: () => undefined };
  const dataLayer = (win.dataLayer ??= []);
  dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js', ...(config.debug ? { debug_mode: true } : {}) });
  const script = doc.createElement('script');
  script.async = true;
  script.src = `${TagManagerOrigin}/gtm.js?id=${encodeURIComponent(config.id)}`;
  doc.head.append(script);
  return {
    enabled: true,
    pageView(page, pathname) {
      dataLayer.push({
        event: 'page_view',
        page_id: page?.id ?? 'not_found',
        page_title: page?.title ?? '',
        page_path: pathname,
        ...(config.debug ? { debug_mode: true } : {}),
      });
    },
  };
}
