import { runWatchedWorker } from '../host/watched-worker';
import type { Io } from './main';

export const DEFAULT_TIMEOUT_SECONDS = 10;

/** The `--timeout` seconds on a command line, or the default. */
export function timeoutOf(argv: string[]): number {
  const at = argv.findIndex((a) => a === '--timeout' || a.startsWith('--timeout='));
  if (at < 0) return DEFAULT_TIMEOUT_SECONDS;
  const value = Number(argv[at].includes('=') ? argv[at].split('=')[1] : argv[at + 1]);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_TIMEOUT_SECONDS;
}

/**
 * Runs a command line in a worker thread, so that game code that never returns (an endless
 * `endIf`, a move stuck in a loop) is stopped with a message saying where, instead of hanging.
 */
export async function runWatched(argv: string[], io: Io): Promise<number> {
  const seconds = timeoutOf(argv);
  const result = await runWatchedWorker(new URL('./cli-worker.ts', import.meta.url), { argv }, seconds * 1000, (kind, line) => io[kind](line));
  if ('code' in result) return result.code;
  const { doing, fn } = result.stalled;
  io.warn(
    `flowscope: stopped after ${seconds} s without progress while ${doing}${fn ? `, inside ${fn}` : ''}.\n` +
      `Game code is probably in an endless loop (a loop in a move or hook, or an endIf, next or turn-order function that never returns).\n` +
      `Allow longer with --timeout SECONDS.`,
  );
  return 2;
}
