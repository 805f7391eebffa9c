// One explore worker: loads the game as soon as it starts, then takes orders from its pool: how
// to play (once), batches of runs, which it plays and reports run by run, asking for more after
// each, until it is told there are none.
import { parentPort, workerData } from 'node:worker_threads';
import { chartOf, exploreRuns, type ChartModel, type ExploreGame, type ExploreOptions } from '../../engine';
import { activity } from '../load/activity';
import type { WorkerMessage } from '../host/watched-worker';
import type { ExploreLoad, ExploreOrder, ExploreWorkerMessage } from './explore-job';
import { exploreGameOf, loadPlaySources, openExploreGame, startExploreWorker } from './worker-game';

const load = workerData.job as ExploreLoad;
const post = (message: ExploreWorkerMessage | WorkerMessage) => parentPort!.postMessage(message);
const fail = (error: unknown) => {
  post({ type: 'failed', name: (error as Error)?.name ?? 'Error', message: (error as Error)?.message ?? String(error) });
  post({ type: 'done', code: 2 });
  parentPort!.close();
};
startExploreWorker();

try {
  const opened = await openExploreGame(load);
  let playing: { game: ExploreGame; model: ChartModel; options: ExploreOptions } | null = null;
  // The findings this worker has shrunk, kept across batches: each is shrunk once, at its first run here.
  const shrunk = new Set<string>();
  let last = 0;
  // Orders run one at a time: a setup's `--args` module loads before the first batch is played.
  let queue = Promise.resolve();
  const obey = async (order: ExploreOrder) => {
    if (order.type === 'finish') {
      post({ type: 'done', code: 0 });
      parentPort!.close();
    } else if (order.type === 'setup') {
      const play = await loadPlaySources(order.play, opened);
      playing = {
        game: { ...exploreGameOf(opened, load, order.numPlayers), play },
        model: chartOf(opened.game.config, order.numPlayers, opened.runtime),
        options: {
          ...order.options,
          // Announce liveness a few times a second, not on every step: posting costs more than a step.
          onProgress: (run, doing) => {
            const now = Date.now();
            if (now - last < 200) return;
            last = now;
            activity.doing(`${doing} run ${run}`);
          },
        },
      };
      post({ type: 'idle' });
    } else {
      if (!playing) throw new Error('runs were handed out before the setup');
      activity.doing(`playing run ${order.runs[0]}`);
      exploreRuns(
        playing.game,
        playing.model,
        playing.options,
        order.runs,
        (outcome) => {
          activity.doing(`finished run ${outcome.run}`);
          post({ type: 'run', outcome });
        },
        shrunk,
      );
      post({ type: 'idle' });
    }
  };
  parentPort!.on('message', (order: ExploreOrder) => {
    queue = queue.then(() => obey(order)).catch(fail);
  });
  post({ type: 'loaded' });
} catch (error) {
  fail(error);
}
