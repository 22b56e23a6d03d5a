import { describe, expect, it } from 'vitest';
import { findPage, isDemoPath, livePages, pageTable } from '../../../machines/page-table';
import { catalogueServices } from '../../../contracts/services/catalogue';
import { kitFlowId, servicePath, type KitFlowKind, type ServicePage } from '../../../contracts/services/service-definition';
import { demoViews, pageViews, redirectOnlyPages, servicePagesByFile } from '../../../src/pages/page-views';

/** The flow that owns each kit page (spec section 4: apply, change of payment, cancel, resume). */
const kitPageFlow: Partial<Record<ServicePage, KitFlowKind>> = {
  landing: 'apply',
  apply: 'apply',
  applyCompleted: 'apply',
  detail: 'changePayment',
  updatePayment: 'changePayment',
  updateConfirm: 'changePayment',
  updateCompleted: 'changePayment',
  cancelInform: 'cancel',
  cancelConfirm: 'cancel',
  cancelCompleted: 'cancel',
  resumeConfirm: 'resume',
  resumeCompleted: 'resume',
};

describe('page view registry', () => {
  it('has a view for every live page (or marks it redirect-only)', () => {
    const missing = livePages.filter((page) => pageViews[page.id] === undefined && !redirectOnlyPages.has(page.id)).map((page) => `${page.id} ${page.path}`);
    expect(missing).toEqual([]);
  });

  it('has no view without a live page', () => {
    const live = new Set(livePages.map((page) => page.id));
    const orphans = [...Object.keys(pageViews), ...redirectOnlyPages].filter((id) => !live.has(id));
    expect(orphans).toEqual([]);
  });

  it('imports every view lazily, so each page is its own chunk, but the landing and the error page (ADR 0105)', () => {
    const withFirstScript = new Set(['CMN0001', 'CMN0005']);
    for (const [id, view] of Object.entries(pageViews)) {
      expect(typeof (view as { preload?: unknown }).preload, id).toBe(withFirstScript.has(id) ? 'undefined' : 'function');
    }
  });

  it('serves demo pages only under /demo, outside the page table', () => {
    for (const [path, view] of Object.entries(demoViews)) {
      expect(isDemoPath(path), path).toBe(true);
      expect(findPage(path), path).toBeUndefined();
      expect(typeof (view.component as { preload?: unknown }).preload, path).toBe('function');
    }
  });

  it('knows only screen IDs of the page table', () => {
    const ids = new Set(pageTable.map((page) => page.id));
    expect(Object.keys(pageViews).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('binds every service of the catalogue to its own pages file, and each kit screen to the page of that service the kit flow owns', () => {
    for (const service of catalogueServices) {
      const declared = servicePagesByFile[`./${service.slug}/${service.slug}.pages.ts`];
      expect(declared, service.slug).toBeDefined();
      for (const [id, screen] of Object.entries(declared?.screens ?? {})) {
        if (typeof screen !== 'string') continue;
        const page = pageTable.find((entry) => entry.id === id);
        expect(page?.path, `${service.slug} ${id} ${screen}`).toBe(servicePath(service, screen));
        expect(page?.flow, `${service.slug} ${id} ${screen}`).toBe(kitFlowId(service, kitPageFlow[screen] ?? 'apply'));
      }
    }
    expect(Object.keys(servicePagesByFile)).toHaveLength(catalogueServices.length);
  });
});
