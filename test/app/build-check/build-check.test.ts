import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTagManager } from '../../../src/analytics/tag-manager';
import { buildUpdateStore, fetchLatestBuild, isNewerBuild, startBuildCheck } from '../../../src/build-check/build-check';

const running = '20261121193000-aaaa1111';
const newer = '20261121203000-bbbb2222';
const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));

afterEach(() => {
  vi.useRealTimers();
  buildUpdateStore.reset();
});

describe('build check', () => {
  it('compares build ids by their build time; a dev build is never outdated', () => {
    expect(isNewerBuild(running, newer)).toBe(true);
    expect(isNewerBuild(newer, running)).toBe(false);
    expect(isNewerBuild(running, running)).toBe(false);
    expect(isNewerBuild('dev', newer)).toBe(false);
  });

  it('asks for /build-info.json with a timestamp and no cache', async () => {
    const fetchFn = vi.fn(() => json({ buildId: newer, builtAt: '2026-11-21T20:30:00.000Z' }));
    expect(await fetchLatestBuild(fetchFn, 1234)).toEqual({ buildId: newer, builtAt: '2026-11-21T20:30:00.000Z' });
    expect(fetchFn).toHaveBeenCalledWith('/build-info.json?t=1234', { cache: 'no-store', credentials: 'same-origin' });
  });

  it('ignores failures and malformed answers', async () => {
    expect(await fetchLatestBuild((() => json({}, 404)), 1)).toBeUndefined();
    expect(await fetchLatestBuild((() => json({ buildId: 'x' })), 1)).toBeUndefined();
    expect(await fetchLatestBuild((() => Promise.reject(new TypeError('offline'))), 1)).toBeUndefined();
  });

  it('checks every interval and offers the newer build in the banner store', async () => {
    vi.useFakeTimers();
    const fetchFn = vi.fn(() => json({ buildId: newer, builtAt: 'x' }));
    const { stop } = startBuildCheck({ runningBuildId: running, intervalMs: 60 * 60 * 1000, fetch: fetchFn });
    await vi.advanceTimersByTimeAsync(59 * 60 * 1000);
    expect(fetchFn).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60 * 1000);
    expect(fetchFn).toHaveBeenCalledTimes(1);
    expect(buildUpdateStore.get().latest).toBe(newer);
    stop();
  });

  it('offers nothing while the running build is the latest', async () => {
    vi.useFakeTimers();
    const fetchFn = vi.fn(() => json({ buildId: running, builtAt: 'x' }));
    const { stop } = startBuildCheck({ runningBuildId: running, intervalMs: 1000, fetch: fetchFn });
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchFn).toHaveBeenCalledTimes(3);
    expect(buildUpdateStore.get().latest).toBeNull();
    stop();
  });
});

describe('tag manager', () => {
  it('loads nothing when disabled', () => {
    const win: { dataLayer?: unknown[] } = {};
    const before = document.head.querySelectorAll('script').length;
    startTagManager({ id: 'GTM-ABC', enabled: false, debug: false }, document, win);
    expect(document.head.querySelectorAll('script').length).toBe(before);
    expect(win.dataLayer).toBeUndefined();
  });

  it('loads the container and sends page views without query strings, with debug on test hosts', () => {
    const win: { dataLayer?: unknown[] } = {};
    const tags = startTagManager({ id: 'GTM-ABC', enabled: true, debug: true }, document, win);
    expect(document.head.querySelector('script[src="https://www.googletagmanager.com/gtm.js?id=GTM-ABC"]')).not.toBeNull();
    tags.pageView({ id: 'CMN0002', title: 'トップ' }, '/Top');
    expect(win.dataLayer?.at(-1)).toEqual({ event: 'page_view', page_id: 'CMN0002', page_title: 'トップ', page_path: '/Top', debug_mode: true });
  });
});
