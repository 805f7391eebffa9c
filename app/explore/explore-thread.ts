import { runWatchedWorker } from '../host/watched-worker';
import { ExploreWorkerError, workerEndedError, type ExploreLoad, type ExploreOrder, type ExploreWorkerMessage } from './explore-job';

/** How far a worker may go: its heap, and a signal that terminates it. */
export interface ThreadLimits {
  maxMemoryMb?: number;
  signal?: AbortSignal;
}

/**
 * One watched explore worker thread. It loads the game as soon as it starts, then takes orders:
 * the explore command starts the first one before it opens the game itself, so that a module that
 * never finishes loading, calls `process.exit()` or runs out of memory is stopped and named there,
 * where the watchdog reaches it, and then hands the loaded worker to the pool as its first.
 */
export interface ExploreThread {
  /** Resolves once the game is loaded; rejects with the error that explains why it could not be. */
  readonly loaded: Promise<void>;
  /** Resolves when the worker has ended; rejects with what ended it (game code, a failure), unless the signal stopped it. */
  readonly ended: Promise<void>;
  /** Where the worker's messages go from now on. */
  listen(onMessage: (message: ExploreWorkerMessage) => void): void;
  send(order: ExploreOrder): void;
  /** Tells the worker there is nothing (more) to do; harmless once it has ended. */
  finish(): void;
  /** Terminates the worker now (`ended` then resolves). */
  stop(): void;
}

export function startExploreThread(load: ExploreLoad, timeoutMs: number, limits: ThreadLimits = {}): ExploreThread {
  let listener: (message: ExploreWorkerMessage) => void = () => {};
  let post: (order: ExploreOrder) => void = () => {};
  let failed: Error | null = null;
  let finished = false;
  let markLoaded: () => void = () => {};
  const halt = new AbortController();
  const stop = () => halt.abort();
  if (limits.signal?.aborted) stop();
  limits.signal?.addEventListener('abort', stop, { once: true });
  const loadedSignal = new Promise<void>((resolve) => (markLoaded = resolve));
  const ended = runWatchedWorker(new URL('./explore-worker.ts', import.meta.url), { job: load }, timeoutMs, () => {}, {
    onMessage: (message) => {
      const m = message as ExploreWorkerMessage;
      if (m.type === 'loaded') return markLoaded();
      if (m.type === 'failed') failed ??= new ExploreWorkerError(m.name, m.message);
      listener(m);
    },
    signal: halt.signal,
    maxMemoryMb: limits.maxMemoryMb,
    onStart: (send) => (post = send),
  }).then((result) => {
    limits.signal?.removeEventListener('abort', stop);
    const error = failed ?? workerEndedError(result);
    if (error) throw error;
    if ('code' in result && result.code !== 0 && !halt.signal.aborted) throw new Error(`an explore worker exited with code ${result.code}`);
  });
  // Loaded, or the reason it never will be: the worker ended first.
  const loaded = Promise.race([
    loadedSignal,
    ended.then(() => {
      if (!halt.signal.aborted) throw new Error('an explore worker ended before it had loaded the game');
    }),
  ]);
  // Whoever does not wait for one of them has still been told through the other.
  loaded.catch(() => {});
  ended.catch(() => {});
  return {
    loaded,
    ended,
    listen: (onMessage) => (listener = onMessage),
    send: (order) => post(order),
    finish: () => {
      if (finished) return;
      finished = true;
      post({ type: 'finish' });
    },
    stop,
  };
}
