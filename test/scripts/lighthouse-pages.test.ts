/**
 * The Lighthouse table (scripts/bench/lighthouse-pages.ts) against the page table: issue 8 asks for
 * every live page in one run, so a live page is either measured or named with the reason it
 * cannot be.
 */
import { describe, expect, it } from 'vitest';
import { pageTable } from '../../machines/page-table';
import { NOT_MEASURED, morePages, publicTargets, signedInTargets, untargetedLivePages } from '../../scripts/bench/lighthouse-pages';

const base = 'http://portal.invalid';
const targets = [...publicTargets(base), ...signedInTargets(base), ...morePages(base)];
const livePaths = new Set(pageTable.filter((entry) => entry.live).map((entry) => entry.path));

describe('the Lighthouse table', () => {
  it('measures every live page, or says why it cannot', () => {
    expect(untargetedLivePages()).toEqual([]);
  });

  it('gives reasons only for live pages it does not measure', () => {
    const measured = new Set(targets.map((target) => new URL(target.url).pathname));
    for (const path of Object.keys(NOT_MEASURED)) {
      expect(livePaths.has(path), `${path} is a live page`).toBe(true);
      expect(measured.has(path), `${path} is not measured`).toBe(false);
    }
  });

  it('names each page once', () => {
    const names = targets.map((target) => target.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
