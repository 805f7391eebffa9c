import { parentPort } from 'node:worker_threads';
import type { ActivityReporter } from './activity';
import type { WorkerMessage } from './watched-worker';

/** The worker side: announces activities and writes the running game function's id to `shared`. */
export function workerActivityReporter(shared: Int32Array): ActivityReporter {
  const ids = new Map<string, number>();
  const post = (message: WorkerMessage) => parentPort?.postMessage(message);
  return {
    doing(text) {
      Atomics.store(shared, 0, 0);
      post({ type: 'doing', text });
    },
    gameCode(fn) {
      let id = ids.get(fn);
      if (id === undefined) {
        id = ids.size + 1;
        ids.set(fn, id);
        post({ type: 'fn', id, name: fn });
      }
      Atomics.store(shared, 0, id);
    },
  };
}
