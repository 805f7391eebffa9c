/** How long a hidden page (no animation frames) waits instead of a paint. */
const HIDDEN_WAIT_MS = 50;

/**
 * Resolves once the next frame has been painted: a task queued from `requestAnimationFrame` runs
 * after that frame is on screen. A hidden page paints nothing, so there it resolves after a short wait.
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const done = () => resolve();
    if (document.visibilityState === 'hidden') setTimeout(done, HIDDEN_WAIT_MS);
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}
