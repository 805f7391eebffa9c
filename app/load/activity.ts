/**
 * What the process is doing, for a watchdog in another thread: a line per activity (loading a
 * file, dispatching step N) and the game function running right now. No-ops until a watched
 * worker installs a reporter.
 */
export interface ActivityReporter {
  /** A new activity (a step, loading a file); any game function before it has finished. */
  doing(text: string): void;
  /** Game code `fn` starts (a move, a hook, the module's top level). */
  gameCode(fn: string): void;
  /** The innermost game function that started has returned or thrown. */
  gameCodeDone(): void;
}

let reporter: ActivityReporter | null = null;

export function setActivityReporter(next: ActivityReporter | null): void {
  reporter = next;
}

export const activity: ActivityReporter = {
  doing: (text) => reporter?.doing(text),
  gameCode: (fn) => reporter?.gameCode(fn),
  gameCodeDone: () => reporter?.gameCodeDone(),
};

/** Runs `fn` as game code named `name` (code of the game's that the trace recorder does not wrap). */
export function asGameCode<T>(name: string, fn: () => T): T {
  activity.gameCode(name);
  try {
    return fn();
  } finally {
    activity.gameCodeDone();
  }
}
