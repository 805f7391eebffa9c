import { bgio050, findGames, selectGame, Session, type BgioRuntime, type FoundGame } from '../../engine';
import { loadGameModule, type LoadedGameModule } from '../load/load-game-file';

export interface OpenedGame {
  module: LoadedGameModule;
  game: FoundGame;
  runtime: BgioRuntime;
}

export async function openGame(file: string, wanted?: string): Promise<OpenedGame> {
  const runtime = bgio050;
  const module = await loadGameModule(file, runtime);
  const game = selectGame(findGames(module.exports), wanted);
  return { module, game, runtime };
}

export function newSession(opened: OpenedGame, numPlayers: number, seed: string, setupData: unknown): Session {
  return new Session({ runtime: opened.runtime, config: opened.game.config, numPlayers, seed, setupData });
}
