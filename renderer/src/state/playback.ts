/**
 * Playback at the chosen speed. A clock decides which step is due (start + elapsed × speed); each
 * animation frame selects the step due then. When the speed is higher than the frames the page
 * paints per second, the steps in between are not drawn (the selection still advances at the
 * chosen rate); when the page cannot keep even that up, it falls behind. Either way the store's
 * `playRate` says what really happens: the steps advanced and the frames drawn per second.
 */
import type { Controller } from './controller';

/** How often the measured rate is refreshed (it re-renders the toolbar). */
const REPORT_MS = 500;

/** The next frame, or (hidden page) the next step's time. */
function nextFrame(callback: () => void, speed: number): () => void {
  if (document.visibilityState !== 'hidden') {
    const id = requestAnimationFrame(callback);
    return () => cancelAnimationFrame(id);
  }
  const id = setTimeout(callback, 1000 / speed);
  return () => clearTimeout(id);
}

export class Playback {
  private cancel: (() => void) | null = null;

  constructor(private readonly controller: Controller) {}

  start(): void {
    const { store, host } = this.controller;
    this.stop();
    const begin = store.get();
    if (begin.selected >= begin.length - 1) return;
    store.set({ playing: true, playRate: null });
    // Playback pauses at the next step that hits a breakpoint (asked once, from where it starts).
    const { breakpoints } = begin.tools;
    let hit: { step: number; reason: string } | null | undefined = breakpoints.length ? undefined : null;
    if (breakpoints.length)
      host.findBreak(begin.selected, breakpoints).then(
        (h) => (hit = h),
        (error) => {
          hit = null;
          this.controller.notify('error', (error as Error).message);
        },
      );
    let speed = begin.speed;
    let origin = { time: performance.now(), step: begin.selected };
    const measured = { time: origin.time, step: origin.step, frames: 0 };
    const frame = () => {
      const s = store.get();
      if (!s.playing) return;
      const now = performance.now();
      if (s.speed !== speed) {
        speed = s.speed;
        origin = { time: now, step: s.selected };
        Object.assign(measured, { time: now, step: s.selected, frames: 0 });
      }
      if (hit === undefined) {
        this.cancel = nextFrame(frame, speed);
        return;
      }
      let due = Math.min(s.length - 1, origin.step + Math.floor(((now - origin.time) / 1000) * speed));
      if (hit && due >= hit.step) {
        this.stop();
        void this.controller.pauseAt(hit);
        return;
      }
      if (due > s.selected) {
        void this.controller.select(due);
        measured.frames++;
      } else due = s.selected;
      if (now - measured.time >= REPORT_MS) {
        const seconds = (now - measured.time) / 1000;
        store.set({ playRate: { steps: (due - measured.step) / seconds, frames: measured.frames / seconds } });
        Object.assign(measured, { time: now, step: due, frames: 0 });
      }
      if (due >= s.length - 1) return this.stop();
      this.cancel = nextFrame(frame, speed);
    };
    this.cancel = nextFrame(frame, speed);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = null;
    const { store } = this.controller;
    if (store.get().playing || store.get().playRate) store.set({ playing: false, playRate: null });
  }
}
