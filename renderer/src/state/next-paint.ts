/**
 * The longest wait for a paint: a hidden page paints nothing, and one hidden after the frame was
 * asked for never calls back (a minimised window).
 */
const MAX_WAIT_MS = 100;

/**
 * Resolves once the next frame has been painted (a task queued from `requestAnimationFrame` runs
 * after that frame is on screen), or after MAX_WAIT_MS when no frame comes.
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, MAX_WAIT_MS);
    if (document.visibilityState === 'hidden') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
