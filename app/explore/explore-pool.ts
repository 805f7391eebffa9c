import { Worker } from 'node:worker_threads';
import type { ExploreOptions, RunOutcome } from '../../engine';
import type { WorkerMessage } from '../host/watched-worker';

/** What one worker is asked to do. */
export interface ExploreJob {
  file: string;
  game?: string;
  bgio?: string;
  numPlayers: number;
  setupData: unknown;
  options: Omit<ExploreOptions, 'onProgress'>;
  /** The run numbers this worker plays. */
  runs: number[];
}

export type ExploreWorkerMessage = { type: 'run'; outcome: RunOutcome } | { type: 'done' } | { type: 'failed'; name: string; message: string };

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

/** Run `i` goes to worker `i mod W`: each run is seeded on its own, so any split gives the same report. */
export function splitRuns(runs: number, workers: number): number[][] {
  const out: number[][] = Array.from({ length: Math.max(1, Math.min(workers, runs)) }, () => []);
  for (let i = 0; i < runs; i++) out[i % out.length].push(i);
  return out;
}

/**
 * Plays the runs over `workers` worker threads and resolves with every run's outcome. A worker
 * whose game code makes no progress for `timeoutMs` stops the whole exploration with the run and
 * the function it was in.
 */
export function runExplorePool(job: Omit<ExploreJob, 'runs'>, workers: number, timeoutMs: number, onRun: (outcome: RunOutcome) => void): Promise<RunOutcome[]> {
  const shares = splitRuns(job.options.runs, workers);
  const outcomes: RunOutcome[] = [];
  const threads: Worker[] = [];
  return new Promise((resolve, reject) => {
    let finished = 0;
    let settled = false;
    const timers: NodeJS.Timeout[] = [];
    const stop = (error: Error | null) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearInterval(t);
      void Promise.all(threads.map((w) => w.terminate())).then(() => (error ? reject(error) : resolve(outcomes)));
    };
    for (const runs of shares) {
      const shared = new Int32Array(new SharedArrayBuffer(4));
      const worker = new Worker(new URL('../host/ts-worker-entry.mjs', import.meta.url), {
        workerData: { job: { ...job, runs }, shared, entry: new URL('./explore-worker.ts', import.meta.url).href },
      });
      threads.push(worker);
      const names = new Map<number, string>();
      let doing = 'starting';
      let lastActivity = Date.now();
      timers.push(
        setInterval(() => {
          // Until it announces its first activity a worker is loading Flowscope, not game code.
          if (doing === 'starting' || Date.now() - lastActivity < timeoutMs) return;
          const id = Atomics.load(shared, 0);
          stop(new ExploreStallError(doing, id ? (names.get(id) ?? null) : null, timeoutMs / 1000));
        }, Math.min(200, timeoutMs / 4)),
      );
      worker.on('message', (message: ExploreWorkerMessage | WorkerMessage) => {
        lastActivity = Date.now();
        switch (message.type) {
          case 'doing':
            doing = message.text;
            break;
          case 'fn':
            names.set(message.id, message.name);
            break;
          case 'run':
            outcomes.push(message.outcome);
            onRun(message.outcome);
            break;
          case 'failed':
            stop(new ExploreWorkerError(message.name, message.message));
            break;
          case 'done':
            if (++finished === shares.length) stop(null);
            break;
        }
      });
      worker.on('error', (error) => stop(error));
      worker.on('exit', (code) => {
        if (code !== 0) stop(new Error(`an explore worker exited with code ${code}`));
      });
    }
  });
}
