import { describe, expect, it } from 'vitest';
import { findPage, isDemoPath, livePages, pageTable } from '../../../machines/page-table';
import { demoViews, pageViews, redirectOnlyPages } from '../../../src/pages/page-views';

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

  it('imports every view lazily, so each page is its own chunk', () => {
    for (const [id, view] of Object.entries(pageViews)) {
      expect(typeof (view as { preload?: unknown }).preload, id).toBe('function');
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
});
