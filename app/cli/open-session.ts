import { findGames, GameSelectionError, selectGame, Session, type BgioRuntime, type RandomPlayer, type FlowAction, type FoundGame, type SessionOptions, type StepRecord } from '../../engine';
import { activity, asGameCode } from '../host/activity';
import type { SandboxOptions } from '../load/load-game-file';
import { loadGameModule, type LoadedGameModule } from '../load/load-game-file';
import { pickRelease } from '../load/pick-release';
import { describeAction } from './table';

export interface OpenedGame {
  module: LoadedGameModule;
  game: FoundGame;
  runtime: BgioRuntime;
  /** Why this boardgame.io release runs the game. */
  releaseReason: string;
}

/** Loads a game file on the release it was written for (or the one `bgio` names). */
export async function openGame(file: string, wanted?: string, bgio?: string, bgioSource?: string, options: SandboxOptions = {}): Promise<OpenedGame> {
  const { runtime, reason } = pickRelease(file, bgio, bgioSource);
  activity.doing(`loading ${file}`);
  const module = await loadGameModule(file, runtime, options);
  const games = findGames(module.exports);
  if (games.length === 0) {
    const names = Object.keys(module.exports);
    throw new GameSelectionError(
      `no game found in ${module.file}: it exports ${names.length ? names.join(', ') : 'nothing'}, none of them a boardgame.io game ` +
        `(an object with setup, moves, phases or turn); export the game as default or as a named export`,
    );
  }
  const game = selectGame(games, wanted);
  return { module, game, runtime, releaseReason: reason };
}

export function newSession(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown): Session {
  activity.doing(`creating the game (setup, first phase and turn) for ${numPlayers} players`);
  return new Session({ runtime: opened.runtime, config: opened.game.config, numPlayers, seed, setupData, onGameCode: activity.gameCode, onGameCodeDone: activity.gameCodeDone, ...sandboxOf(opened) });
}

/** The session options that make a session run its game code the way the module was loaded. */
export function sandboxOf(opened: OpenedGame): Pick<SessionOptions, 'gameRandomness' | 'loadEntropy'> {
  return { gameRandomness: opened.module.gameRandomness, loadEntropy: opened.module.loadEntropy };
}

/** A fresh evaluation of the same game (as another process would load it), for `check`. */
export function reloadedConfig(opened: OpenedGame): FoundGame['config'] {
  return selectGame(findGames(opened.module.evaluateAgain()), opened.game.exportName).config;
}

/** Dispatches one action, announcing it first so a hang can be reported by step. */
export function dispatchAction(session: Session, action: FlowAction): StepRecord {
  activity.doing(`step ${session.length}: ${describeAction(action)}${'playerID' in action ? ` by player ${action.playerID}` : ''}`);
  return session.dispatch(action);
}

/** The random player's next action; `ai.enumerate` is the game's code, so it is watched as such. */
export function chooseRandom(player: RandomPlayer, session: Session): FlowAction | null {
  return asGameCode('ai.enumerate (choosing a random action)', () => player.choose(session));
}
