/** The data storage service's screens: the kit's pages with its copy (src/pages/page-views.ts). */
import type { ServicePages } from '../page-views';

export const servicePages = {
  view: () => import('./anshin-view'),
  screens: {
    ADB0001: 'landing',
    ADB0002: 'apply',
    ADB0003: 'applyCompleted',
    ADB0004: 'detail',
    ADB0005: 'updatePayment',
    ADB0006: 'updateConfirm',
    ADB0007: 'updateCompleted',
    ADB0008: 'cancelInform',
    ADB0009: 'cancelConfirm',
    ADB0010: 'cancelCompleted',
    ADB0011: 'resumeConfirm',
    ADB0012: 'resumeCompleted',
  },
} satisfies ServicePages;
