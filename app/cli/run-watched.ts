import { describeGameEnded } from '../host/game-ended';
import { describeStall } from '../host/stall-watch';
import { runWatchedWorker } from '../host/watched-worker';
import type { Io } from './main';
import { maxMemoryOf, timeoutOf } from './timeout';

export { timeoutOf };

/**
 * Runs a command line in a worker thread, so that game code that never returns (an endless
 * `endIf`, a move stuck in a loop) is stopped with a message saying where, instead of hanging;
 * game code that calls `process.exit()` or runs out of memory ends only the worker, and is named.
 */
export async function runWatched(argv: string[], io: Io): Promise<number> {
  const seconds = timeoutOf(argv);
  const result = await runWatchedWorker(
    new URL('./cli-worker.ts', import.meta.url),
    { argv },
    seconds * 1000,
    (kind, line) => io[kind](line),
    { maxMemoryMb: maxMemoryOf(argv) },
  );
  if ('code' in result) return result.code;
  if ('ended' in result) {
    io.warn(`flowscope: ${describeGameEnded(result.ended)}.`);
    return 2;
  }
  io.warn(
    `flowscope: ${describeStall(result.stalled)}.\n` +
      `Game code is probably in an endless loop (a loop in a move or hook, or an endIf, next or turn-order function that never returns).\n` +
      `Allow longer with --timeout SECONDS.`,
  );
  return 2;
}
