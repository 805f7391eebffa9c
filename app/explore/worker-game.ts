// What every explore worker (random runs and the exhaustive search) does first: game code's output
// to stderr, liveness reported to the watching thread, and the game opened as explore plays it.
import { workerData } from 'node:worker_threads';
import type { CandidateOptions, ExploreGame } from '../../engine';
import { openGame, type OpenedGame } from '../game/open-session';
import { workerActivityReporter } from '../host/watched-reporter';
import { activity, setActivityReporter } from '../load/activity';
import { routeStdoutToStderr } from '../load/stdout-to-stderr';
import { loadArgGenerators } from './argument-files';
import type { ExploreJob } from './explore-pool';
import { withWatchedEnumerate } from './watched-enumerate';

/** Sets the worker up; call once, before anything else runs. */
export function startExploreWorker(): void {
  routeStdoutToStderr();
  setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));
}

/** Opens the job's game with its `ai.enumerate` watched, and the argument sources the job names. */
export async function openExploreGame(
  job: Pick<ExploreJob, 'file' | 'game' | 'bgio' | 'open' | 'numPlayers' | 'setupData' | 'play'>,
): Promise<{ opened: OpenedGame; game: ExploreGame; sources: CandidateOptions }> {
  const opened = await openGame(job.file, job.game, job.bgio, undefined, job.open);
  const sources: CandidateOptions = {
    recorded: job.play?.recorded,
    declared: job.play?.declared,
    events: job.play?.events,
    generators: job.play?.argsFile ? await loadArgGenerators(job.play.argsFile, opened.runtime) : undefined,
  };
  const game: ExploreGame = {
    runtime: opened.runtime,
    config: withWatchedEnumerate(opened.game.config),
    numPlayers: job.numPlayers,
    setupData: job.setupData,
    onGameCode: activity.gameCode,
    onGameCodeDone: activity.gameCodeDone,
    locateThrow: opened.module.locateThrow,
  };
  return { opened, game, sources };
}
