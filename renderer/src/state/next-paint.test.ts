import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nextPaint } from './next-paint';

/** A page whose frames come when `frame()` is called. */
function fakePage(visibilityState: 'visible' | 'hidden') {
  const callbacks: FrameRequestCallback[] = [];
  vi.stubGlobal('document', { visibilityState });
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => callbacks.push(cb));
  return { frame: () => callbacks.splice(0).forEach((cb) => cb(0)) };
}

const settled = (p: Promise<void>) => {
  let done = false;
  void p.then(() => (done = true));
  return () => done;
};

describe('nextPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves just after the next frame, not before', async () => {
    const page = fakePage('visible');
    const done = settled(nextPaint());
    await vi.advanceTimersByTimeAsync(50);
    expect(done()).toBe(false);
    page.frame();
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('does not wait for ever when the frame never comes (the window was hidden meanwhile)', async () => {
    fakePage('visible');
    const late = settled(nextPaint());
    await vi.advanceTimersByTimeAsync(99);
    expect(late()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(late()).toBe(true);
  });

  it('does not wait at all in a hidden page, which paints nothing', async () => {
    fakePage('hidden');
    const hidden = settled(nextPaint());
    await vi.advanceTimersByTimeAsync(0);
    expect(hidden()).toBe(true);
  });
});
