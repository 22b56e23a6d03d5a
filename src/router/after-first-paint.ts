/**
 * Resolves once the browser has painted the app's first frame. The router runs the first
 * navigation's rules inside React's commit (a layout effect), so anything they start before
 * their first await delays that paint: the page chunk's and the flow machine's imports each
 * add a <link rel="modulepreload"> per dependency, which measured 240 ms of a 4x-throttled
 * first load of Service/Detail before the header and heading could paint (ADR 0088, 0097).
 * Later navigations find it resolved.
 */
let painted: Promise<void> | undefined;

/** How long the first navigation waits for a frame that may never come (the tab hidden just after the check). */
export const FirstPaintFallbackMs = 500;

/** A frame, then a task: the frame's paint has happened by the time the task runs. */
function nextPaint(): Promise<void> {
  // No frames where nothing is shown (a hidden tab, a test DOM without them): nothing to wait for.
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return Promise.resolve();
  return new Promise((resolve) => {
    // Frames stop when the tab is hidden after this check; the navigation must not wait for one.
    const fallback = setTimeout(resolve, FirstPaintFallbackMs);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

export function afterFirstPaint(): Promise<void> {
  painted ??= nextPaint();
  return painted;
}
