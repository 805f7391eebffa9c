// The exhaustive search's worker: loads the game itself and searches, so that game code that never
// returns can be stopped by the thread watching it (as explore's workers are).
import { parentPort, workerData } from 'node:worker_threads';
import { exhaustiveSearch, type ExhaustiveOptions } from '../../engine';
import { loadArgGenerators } from './argument-files';
import { withWatchedEnumerate } from './watched-enumerate';
import { routeStdoutToStderr } from '../load/stdout-to-stderr';
import { setActivityReporter, activity } from '../load/activity';
import { workerActivityReporter } from '../host/watched-reporter';
import { openGame } from '../game/open-session';
import type { WorkerMessage } from '../host/watched-worker';
import type { ExhaustiveJob, ExhaustiveWorkerMessage } from './exhaustive-run';

const job = workerData.job as ExhaustiveJob;
const post = (message: ExhaustiveWorkerMessage | WorkerMessage) => parentPort!.postMessage(message);
routeStdoutToStderr();
setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));

try {
  const opened = await openGame(job.file, job.game, job.bgio, undefined, job.open);
  const game = {
    runtime: opened.runtime,
    config: withWatchedEnumerate(opened.game.config),
    numPlayers: job.numPlayers,
    setupData: job.setupData,
    onGameCode: activity.gameCode,
    onGameCodeDone: activity.gameCodeDone,
    locateThrow: opened.module.locateThrow,
  };
  let last = 0;
  const sources = {
    recorded: job.play?.recorded,
    declared: job.play?.declared,
    events: job.play?.events,
    generators: job.play?.argsFile ? await loadArgGenerators(job.play.argsFile, opened.runtime) : undefined,
  };
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
