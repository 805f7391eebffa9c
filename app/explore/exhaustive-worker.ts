// The exhaustive search's worker: loads the game itself and searches, so that game code that never
// returns can be stopped by the thread watching it (as explore's workers are).
import { parentPort, workerData } from 'node:worker_threads';
import { exhaustiveSearch, type ExhaustiveOptions } from '../../engine';
import { activity } from '../load/activity';
import type { WorkerMessage } from '../host/watched-worker';
import type { ExhaustiveJob, ExhaustiveWorkerMessage } from './exhaustive-run';
import { exploreGameOf, loadPlaySources, openExploreGame, startExploreWorker } from './worker-game';

const job = workerData.job as ExhaustiveJob;
const post = (message: ExhaustiveWorkerMessage | WorkerMessage) => parentPort!.postMessage(message);
startExploreWorker();

try {
  const opened = await openExploreGame(job);
  const game = exploreGameOf(opened, job, job.numPlayers);
  const sources = await loadPlaySources(job.play, opened);
  let last = 0;
  const options: ExhaustiveOptions = {
    ...job.options,
    sources,
    // Announce liveness a few times a second, not on every state: posting costs more than a step.
    onProgress: (states, depth, findings) => {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      activity.doing(`searching depth ${depth}, ${states} states`);
      post({ type: 'progress', states, depth, findings });
    },
  };
  post({ type: 'result', result: exhaustiveSearch(game, options) });
  post({ type: 'done', code: 0 });
} catch (error) {
  post({ type: 'failed', name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) });
  post({ type: 'done', code: 2 });
}
