import { Worker } from 'node:worker_threads';

/** Messages a watched worker sends to the thread that watches it. */
export type WorkerMessage =
  | { type: 'doing'; text: string }
  | { type: 'fn'; id: number; name: string }
  | { type: 'print' | 'warn'; line: string }
  | { type: 'done'; code: number };

export interface StallReport {
  seconds: number;
  /** The last activity the worker announced. */
  doing: string;
  /** The game function it was in, if any. */
  fn: string | null;
}

/** Slot 0: id of the game function running now (0 = none). Written by the worker, read here. */
export const SHARED_SLOTS = 1;

export interface WatchOptions {
  /** Messages of the script's own kinds (anything not a WorkerMessage). */
  onMessage?: (message: { type: string }) => void;
  /** Aborting terminates the worker; the promise then resolves with code 2. */
  signal?: AbortSignal;
}

/**
 * Runs `script` in a worker thread and stops it when one activity lasts longer than
 * `timeoutMs`: game code can loop forever (an `endIf` that never returns), and only another
 * thread can stop it. Output lines arrive as messages and are handed to `onLine`.
 */
export function runWatchedWorker(
  script: URL,
  workerData: Record<string, unknown>,
  timeoutMs: number,
  onLine: (kind: 'print' | 'warn', line: string) => void,
  options: WatchOptions = {},
): Promise<{ code: number } | { stalled: StallReport }> {
  const shared = new Int32Array(new SharedArrayBuffer(4 * SHARED_SLOTS));
  const worker = new Worker(new URL('./ts-worker-entry.mjs', import.meta.url), { workerData: { ...workerData, shared, entry: script.href } });
  const names = new Map<number, string>();
  let doing = 'starting';
  let lastActivity = Date.now();
  return new Promise((resolve, reject) => {
    let settled = false;
    let stalled: StallReport | null = null;
    const settle = (value: { code: number } | { stalled: StallReport }) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      resolve(value);
    };
    const timer = setInterval(() => {
      // Until the worker announces its first activity it is loading Flowscope itself, not game code.
      if (doing === 'starting' || Date.now() - lastActivity < timeoutMs) return;
      if (stalled) return;
      const fnId = Atomics.load(shared, 0);
      const report: StallReport = { seconds: timeoutMs / 1000, doing, fn: fnId ? (names.get(fnId) ?? null) : null };
      stalled = report;
      void worker.terminate().then(() => settle({ stalled: report }));
    }, Math.min(200, timeoutMs / 4));
    const abort = () => void worker.terminate().then(() => settle({ code: 2 }));
    if (options.signal?.aborted) abort();
    options.signal?.addEventListener('abort', abort, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      switch (message.type) {
        case 'doing':
          doing = message.text;
          lastActivity = Date.now();
          break;
        case 'fn':
          names.set(message.id, message.name);
          break;
        case 'print':
        case 'warn':
          onLine(message.type, message.line);
          break;
        case 'done':
          settle({ code: message.code });
          break;
        default:
          lastActivity = Date.now();
          options.onMessage?.(message);
      }
    });
    worker.on('error', (error) => {
      if (!settled) {
        settled = true;
        clearInterval(timer);
        reject(error);
      }
    });
    worker.on('exit', (code) => settle(stalled ? { stalled } : { code: code === 0 ? 0 : 2 }));
  });
}
