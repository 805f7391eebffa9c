/**
 * What the process is doing, for a watchdog in another thread: a line per activity (loading a
 * file, dispatching step N) and the game function running right now. No-ops until a watched
 * worker installs a reporter.
 */
export interface ActivityReporter {
  doing(text: string): void;
  gameCode(fn: string): void;
}

let reporter: ActivityReporter | null = null;

export function setActivityReporter(next: ActivityReporter | null): void {
  reporter = next;
}

export const activity: ActivityReporter = {
  doing: (text) => reporter?.doing(text),
  gameCode: (fn) => reporter?.gameCode(fn),
};
