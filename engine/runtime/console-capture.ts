import type { LogLine } from '../trace/types';

type Sink = { log(level: LogLine['level'], args: unknown[]): void };
type Printer = (...args: unknown[]) => void;

const LEVELS = ['log', 'info', 'warn', 'error', 'debug'] as const;
const SILENT: Printer[] = LEVELS.map(() => () => {});
/** One set of printers per sink, made once: this runs around every reducer call. */
const printers = new WeakMap<Sink, Printer[]>();

function printersOf(sink: Sink | null): Printer[] {
  if (!sink) return SILENT;
  let made = printers.get(sink);
  if (!made) {
    made = LEVELS.map(
      (level) =>
        (...args: unknown[]) =>
          sink.log(level, args),
    );
    printers.set(sink, made);
  }
  return made;
}

/**
 * Runs `fn` with the console routed to `sink`. boardgame.io reports many refusals only by
 * printing them, and game code prints too: both belong to the step, not to our stdout.
 */
export function withConsoleTo<T>(sink: Sink | null, fn: () => T): T {
  const routed = printersOf(sink);
  const { log, info, warn, error, debug } = console;
  console.log = routed[0];
  console.info = routed[1];
  console.warn = routed[2];
  console.error = routed[3];
  console.debug = routed[4];
  try {
    return fn();
  } finally {
    console.log = log;
    console.info = info;
    console.warn = warn;
    console.error = error;
    console.debug = debug;
  }
}
