/** The longest wait for a paint: a page hidden after the frame was asked for never calls back (a minimised window). */
const MAX_WAIT_MS = 100;

/**
 * Resolves once the next frame has been painted (a task queued from `requestAnimationFrame` runs
 * after that frame is on screen), at once in a hidden page (it paints nothing), or after
 * MAX_WAIT_MS when no frame comes.
 */
export function nextPaint(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, MAX_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
