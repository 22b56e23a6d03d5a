/** The in-store support service's screens: its contract and history pages, and the kit's cancel pages with its copy (src/pages/page-views.ts). */
import type { ServicePages } from '../page-views';

export const servicePages = {
  view: () => import('./in-store-support-view'),
  screens: {
    SSS0001: [() => import('./support-detail-page'), 'InStoreSupportDetailPage'],
    SSS0002: [() => import('./support-history-page'), 'SupportHistoryPage'],
    SSS0003: [() => import('./support-history-detail-page'), 'SupportHistoryDetailPage'],
    SSS0004: [() => import('./benefit-history-page'), 'BenefitHistoryPage'],
    SSS0005: 'cancelInform',
    SSS0006: 'cancelConfirm',
    SSS0007: 'cancelCompleted',
  },
} satisfies ServicePages;
