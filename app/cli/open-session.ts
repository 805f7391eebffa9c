import { findGames, selectGame, Session, type BgioRuntime, type FlowAction, type FoundGame, type SessionOptions, type StepRecord } from '../../engine';
import type { SandboxOptions } from '../load/load-game-file';
import { activity } from '../host/activity';
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
  const game = selectGame(findGames(module.exports), wanted);
  return { module, game, runtime, releaseReason: reason };
}

export function newSession(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown): Session {
  activity.doing(`creating the game (setup, first phase and turn) for ${numPlayers} players`);
  return new Session({ runtime: opened.runtime, config: opened.game.config, numPlayers, seed, setupData, onGameCode: activity.gameCode, ...sandboxOf(opened) });
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
