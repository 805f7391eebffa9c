import { DEFAULT_MAX_MEMORY_MB } from '../host/game-ended';

/** Seconds game code may run without progress before it is stopped, unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/** The value of `--name` on a raw command line (either spelling), or undefined. */
function rawFlag(argv: string[], name: string): string | undefined {
  const at = argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at < 0) return undefined;
  return argv[at].includes('=') ? argv[at].slice(argv[at].indexOf('=') + 1) : argv[at + 1];
}

/**
 * The `--timeout` seconds on a raw command line, for the watchdog that runs before the command
 * line is parsed; a malformed value gets the default here and a usage error from the command.
 */
export function timeoutOf(argv: string[]): number {
  const value = Number(rawFlag(argv, '--timeout'));
  return rawFlag(argv, '--timeout') !== undefined && Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_SECONDS;
}

/** Smallest `--max-memory`: below it Node itself cannot start a thread. */
export const MIN_MAX_MEMORY_MB = 32;

/** The `--max-memory` megabytes on a raw command line, like `timeoutOf`. */
export function maxMemoryOf(argv: string[]): number {
  const value = Number(rawFlag(argv, '--max-memory'));
  return Number.isInteger(value) && value >= MIN_MAX_MEMORY_MB ? value : DEFAULT_MAX_MEMORY_MB;
}
