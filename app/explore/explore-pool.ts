import type { RunOutcome } from '../../engine';
import type { ExploreJob, ExploreWorkerMessage } from './explore-job';
import { startExploreThread, type ExploreThread } from './explore-thread';
import { anotherWorkerPays, batchSize, estimatePace, type PaceEstimate, type PaceSample } from './pool-growth';

/** The run numbers of `--shard K/N` (K from 1): every N-th run from run K - 1, so the N slices are disjoint and cover every run. */
export function shardRuns(runs: number, shard: { index: number; count: number }): number[] {
  return Array.from({ length: runs }, (_, i) => i).filter((i) => i % shard.count === shard.index - 1);
}

/** How far the pool's workers may go: their heap, a signal that stops them (Ctrl+C), how many start. */
export interface PoolLimits {
  maxMemoryMb?: number;
  /** Aborting stops every worker; the pool then resolves with the runs finished so far. */
  signal?: AbortSignal;
  /** Start every worker at once, whether or not the runs repay their start-up (`--all-workers`). */
  startAll?: boolean;
}

/** The runs' outcomes, and how many workers played them. */
export interface PoolResult {
  outcomes: RunOutcome[];
  /** Workers started. */
  started: number;
  /** The first worker's pace and start-up, once it had run enough alone to tell (see pool-growth.ts). */
  pace: PaceEstimate | null;
}

/**
 * Plays the runs over up to `workers` watched worker threads and resolves with every run's
 * outcome. Runs are handed out in small batches, in order, to whichever worker asks; the first
 * worker (`first`, already loaded, or a new one) starts at once and the others only when the runs
 * left repay their start-up (`anotherWorkerPays`), unless `limits.startAll`. Each run is seeded on
 * its own, so the report is the same whichever worker plays which run. A worker whose game code
 * makes no progress for `timeoutMs` stops the whole exploration with the run and the function it
 * was in; so does game code that ends its worker.
 */
export async function runExplorePool(
  job: ExploreJob,
  workers: number,
  timeoutMs: number,
  onRun: (outcome: RunOutcome) => void,
  /** Only these run numbers (a shard's slice); default every run. */
  only?: readonly number[],
  limits: PoolLimits = {},
  /** A worker that has loaded the game already (see `startExploreThread`): the pool's first. */
  first?: ExploreThread,
): Promise<PoolResult> {
  const queue = [...(only ?? Array.from({ length: job.options.runs }, (_, i) => i))].sort((a, b) => a - b);
  let handedOut = 0;
  const outcomes: RunOutcome[] = [];
  const stop = new AbortController();
  const threads: ExploreThread[] = [];
  const interrupt = () => stop.abort();
  stop.signal.addEventListener('abort', () => threads.forEach((thread) => thread.stop()), { once: true });
  if (limits.signal?.aborted) interrupt();
  limits.signal?.addEventListener('abort', interrupt, { once: true });
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    stop.abort();
  };
  const running: Promise<void>[] = [];
  const cpuAtStart = process.cpuUsage();
  const samples: PaceSample[] = [];
  let pace: PaceEstimate | null = null;
  let steps = 0;

  const handOut = (thread: ExploreThread) => {
    if (stop.signal.aborted || handedOut >= queue.length) return thread.finish();
    const size = batchSize(queue.length - handedOut, workers);
    thread.send({ type: 'runs', runs: queue.slice(handedOut, handedOut + size) });
    handedOut += size;
  };
  const measure = (outcome: RunOutcome) => {
    steps += outcome.steps;
    const cpu = process.cpuUsage(cpuAtStart);
    samples.push({ cpuMs: (cpu.user + cpu.system) / 1000, steps });
    pace = estimatePace(samples) ?? pace;
  };
  const adopt = (thread: ExploreThread) => {
    threads.push(thread);
    thread.listen((m: ExploreWorkerMessage) => {
      if (m.type === 'idle') handOut(thread);
      else if (m.type === 'run') {
        outcomes.push(m.outcome);
        onRun(m.outcome);
        if (threads.length === 1) measure(m.outcome);
        if (
          threads.length < workers &&
          pace &&
          handedOut < queue.length &&
          anotherWorkerPays(pace, queue.length - handedOut, threads.length)
        )
          adopt(startExploreThread(job, timeoutMs, { maxMemoryMb: limits.maxMemoryMb }));
      }
    });
    // Told how to play once loaded (at once, for a worker that was loaded before it was adopted).
    thread.loaded.then(
      () => thread.send({ type: 'setup', numPlayers: job.numPlayers, options: job.options, play: job.play }),
      () => {},
    );
    running.push(thread.ended.catch(fail));
    if (stop.signal.aborted) thread.stop();
  };
  if (first) adopt(first);
  const initial = queue.length === 0 ? 0 : limits.startAll ? Math.min(workers, queue.length) : 1;
  while (threads.length < initial) adopt(startExploreThread(job, timeoutMs, { maxMemoryMb: limits.maxMemoryMb }));
  // Workers may start while the first ones run: wait for every one started.
  for (let i = 0; i < running.length; i++) await running[i];
  limits.signal?.removeEventListener('abort', interrupt);
  if (failure) throw failure;
  return { outcomes, started: threads.length, pace };
}
