// One explore worker: loads the game itself and plays its share of the runs, reporting each one.
import { parentPort, workerData } from 'node:worker_threads';
import { chartOf, exploreRuns, type ExploreOptions } from '../../engine';
import { activity } from '../load/activity';
import type { WorkerMessage } from '../host/watched-worker';
import type { ExploreJob, ExploreWorkerMessage } from './explore-pool';
import { openExploreGame, startExploreWorker } from './worker-game';

const job = workerData.job as ExploreJob;
const post = (message: ExploreWorkerMessage | WorkerMessage) => parentPort!.postMessage(message);
startExploreWorker();

try {
  const { opened, game: base, sources } = await openExploreGame(job);
  const game = { ...base, play: sources };
  const model = chartOf(opened.game.config, job.numPlayers, opened.runtime);
  let last = 0;
  const options: ExploreOptions = {
    ...job.options,
    // Announce liveness a few times a second, not on every step: posting costs more than a step.
    onProgress: (run, doing) => {
      const now = Date.now();
      if (now - last < 200) return;
      last = now;
      activity.doing(`${doing} run ${run}`);
    },
  };
  activity.doing(`playing run ${job.runs[0] ?? 0}`);
  exploreRuns(game, model, options, job.runs, (outcome) => {
    activity.doing(`finished run ${outcome.run}`);
    post({ type: 'run', outcome });
  });
  post({ type: 'done', code: 0 });
} catch (error) {
  post({ type: 'failed', name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) });
  post({ type: 'done', code: 2 });
}
