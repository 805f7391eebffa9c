import { runWatchedWorker } from '../host/watched-worker';
import { ExploreWorkerError, workerEndedError, type ExploreJob, type ExploreWorkerMessage, type PoolLimits } from './explore-pool';

/**
 * Loads the game once in a watched explore worker (no runs) before the command loads it in its
 * own thread: a module that never finishes loading, calls `process.exit()` or runs out of memory
 * is stopped and named there, where the watchdog reaches it, instead of hanging or ending explore.
 */
export async function loadGameWatched(job: Omit<ExploreJob, 'runs'>, timeoutMs: number, limits: PoolLimits = {}): Promise<void> {
  let failed: Error | null = null;
  const onMessage = (message: { type: string }) => {
    const m = message as ExploreWorkerMessage;
    if (m.type === 'failed') failed ??= new ExploreWorkerError(m.name, m.message);
  };
  const result = await runWatchedWorker(
    new URL('./explore-worker.ts', import.meta.url),
    { job: { ...job, runs: [] } },
    timeoutMs,
    () => {},
    {
      onMessage,
      signal: limits.signal,
      maxMemoryMb: limits.maxMemoryMb,
    },
  );
  const ended = workerEndedError(result);
  if (ended) throw ended;
  if (failed) throw failed;
}
