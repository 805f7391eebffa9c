import {
  describeAction,
  findGames,
  gameAt,
  giveNameScope,
  GameSelectionError,
  loadRuntime,
  selectGame,
  Session,
  SessionError,
  type BgioRuntime,
  type RandomPlayer,
  type FlowAction,
  type FoundGame,
  type GameLocation,
  type SessionOptions,
  type StepRecord,
} from '../../engine';
import { activity, asGameCode } from '../load/activity';
import { loadGameModule, type LoadOptions, type LoadedGameModule } from '../load/load-game-file';
import { pickRelease, type ReleaseChoice } from '../load/pick-release';
import { preferInstalledCopy } from '../load/installed-copy';

export interface OpenedGame {
  module: LoadedGameModule;
  game: FoundGame;
  runtime: BgioRuntime;
  /** Why this boardgame.io release runs the game. */
  releaseReason: string;
  /** Set when the release was guessed from the code: says so and names the --bgio to try (for errors that may come from the guess). */
  releaseGuess?: string;
  /** How it was opened (to open it again the same way after an edit). */
  options: OpenOptions;
}

/** How to find the game in a real project: bundling options and where the game is kept. */
export type OpenOptions = LoadOptions & GameLocation;

/**
 * Loads a game file on the release it was written for (or the one `bgio` names): the release is
 * chosen from every local file the game imports.
 */
export async function openGame(
  file: string,
  wanted?: string,
  bgio?: string,
  bgioSource?: string,
  options: OpenOptions = {},
): Promise<OpenedGame> {
  activity.doing(`loading ${file}`);
  let choice: ReleaseChoice | undefined;
  let runtime: BgioRuntime | undefined;
  const module = await loadGameModule(
    file,
    async (inputs) => {
      choice = pickRelease(file, bgio, bgioSource, inputs);
      const copy = preferInstalledCopy(file, await loadRuntime(choice.runtime));
      choice = { ...choice, reason: choice.reason + copy.note };
      runtime = copy.runtime;
      return runtime;
    },
    options,
  );
  const game = chooseGame(module, wanted, options);
  giveNameScope(game.config, module.nameScope);
  return {
    module,
    game,
    runtime: runtime!,
    releaseReason: choice!.reason,
    ...(choice!.guess ? { releaseGuess: choice!.guess } : {}),
    options,
  };
}

function chooseGame(module: LoadedGameModule, wanted: string | undefined, location: GameLocation): FoundGame {
  const wantedIsFunction = wanted !== undefined && typeof module.exports[wanted] === 'function';
  if (location.gamePath !== undefined || location.factoryArgs !== undefined || wantedIsFunction)
    return gameAt(module.exports, location, wanted);
  const games = findGames(module.exports);
  if (games.length === 0) {
    const names = Object.keys(module.exports);
    const functions = names.filter((n) => typeof module.exports[n] === 'function');
    const hint = functions.length
      ? `; ${functions.join(', ')} ${functions.length === 1 ? 'is a function' : 'are functions'}: if one returns the game, open it with --game NAME --factory-args '[…]'`
      : '';
    throw new GameSelectionError(
      `no game found in ${module.file}: it exports ${names.length ? names.join(', ') : 'nothing'}, none of them a boardgame.io game ` +
        `(an object with setup, moves, phases or turn); export the game as default or as a named export${hint}; a game kept at a property is opened with --game-path NAME.prop`,
    );
  }
  return selectGame(games, wanted);
}

/** The player count to use when none is given: 2, within the game's minPlayers/maxPlayers. */
export function defaultPlayerCount(game: FoundGame): number {
  const { minPlayers, maxPlayers } = game.config as { minPlayers?: unknown; maxPlayers?: unknown };
  const min = typeof minPlayers === 'number' && minPlayers > 0 ? minPlayers : 1;
  const max = typeof maxPlayers === 'number' && maxPlayers >= min ? maxPlayers : Infinity;
  return Math.min(Math.max(2, min), max);
}

/** The player counts a game accepts (`minPlayers`/`maxPlayers`), as boardgame.io's lobby enforces them. */
export function checkPlayerCount(game: FoundGame, numPlayers: number): void {
  const { minPlayers, maxPlayers } = game.config as { minPlayers?: unknown; maxPlayers?: unknown };
  const min = typeof minPlayers === 'number' ? minPlayers : undefined;
  const max = typeof maxPlayers === 'number' ? maxPlayers : undefined;
  if ((min !== undefined && numPlayers < min) || (max !== undefined && numPlayers > max)) {
    const accepted =
      min !== undefined && max !== undefined
        ? min === max
          ? `exactly ${min}`
          : `${min} to ${max}`
        : min !== undefined
          ? `at least ${min}`
          : `at most ${max}`;
    throw new SessionError(
      `${game.name} is for ${accepted} players (minPlayers/maxPlayers), not ${numPlayers}: choose a count it accepts (--players N)`,
    );
  }
}

export function newSession(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown): Session {
  checkPlayerCount(opened.game, numPlayers);
  activity.doing(`creating the game (setup, first phase and turn) for ${numPlayers} players`);
  try {
    return createSession(opened, numPlayers, seed, setupData);
  } catch (error) {
    // A game that cannot be created on a guessed release may be one written for another.
    if (opened.releaseGuess && error instanceof Error) error.message += `\n  note: ${opened.releaseGuess}`;
    throw error;
  }
}

function createSession(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown): Session {
  return new Session({
    runtime: opened.runtime,
    config: opened.game.config,
    numPlayers,
    seed,
    setupData,
    onGameCode: activity.gameCode,
    onGameCodeDone: activity.gameCodeDone,
    ...sandboxOf(opened),
  });
}

/** The session options that make a session run its game code the way the module was loaded, and name its throws in its own files. */
export function sandboxOf(opened: OpenedGame): Pick<SessionOptions, 'gameRandomness' | 'loadEntropy' | 'locateThrow'> {
  return { gameRandomness: opened.module.gameRandomness, loadEntropy: opened.module.loadEntropy, locateThrow: opened.module.locateThrow };
}

/** A fresh evaluation of the same game (as another process would load it), for `check`. */
export function reloadedConfig(opened: OpenedGame): FoundGame['config'] {
  return chooseGame({ ...opened.module, exports: opened.module.evaluateAgain() }, opened.game.exportName, opened.options).config;
}

/** Dispatches one action, announcing it first so a hang can be reported by step. */
export function dispatchAction(session: Session, action: FlowAction): StepRecord {
  activity.doing(`step ${session.length}: ${describeAction(action)}${'playerID' in action ? ` by player ${action.playerID}` : ''}`);
  return session.dispatch(action);
}

/** The random player's next action; `ai.enumerate` is the game's code, so it is watched as such. */
export function chooseRandom(player: RandomPlayer, session: Session): FlowAction | null {
  try {
    return asGameCode('ai.enumerate (choosing a random action)', () => player.choose(session));
  } catch (error) {
    // Only game code runs here: a throw is the game's `ai.enumerate`, not Flowscope failing.
    const where = session.watchers.locateThrow?.(error);
    throw new SessionError(
      `ai.enumerate threw while choosing a random action after step ${session.lastIndex}${where ? ` (at ${where})` : ''}: ${(error as Error)?.message ?? String(error)}`,
    );
  }
}
