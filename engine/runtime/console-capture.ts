import type { LogLine } from '../trace/types';

type Sink = { log(level: LogLine['level'], args: unknown[]): void };

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;

/**
 * Runs `fn` with the console routed to `sink`. boardgame.io reports many refusals only by
 * printing them, and game code prints too: both belong to the step, not to our stdout.
 */
export function withConsoleTo<T>(sink: Sink | null, fn: () => T): T {
  const saved = LEVELS.map((level) => console[level]);
  for (const level of LEVELS) console[level] = sink ? (...args: unknown[]) => sink.log(level, args) : () => {};
  try {
    return fn();
  } finally {
    LEVELS.forEach((level, i) => (console[level] = saved[i]));
  }
}
