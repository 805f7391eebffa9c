import path from 'node:path';
import { bgio050, findGames, formatReplay, RandomPlayer, REPLAY_FORMAT, REPLAY_VERSION, selectGame, Session } from '../../engine';
import { loadGameModule } from '../load/load-game-file';
import { ROOT } from './ui-session';

/** A long seeded tic-tac-toe session (reset at each game over), as replay text. */
export async function longTicTacToeReplay(steps: number, seed = 'long'): Promise<string> {
  const file = path.join(ROOT, 'fixtures', 'tic-tac-toe', 'game.ts');
  const config = selectGame(findGames((await loadGameModule(file, bgio050)).exports)).config;
  const session = new Session({ runtime: bgio050, config, numPlayers: 2, seed });
  const bot = new RandomPlayer({ seed, restartOnGameOver: true });
  while (session.lastIndex < steps) session.dispatch(bot.choose(session)!);
  return formatReplay({
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    game: { name: 'tic-tac-toe', file, export: 'default' },
    numPlayers: 2,
    seed,
    setupData: null,
    actions: session.actions(),
  });
}
