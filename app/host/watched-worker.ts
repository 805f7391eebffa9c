import { isOutOfMemory, type GameEnded } from './game-ended';
import { startWorker } from './start-worker';
import { StallWatch, type StallReport, type WatchMessage } from './stall-watch';

/** Messages a watched worker sends to the thread that watches it. */
export type WorkerMessage = WatchMessage | { type: 'print' | 'warn'; line: string } | { type: 'done'; code: number };

export type { StallReport, GameEnded };

export interface WatchOptions {
  /** Messages of the script's own kinds (anything not a WorkerMessage). */
  onMessage?: (message: { type: string }) => void;
  /** Aborting terminates the worker; the promise then resolves with code 2. */
  signal?: AbortSignal;
  /** The worker's heap limit (default: DEFAULT_MAX_MEMORY_MB). */
  maxMemoryMb?: number;
  /** Called once the worker is started, with a function that sends it a message (a script that takes orders). */
  onStart?: (send: (message: unknown) => void) => void;
}

export type WatchedResult = { code: number } | { stalled: StallReport } | { ended: GameEnded };

/**
 * Runs `script` in a worker thread and stops it when game code makes no progress for
 * `timeoutMs` (see `StallWatch`): game code can loop forever (an `endIf` that never returns),
 * and only another thread can stop it. Output lines arrive as messages and go to `onLine`.
 * A worker that ends before it says it is done was ended by game code (`process.exit()`, or
 * memory it ran out of): the result names the function.
 */
export function runWatchedWorker(
  script: URL,
  workerData: Record<string, unknown>,
  timeoutMs: number,
  onLine: (kind: 'print' | 'warn', line: string) => void,
  options: WatchOptions = {},
): Promise<WatchedResult> {
  const watch = new StallWatch(timeoutMs);
  const worker = startWorker(script, { ...workerData, shared: watch.shared }, options.maxMemoryMb);
  options.onStart?.((message) => worker.postMessage(message));
  return new Promise((resolve, reject) => {
    let settled = false;
    let stalled: StallReport | null = null;
    let stopping = false;
    const settle = (value: WatchedResult) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      resolve(value);
    };
    const timer = setInterval(() => {
      if (stalled) return;
      const report = watch.check();
      if (!report) return;
      stalled = report;
      void worker.terminate().then(() => settle({ stalled: report }));
    }, watch.intervalMs);
    const abort = () => {
      stopping = true;
      void worker.terminate().then(() => settle({ code: 2 }));
    };
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (watch.onMessage(message)) return;
      if (message.type === 'print' || message.type === 'warn') onLine(message.type, message.line);
      else if (message.type === 'done') settle({ code: message.code });
      else options.onMessage?.(message);
    });
    worker.on('error', (error) => {
      if (isOutOfMemory(error)) {
        const limitMb = worker.resourceLimits?.maxOldGenerationSizeMb ?? options.maxMemoryMb ?? 0;
        settle({ ended: { kind: 'memory', limitMb, ...watch.current() } });
        return;
      }
      if (!settled) {
        settled = true;
        clearInterval(timer);
        reject(error);
      }
    });
    worker.on('exit', (code) => {
      if (stalled) settle({ stalled });
      else if (stopping) settle({ code: 2 });
      else settle({ ended: { kind: 'exit', code, ...watch.current() } });
    });
  });
}
