/** Seconds game code may run without progress before it is stopped, unless `--timeout` says otherwise. */
export const DEFAULT_TIMEOUT_SECONDS = 10;

/**
 * The `--timeout` seconds on a raw command line, for the watchdog that runs before the command
 * line is parsed; a malformed value gets the default here and a usage error from the command.
 */
export function timeoutOf(argv: string[]): number {
  const at = argv.findIndex((a) => a === '--timeout' || a.startsWith('--timeout='));
  if (at < 0) return DEFAULT_TIMEOUT_SECONDS;
  const value = Number(argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_SECONDS;
}
