/** Messages a watched worker sends about its activity. */
export type WatchMessage = { type: 'doing'; text: string } | { type: 'fn'; id: number; name: string };

/** Slot of the shared array holding the id of the innermost running game function (0 = none). */
export const FN_SLOT = 0;
/** Slot counting every activity and every start and end of game code. */
export const PROGRESS_SLOT = 1;

export interface StallReport {
  seconds: number;
  /** The last activity the worker announced. */
  doing: string;
  /** The game function it is stuck in. */
  fn: string;
}

/**
 * The one watchdog for game code that never returns, shared by the command line and the engine
 * host. Progress is judged inside a step: every activity and every call into or return from game
 * code counts, so a long replay or a huge `G` is never taken for a hang. Only game code is timed:
 * a worker is stalled when the same game function has run for `timeoutMs` without calling or
 * returning from any other.
 */
export class StallWatch {
  readonly shared = new Int32Array(new SharedArrayBuffer(8));
  private readonly names = new Map<number, string>();
  private doing = 'starting';
  private lastProgress = 0;
  private lastChange = Date.now();

  constructor(readonly timeoutMs: number) {
    if (!(Number.isFinite(timeoutMs) && timeoutMs > 0))
      throw new RangeError(`the stall timeout must be a positive number of milliseconds, got ${timeoutMs}`);
  }

  /** How often to call `check`. */
  get intervalMs(): number {
    return Math.max(20, Math.min(250, this.timeoutMs / 4));
  }

  /** Feeds a message from the worker; returns false for messages that are not about activity. */
  onMessage(message: { type: string }): boolean {
    const m = message as WatchMessage;
    if (m.type === 'doing') this.doing = m.text;
    else if (m.type === 'fn') this.names.set(m.id, m.name);
    else return false;
    return true;
  }

  /** Starts the clock afresh (a new request arrived, or the worker was replaced). */
  restart(): void {
    this.lastProgress = Atomics.load(this.shared, PROGRESS_SLOT);
    this.lastChange = Date.now();
  }

  /** What the worker is doing now, and the game function it is in (null outside game code). */
  current(): { doing: string; fn: string | null } {
    const fnId = Atomics.load(this.shared, FN_SLOT);
    return { doing: this.doing, fn: fnId === 0 ? null : (this.names.get(fnId) ?? 'game code') };
  }

  /** The stall, if the worker is stuck in game code now. */
  check(now = Date.now()): StallReport | null {
    const progress = Atomics.load(this.shared, PROGRESS_SLOT);
    if (progress !== this.lastProgress) {
      this.lastProgress = progress;
      this.lastChange = now;
      return null;
    }
    const fnId = Atomics.load(this.shared, FN_SLOT);
    if (fnId === 0 || now - this.lastChange < this.timeoutMs) return null;
    return { seconds: this.timeoutMs / 1000, doing: this.doing, fn: this.names.get(fnId) ?? 'game code' };
  }
}

/** The words for a stall: where, and what is probably wrong. */
export function describeStall(report: StallReport): string {
  return `stopped after ${report.seconds} s without progress while ${report.doing}, inside ${report.fn}`;
}
