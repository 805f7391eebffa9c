import type { StepDetail } from '../../../engine/host/protocol';

/**
 * The detail of the step the user most likely selects next (the next one in the direction they
 * are stepping), asked for while they look at this one. Stepping on then needs no round trip to
 * the host, so the panels can follow in the frame after the chart's. A step's detail never changes
 * within a session unless the steps after a point are replaced (a branch) or the view is replaced:
 * the controller clears it then.
 */
export class DetailAhead {
  private ahead: { session: number; index: number; detail: Promise<StepDetail> } | null = null;

  constructor(private readonly fetch: (index: number) => Promise<StepDetail>) {}

  /** The detail of step `index`: the one asked for ahead when it is that step's, else the host's. */
  take(session: number, index: number): Promise<StepDetail> {
    const ahead = this.ahead;
    if (ahead && ahead.session === session && ahead.index === index) {
      this.ahead = null;
      return ahead.detail;
    }
    return this.fetch(index);
  }

  /** Asks for step `index`'s detail now, to be taken later. */
  prepare(session: number, index: number): void {
    if (this.ahead?.session === session && this.ahead.index === index) return;
    const detail = this.fetch(index);
    // A failure is reported when (and if) the detail is taken.
    detail.catch(() => {});
    this.ahead = { session, index, detail };
  }

  clear(): void {
    this.ahead = null;
  }
}
