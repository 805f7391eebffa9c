import { parentPort } from 'node:worker_threads';
import type { ActivityReporter } from '../load/activity';
import { FN_SLOT, PROGRESS_SLOT, type WatchMessage } from './stall-watch';

/**
 * The worker side of a stall watch: announces activities, keeps the id of the innermost running
 * game function in `shared`, and counts every start and end of game code as progress.
 */
export function workerActivityReporter(shared: Int32Array): ActivityReporter {
  const ids = new Map<string, number>();
  const stack: number[] = [];
  const post = (message: WatchMessage) => parentPort?.postMessage(message);
  const progress = () => Atomics.add(shared, PROGRESS_SLOT, 1);
  return {
    doing(text) {
      stack.length = 0;
      Atomics.store(shared, FN_SLOT, 0);
      progress();
      post({ type: 'doing', text });
    },
    gameCode(fn) {
      let id = ids.get(fn);
      if (id === undefined) {
        id = ids.size + 1;
        ids.set(fn, id);
        post({ type: 'fn', id, name: fn });
      }
      stack.push(id);
      Atomics.store(shared, FN_SLOT, id);
      progress();
    },
    gameCodeDone() {
      stack.pop();
      Atomics.store(shared, FN_SLOT, stack[stack.length - 1] ?? 0);
      progress();
    },
  };
}
