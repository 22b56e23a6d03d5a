/** The basket live service's screens: the kit's pages with its copy, and the pages of its plan change (src/pages/page-views.ts). */
import type { ServicePages } from '../page-views';

export const servicePages = {
  view: () => import('./basket-live-view'),
  screens: {
    BKL0001: 'landing',
    BKL0002: 'apply',
    BKL0003: 'applyCompleted',
    BKL0004: 'detail',
    BKL0005: 'updatePayment',
    BKL0006: 'updateConfirm',
    BKL0007: 'updateCompleted',
    BKL0008: 'cancelInform',
    BKL0009: 'cancelConfirm',
    BKL0010: 'cancelCompleted',
    BKL0011: [() => import('./plan-change-page'), 'BasketLivePlanChangePage'],
    BKL0012: [() => import('./plan-completed-page'), 'BasketLivePlanCompletedPage'],
  },
} satisfies ServicePages;
