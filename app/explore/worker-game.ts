// What every explore worker (random runs and the exhaustive search) does first: game code's output
// to stderr, liveness reported to the watching thread, and the game opened as explore plays it.
import { workerData } from 'node:worker_threads';
import type { CandidateOptions, ExploreGame } from '../../engine';
import { openGame, type OpenedGame } from '../game/open-session';
import { workerActivityReporter } from '../host/watched-reporter';
import { activity, setActivityReporter } from '../load/activity';
import { routeStdoutToStderr } from '../load/stdout-to-stderr';
import { loadArgGenerators } from './argument-files';
import { declaredArgumentTypesWhenNeeded } from '../game/declared-types';
import type { ExploreLoad, ExplorePlay } from './explore-job';
import { withWatchedEnumerate } from './watched-enumerate';

/** Sets the worker up; call once, before anything else runs. */
export function startExploreWorker(): void {
  routeStdoutToStderr();
  setActivityReporter(workerActivityReporter(workerData.shared as Int32Array));
}

/** Opens the game as the command line located it. */
export function openExploreGame(load: ExploreLoad): Promise<OpenedGame> {
  return openGame(load.file, load.game, load.bgio, undefined, load.open);
}

/** The opened game as explore plays it with `numPlayers`: its `ai.enumerate` watched, game code reported to the watchdog. */
export function exploreGameOf(opened: OpenedGame, load: ExploreLoad, numPlayers: number): ExploreGame {
  return {
    runtime: opened.runtime,
    config: withWatchedEnumerate(opened.game.config),
    numPlayers,
    setupData: load.setupData,
    onGameCode: activity.gameCode,
    onGameCodeDone: activity.gameCodeDone,
    locateThrow: opened.module.locateThrow,
  };
}

/** The argument sources the job names (loading its `--args` module in this thread). */
export async function loadPlaySources(play: ExplorePlay | undefined, opened: OpenedGame): Promise<CandidateOptions> {
  return {
    recorded: play?.recorded,
    declared: play?.declaredTypes ? declaredArgumentTypesWhenNeeded(opened) : undefined,
    events: play?.events,
    generators: play?.argsFile ? await loadArgGenerators(play.argsFile, opened.runtime) : undefined,
  };
}
