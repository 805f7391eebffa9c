import type { DeclaredArguments, EventSetting, ExploreOptions, RunOutcome } from '../../engine';
import { describeGameEnded } from '../host/game-ended';
import { runWatchedWorker, type WatchedResult } from '../host/watched-worker';
import type { OpenOptions } from '../game/open-session';

/** What one worker is asked to do. */
export interface ExploreJob {
  file: string;
  game?: string;
  bgio?: string;
  /** Where the game is in its project, as the command line said. */
  open?: OpenOptions;
  numPlayers: number;
  setupData: unknown;
  options: Omit<ExploreOptions, 'onProgress'>;
  /** The run numbers this worker plays. */
  runs: number[];
  /** Argument lists seen in recorded play, the `--args` module (each worker loads it), the events sent. */
  play?: { recorded?: Record<string, unknown[][]>; argsFile?: string; events?: EventSetting; declared?: DeclaredArguments };
}

/** The explore worker's own messages (besides the watched worker's `doing`, `fn` and `done`). */
export type ExploreWorkerMessage = { type: 'run'; outcome: RunOutcome } | { type: 'failed'; name: string; message: string };

/** Game code in one run made no progress for the time allowed. */
export class ExploreStallError extends Error {
  constructor(
    readonly doing: string,
    readonly fn: string | null,
    readonly seconds: number,
  ) {
    super(`stopped after ${seconds} s without progress while ${doing}${fn ? `, inside ${fn}` : ''}`);
    this.name = 'ExploreStallError';
  }
}

/** A worker could not load the game (the message says why). */
export class ExploreWorkerError extends Error {
  constructor(
    readonly original: string,
    message: string,
  ) {
    super(message);
    this.name = 'ExploreWorkerError';
  }
}

/**
 * The `i`-th run goes to worker `i mod W` (`runs` is a count, or the run numbers of a shard's
 * slice): each run is seeded on its own, so any split gives the same report.
 */
export function splitRuns(runs: number | readonly number[], workers: number): number[][] {
  const list = typeof runs === 'number' ? Array.from({ length: runs }, (_, i) => i) : runs;
  const out: number[][] = Array.from({ length: Math.max(1, Math.min(workers, list.length)) }, () => []);
  list.forEach((run, i) => out[i % out.length].push(run));
  return out;
}

/** The run numbers of `--shard K/N` (K from 1): every N-th run from run K - 1, so the N slices are disjoint and cover every run. */
export function shardRuns(runs: number, shard: { index: number; count: number }): number[] {
  return Array.from({ length: runs }, (_, i) => i).filter((i) => i % shard.count === shard.index - 1);
}

/** How far the pool's workers may go: their heap, and a signal that stops them (Ctrl+C). */
export interface PoolLimits {
  maxMemoryMb?: number;
  /** Aborting stops every worker; the pool then resolves with the runs finished so far. */
  signal?: AbortSignal;
}

/** The error for a worker that game code ended (`process.exit()`, out of memory), or null. */
export function workerEndedError(result: WatchedResult): Error | null {
  if ('stalled' in result) return new ExploreStallError(result.stalled.doing, result.stalled.fn, result.stalled.seconds);
  if ('ended' in result) return new ExploreWorkerError('GameEnded', describeGameEnded(result.ended));
  return null;
}

/**
 * Plays the runs over `workers` watched worker threads and resolves with every run's outcome. A
 * worker whose game code makes no progress for `timeoutMs` stops the whole exploration with the
 * run and the function it was in; so does game code that ends its worker.
 */
export async function runExplorePool(
  job: Omit<ExploreJob, 'runs'>,
  workers: number,
  timeoutMs: number,
  onRun: (outcome: RunOutcome) => void,
  /** Only these run numbers (a shard's slice); default every run. */
  only?: readonly number[],
  limits: PoolLimits = {},
): Promise<RunOutcome[]> {
  const outcomes: RunOutcome[] = [];
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  if (limits.signal?.aborted) interrupt();
  limits.signal?.addEventListener('abort', interrupt, { once: true });
  let failure: Error | null = null;
  const fail = (error: Error) => {
    failure ??= error;
    stop.abort();
  };
  const onMessage = (message: { type: string }) => {
    const m = message as ExploreWorkerMessage;
    if (m.type === 'run') {
      outcomes.push(m.outcome);
      onRun(m.outcome);
    } else if (m.type === 'failed') fail(new ExploreWorkerError(m.name, m.message));
  };
  const script = new URL('./explore-worker.ts', import.meta.url);
  await Promise.all(
    splitRuns(only ?? job.options.runs, workers).map(async (runs) => {
      const result = await runWatchedWorker(script, { job: { ...job, runs } }, timeoutMs, () => {}, {
        onMessage,
        signal: stop.signal,
        maxMemoryMb: limits.maxMemoryMb,
      });
      const ended = workerEndedError(result);
      if (ended) fail(ended);
      else if ('code' in result && result.code !== 0 && !stop.signal.aborted)
        fail(new Error(`an explore worker exited with code ${result.code}`));
    }),
  );
  limits.signal?.removeEventListener('abort', interrupt);
  if (failure) throw failure;
  return outcomes;
}
