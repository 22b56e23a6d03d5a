/**
 * The first-view loader's wait (docs/decisions/0112-app-script-after-the-first-paint.md): a page
 * the server drew asks for the app's entry once it has painted, and never waits long for a paint
 * that does not come; the entry's chunks are run one task each before it
 * (docs/decisions/0117-the-entry-evaluated-in-parts.md).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppChunksAttribute, AppEntryAttribute } from '../../../contracts/first-view-loader';
import { PaintWaitLimitMs, firstPaint, loadAppAfterFirstPaint } from '../../../src/first-view/first-paint';

type PaintName = 'first-paint' | 'first-contentful-paint';
type PaintCallback = (list: { getEntriesByName(name: string): { name: string }[] }) => void;

/** A stand-in for the browser's PerformanceObserver: the test says when the page paints, and what. */
class FakePaintObserver {
  static observed: { type?: string; buffered?: boolean }[] = [];
  static callbacks: PaintCallback[] = [];
  constructor(callback: PaintCallback) {
    FakePaintObserver.callbacks.push(callback);
  }
  observe(options: { type?: string; buffered?: boolean }) {
    FakePaintObserver.observed.push(options);
  }
  /** Reports the paint entries of one frame: by default a frame with content, the first one. */
  static paint(names: readonly PaintName[] = ['first-paint', 'first-contentful-paint']) {
    const entries = names.map((name) => ({ name }));
    for (const callback of FakePaintObserver.callbacks) callback({ getEntriesByName: (name) => entries.filter((entry) => entry.name === name) });
  }
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakePaintObserver.observed = [];
  FakePaintObserver.callbacks = [];
  vi.stubGlobal('PerformanceObserver', FakePaintObserver);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('最初の描画を待つこと', () => {
  it('描画が報告されるまで待ち、すでに済んだ描画も受け取る形で見張ること', async () => {
    const painted = firstPaint();
    expect(FakePaintObserver.observed).toEqual([{ type: 'paint', buffered: true }]);
    expect(await settled(painted)).toBe(false);
    FakePaintObserver.paint();
    expect(await settled(painted)).toBe(true);
  });

  // Measured (ADR 0122): on a reloaded step the body's background paints a frame before the kept
  // view; an entry asked for then counts into the simulated first paint (LCP 1.8 s, not 0.9 s).
  it('中身のない描画（背景だけ）では待ち続け、中身のある最初の描画で待つのをやめること', async () => {
    const painted = firstPaint();
    FakePaintObserver.paint(['first-paint']);
    expect(await settled(painted)).toBe(false);
    FakePaintObserver.paint(['first-contentful-paint']);
    expect(await settled(painted)).toBe(true);
  });

  it('描画が来なくても、上限の時間で待つのをやめること', async () => {
    const painted = firstPaint();
    await vi.advanceTimersByTimeAsync(PaintWaitLimitMs - 1);
    expect(await settled(painted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(painted)).toBe(true);
  });
});

describe('アプリの入口を求めること', () => {
  const asCurrentScript = (script: HTMLScriptElement | null) => vi.spyOn(document, 'currentScript', 'get').mockReturnValue(script);

  afterEach(() => {
    document.body.innerHTML = '';
    document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  });
  const microtasks = async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  };

  it('最初の表示のあるページ（サーバーが描き、root が隠れている）では、ローダーの要素が名指す入口を、描画のあとで一度だけ求めること', async () => {
    document.body.innerHTML = '<div id="first-view"><p>drawn</p></div><div id="root" hidden></div>';
    const script = document.createElement('script');
    script.setAttribute(AppEntryAttribute, '/assets/index-abc123.js');
    asCurrentScript(script);
    const load = vi.fn(() => Promise.resolve());
    const loading = loadAppAfterFirstPaint(load);
    await vi.advanceTimersByTimeAsync(0);
    expect(load).not.toHaveBeenCalled();
    FakePaintObserver.paint();
    await loading;
    expect(load.mock.calls).toEqual([['/assets/index-abc123.js']]);
  });

  // A signed-in page the server did not draw, with no kept view for it (ADR 0116): the app draws it, as soon as it can.
  it('最初の表示のないページでは、描画を待たずにすぐ入口を求めること', async () => {
    document.body.innerHTML = '<div id="root" data-kept-view="key"></div>';
    const script = document.createElement('script');
    script.setAttribute(AppEntryAttribute, '/assets/index-abc123.js');
    asCurrentScript(script);
    const load = vi.fn(() => Promise.resolve());
    await loadAppAfterFirstPaint(load);
    expect(load.mock.calls).toEqual([['/assets/index-abc123.js']]);
    expect(FakePaintObserver.observed).toEqual([]);
  });

  it('入口を名指されていなければ、何も求めず、描画も待たないこと', async () => {
    for (const script of [null, document.createElement('script')]) {
      asCurrentScript(script);
      const load = vi.fn(() => Promise.resolve());
      await loadAppAfterFirstPaint(load);
      expect(load).not.toHaveBeenCalled();
    }
    expect(FakePaintObserver.observed).toEqual([]);
  });

  // ADR 0117: run with the entry, the chunks' module code would be one long task with it.
  it('入口が読み込む部分を名指されていれば、全部を一度に取り寄せ、部分を名指された順に一つずつ別のタスクで実行し、入口を最後に求めること', async () => {
    document.body.innerHTML = '<div id="first-view"><p>drawn</p></div><div id="root" hidden></div>';
    const script = document.createElement('script');
    script.setAttribute(AppEntryAttribute, '/assets/index-abc123.js');
    script.setAttribute(AppChunksAttribute, '/assets/first-page-contracts-a1.js /assets/first-page-react-b2.js');
    asCurrentScript(script);
    // Each chunk's module code finishes when the test says so.
    const finish = new Map<string, () => void>();
    const load = vi.fn((url: string) => new Promise<void>((resolve) => finish.set(url, resolve)));
    const calls = () => load.mock.calls.map(([url]) => url);
    const loading = loadAppAfterFirstPaint(load);
    FakePaintObserver.paint();
    await microtasks();
    const preloaded = Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'), (link) => link.getAttribute('href'));
    expect(preloaded).toEqual(['/assets/first-page-contracts-a1.js', '/assets/first-page-react-b2.js', '/assets/index-abc123.js']);
    expect(calls()).toEqual(['/assets/first-page-contracts-a1.js']);
    // The next chunk waits for the one before it, and then for a task of its own (a timer), not only a microtask.
    finish.get('/assets/first-page-contracts-a1.js')?.();
    await microtasks();
    expect(calls()).toEqual(['/assets/first-page-contracts-a1.js']);
    await vi.advanceTimersToNextTimerAsync();
    expect(calls()).toEqual(['/assets/first-page-contracts-a1.js', '/assets/first-page-react-b2.js']);
    finish.get('/assets/first-page-react-b2.js')?.();
    await microtasks();
    expect(calls()).toHaveLength(2);
    await vi.advanceTimersToNextTimerAsync();
    expect(calls()).toEqual(['/assets/first-page-contracts-a1.js', '/assets/first-page-react-b2.js', '/assets/index-abc123.js']);
    finish.get('/assets/index-abc123.js')?.();
    await loading;
  });
});
